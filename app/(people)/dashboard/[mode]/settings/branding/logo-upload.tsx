'use client';

import { useEffect, useState } from 'react';
import type { Branding } from '@/lib/merchants/branding/contract';
import { MAX_LOGO_BYTES, type LogoRefusal } from '@/lib/merchants/branding/logo-rules';
import type { BrandingWords } from '@/lib/surfaces/dashboard/copy/branding';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, useDashboardAction } from '../../action-form';
import { StepUpInput, SubmitOrAsk, useAskFirst } from '../../../../ui/action-form';
import styles from '../../ui.module.css';
import layout from './branding.module.css';

const REFUSALS: readonly LogoRefusal[] = ['empty', 'too_large', 'not_an_image'];

/** The file's bytes in base64 (the dashboard's actions read text fields; the server decides the type). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Upload a logo (PNG, JPEG or WebP, checked again by the server from its bytes) or remove the one
 * uploaded. Each is a form of its own beside the branding form; `onChange` gives the page the served
 * address (or '' once removed), so the preview follows at once.
 */
export function LogoUpload({
  mode,
  words,
  shell,
  uploaded,
  onChange,
}: {
  mode: string;
  words: BrandingWords;
  shell: ShellWords;
  uploaded: string;
  onChange: (url: string) => void;
}) {
  const upload = useDashboardAction<Branding>('uploadLogo');
  const remove = useDashboardAction<Branding>('removeLogo');
  // Undone only by uploading the file again: asked first.
  const askRemove = useAskFirst(shell.confirm_question, remove.outcome, remove.onSubmit);
  const [file, setFile] = useState('');
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    if (upload.outcome?.ok) onChange(upload.outcome.data.logo_url ?? '');
  }, [upload.outcome]);
  useEffect(() => {
    if (remove.outcome?.ok) onChange('');
  }, [remove.outcome]);

  const refused =
    upload.outcome && !upload.outcome.ok ? upload.outcome.fields.find((f) => f.field === 'logo_file') : null;
  const reason = tooLarge ? 'too_large' : REFUSALS.find((r) => r === refused?.message);

  return (
    <div className={layout.logoUpload}>
      <form ref={upload.formRef} action={upload.dispatch} onSubmit={upload.onSubmit} className={styles.form}>
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="logo_file" value={file} />
        <label className={styles.label} htmlFor="logo_file">
          {words.logo_file}
        </label>
        <span className={styles.hint} id="logo_file-hint">
          {words.logo_file_hint}
        </span>
        {/* No name: the bytes go in `logo_file` above, as text. */}
        <input
          className={styles.input}
          id="logo_file"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={`logo_file-hint${reason ? ' logo_file-problem' : ''}`}
          aria-invalid={reason ? true : undefined}
          onChange={async (event) => {
            const chosen = event.target.files?.[0];
            setTooLarge(!!chosen && chosen.size > MAX_LOGO_BYTES);
            setFile(chosen && chosen.size <= MAX_LOGO_BYTES ? await readAsBase64(chosen) : '');
          }}
        />
        {reason && (
          <p className={styles.problem} id="logo_file-problem" role="alert">
            {words[`logo_refused_${reason}`]}
          </p>
        )}
        <StepUpInput outcome={upload.outcome} words={shell} idPrefix="logo-upload" />
        <button type="submit" className={styles.secondary} disabled={upload.pending || !file}>
          {words.logo_upload}
        </button>
        {/* Each success says what is true now: an upload's, until the logo is removed; a removal's, until the next upload. */}
        {!reason && !(upload.outcome?.ok && !uploaded) && (
          <Outcome outcome={upload.outcome} words={shell} success={words.logo_uploaded} />
        )}
      </form>
      {uploaded && (
        <form ref={remove.formRef} action={remove.dispatch} onSubmit={askRemove.submit} className={styles.form}>
          <input type="hidden" name="mode" value={mode} />
          <p className={styles.hint}>{words.logo_in_use_uploaded}</p>
          <StepUpInput outcome={remove.outcome} words={shell} idPrefix="logo-remove" />
          <SubmitOrAsk
            asked={askRemove}
            confirm={shell.confirm_question}
            submit={words.logo_remove}
            variant="secondary"
            pending={remove.pending}
            outcome={remove.outcome}
            words={shell}
          />
        </form>
      )}
      {!(remove.outcome?.ok && uploaded) && (
        <Outcome outcome={remove.outcome} words={shell} success={words.logo_removed} />
      )}
    </div>
  );
}
