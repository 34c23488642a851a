'use client';

import type { DevelopersWords } from '@/lib/surfaces/dashboard/copy/developers';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ApiKeyWithSecret } from '@/lib/merchants/api-keys/contract';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';

const PERMISSIONS = ['read', 'write', 'checkout', 'webhook'] as const;

/** Creating a key: the secret appears here once, after the step-up code if one is due. */
export function CreateKeyForm({ mode, words, shell }: { mode: string; words: DevelopersWords; shell: ShellWords }) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<ApiKeyWithSecret>('createApiKey');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor="key-name">
          {words.key_name}
        </label>
        <span className={styles.hint} id="key-name-hint">
          {words.key_name_hint}
        </span>
        <input
          className={styles.input}
          id="key-name"
          name="name"
          required
          maxLength={100}
          aria-describedby="key-name-hint"
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="key-scope">
          {words.scope}
        </label>
        <select className={styles.input} id="key-scope" name="scope" defaultValue="FULL_ACCESS">
          <option value="FULL_ACCESS">{words.full_access}</option>
          <option value="RESTRICTED">{words.restricted}</option>
        </select>
      </div>
      <fieldset className={styles.checks}>
        <legend className={styles.label}>{words.permissions}</legend>
        {PERMISSIONS.map((p) => (
          <label key={p}>
            <input type="checkbox" name={`permission_${p}`} /> {p}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="key-expires">
          {words.expires_at}
        </label>
        <input className={styles.input} id="key-expires" name="expires_at" type="date" />
      </div>
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={styles.button} disabled={pending}>
        {outcome && !outcome.ok && outcome.code === 'step_up_required' ? shell.confirm : words.create_submit}
      </button>
      <Outcome
        outcome={outcome}
        words={shell}
        success={
          outcome?.ok ? (
            <>
              {words.created_secret}
              <code className={styles.secret} data-testid="new-key-secret">
                {outcome.data.secret_key}
              </code>
            </>
          ) : null
        }
      />
    </form>
  );
}
