'use client';

import type { GoLiveWords } from '@/lib/surfaces/dashboard/copy/go-live';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { ActionForm } from '../action-form';
import styles from '../ui.module.css';

/**
 * A document goes up on its own (one file per post keeps the page's body limit at one document): the
 * browser's list of kinds only helps choosing; the server decides what the file is from its bytes.
 */
export function UploadForm({ mode, words, shell }: { mode: string; words: GoLiveWords; shell: ShellWords }) {
  return (
    <ActionForm mode={mode} name="uploadGoLiveDocument" words={shell} submit={words.upload} success={words.uploaded}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="golive-document">
          {words.document}
        </label>
        <span className={styles.hint} id="golive-document-hint">
          {words.documents_hint}
        </span>
        <input
          className={styles.input}
          id="golive-document"
          type="file"
          name="document"
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          aria-describedby="golive-document-hint"
          required
        />
      </div>
    </ActionForm>
  );
}

export function RemoveForm({
  mode,
  words,
  shell,
  id,
  name,
}: {
  mode: string;
  words: GoLiveWords;
  shell: ShellWords;
  id: string;
  name: string;
}) {
  return (
    <ActionForm
      mode={mode}
      name="removeGoLiveDocument"
      words={shell}
      hidden={{ document_id: id }}
      submit={
        <>
          {words.remove} <span className={styles.visuallyHidden}>{name}</span>
        </>
      }
      success={words.removed}
      variant="secondary"
      // Undone only by finding and uploading the file again: asked first.
      confirm={shell.confirm_question}
      inline
    />
  );
}

export function SubmitForm({ mode, words, shell }: { mode: string; words: GoLiveWords; shell: ShellWords }) {
  return <ActionForm mode={mode} name="submitGoLive" words={shell} submit={words.submit} success={words.submitted} />;
}
