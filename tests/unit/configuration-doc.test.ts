import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, SETTING_DOCS } from '@/lib/platform/config';
import { CONFIGURATION_DOC_PATH, renderConfigurationDoc } from '@/scripts/lib/configuration-doc';

const root = path.resolve(import.meta.dirname, '../..');

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from the configuration schema (run it after changing a setting)', () => {
    const committed = fs.readFileSync(path.join(root, CONFIGURATION_DOC_PATH), 'utf8');
    expect(committed).toBe(renderConfigurationDoc());
  });

  it('gives every setting a row, in the schema order', () => {
    const rows = [...renderConfigurationDoc().matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(rows.slice(0, Object.keys(configSchema.shape).length)).toEqual(Object.keys(configSchema.shape));
  });

  it('says what every setting means, in a sentence', () => {
    for (const [name, doc] of Object.entries(SETTING_DOCS)) expect(doc.meaning, name).toMatch(/^[`A-Z].*\.$/s);
  });
});
