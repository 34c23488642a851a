/**
 * A form's files as text, so every action keeps reading plain form values (and its generic tests
 * keep posting them): a file field becomes its bytes in base64, and `<field>_name` the name it had
 * (shown only: what a file is comes from its bytes). A file input left empty becomes "". The body's
 * size was bounded before this runs (lib/platform/http/page-guard.ts).
 */
export async function withFilesAsText(form: FormData): Promise<FormData> {
  const entries = [...form.entries()];
  if (entries.every(([, value]) => typeof value === 'string')) return form;
  const read = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      read.append(name, value);
      continue;
    }
    read.append(name, value.size ? Buffer.from(await value.arrayBuffer()).toString('base64') : '');
    read.append(`${name}_name`, value.name);
  }
  return read;
}
