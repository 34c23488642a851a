'use client';

import type { DevelopersWords } from '@/lib/surfaces/dashboard/copy/developers';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ApiKeyWithSecret } from '@/lib/merchants/api-keys/contract';
import type { KeyGrant } from '@/lib/access/permissions';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';
import { SelectField, TextField } from '../../../ui/field';
import { CopySecret } from './copy-secret';

/**
 * Creating a key: the secret appears here once, after the step-up code if one is due. The form offers
 * only what the member's role may hand on (`grant`, from the roles table); the verb checks it again.
 */
export function CreateKeyForm({
  mode,
  words,
  shell,
  grant,
}: {
  mode: string;
  words: DevelopersWords;
  shell: ShellWords;
  grant: KeyGrant;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<ApiKeyWithSecret>('createApiKey');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <TextField id="key-name" label={words.key_name} hint={words.key_name_hint} name="name" required maxLength={100} />
      <SelectField
        id="key-scope"
        label={words.scope}
        name="scope"
        defaultValue={grant.fullAccess ? 'FULL_ACCESS' : 'RESTRICTED'}
      >
        {grant.fullAccess && <option value="FULL_ACCESS">{words.full_access}</option>}
        <option value="RESTRICTED">{words.restricted}</option>
      </SelectField>
      {!grant.fullAccess && (
        <p className={styles.hint}>{fill(words.role_keys_only, { permissions: grant.permissions.join(', ') })}</p>
      )}
      <fieldset className={styles.checks}>
        <legend className={styles.label}>{words.permissions}</legend>
        {grant.permissions.map((p) => (
          <label key={p}>
            <input type="checkbox" name={`permission_${p}`} /> {p}
          </label>
        ))}
      </fieldset>
      <TextField id="key-expires" label={words.expires_at} name="expires_at" type="date" />
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
              <CopySecret
                secret={outcome.data.secret_key}
                testId="new-key-secret"
                copy={words.copy_key}
                copied={words.key_copied}
                failed={words.key_copy_failed}
              />
            </>
          ) : null
        }
      />
    </form>
  );
}
