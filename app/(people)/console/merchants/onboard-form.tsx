'use client';

import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import type { OperatorDataOf } from '@/lib/surfaces/console/actions';
import { Outcome, StepUpField, useConsoleAction, wantsCode } from '../action-form';
import styles from '../../dashboard/[mode]/ui.module.css';
import { SelectField, TextField } from '../../ui/field';

const KYB = ['unverified', 'pending', 'verified', 'rejected'] as const;

/** Onboarding: the operator API's create input; the first key's secret is shown here once. */
export function OnboardForm({ words }: { words: ConsoleWords }) {
  const { outcome, pending, formRef, onSubmit, dispatch } =
    useConsoleAction<OperatorDataOf<'createMerchant'>>('createMerchant');
  const invalid = (field: string) =>
    outcome && !outcome.ok && outcome.fields.some((f) => f.field === field) ? true : undefined;
  const typed = outcome && !outcome.ok ? outcome.values : undefined;
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <TextField
        id="onboard-name"
        label={words.onboard_name}
        name="name"
        required
        maxLength={200}
        autoComplete="organization"
        defaultValue={typed?.name}
        aria-invalid={invalid('name')}
      />
      <TextField
        id="onboard-email"
        label={words.onboard_email}
        name="email"
        type="email"
        required
        autoComplete="email"
        defaultValue={typed?.email}
        aria-invalid={invalid('email')}
      />
      <SelectField id="onboard-kyb" label={words.kyb_status} name="kyb_status" defaultValue={typed?.kyb_status}>
        {KYB.map((k) => (
          <option key={k} value={k}>
            {words[`kyb_${k}`]}
          </option>
        ))}
      </SelectField>
      <StepUpField outcome={outcome} words={words} idPrefix="onboard" />
      <button type="submit" className={styles.button} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : words.onboard_submit}
      </button>
      <Outcome
        outcome={outcome}
        words={words}
        success={
          outcome?.ok ? (
            <>
              <bdi>{outcome.data.merchant.name}</bdi>: {words.onboarded}{' '}
              <code className={styles.secret} data-testid="new-merchant-key">
                {outcome.data.api_key.secret_key}
              </code>
            </>
          ) : null
        }
      />
    </form>
  );
}
