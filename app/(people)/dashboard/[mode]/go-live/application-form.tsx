'use client';

import { useState } from 'react';
import type { GoLiveWords } from '@/lib/surfaces/dashboard/copy/go-live';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { GoLiveApplication } from '@/lib/operator/go-live/application';
import { Field, SelectField, TextField } from '../../../ui/field';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import { NETWORK_LABELS } from '../money-out/format';
import { wantsCode } from '../../../ui/action-form';
import styles from '../ui.module.css';

type Values = Partial<Pick<GoLiveApplication, keyof GoLiveApplication>>;

/**
 * The application's fields, saved as a draft as often as the owner likes (nothing is checked for
 * completeness until it is sent). The settlement account asks what its kind needs, as the payment
 * accounts' form does. What was typed stays after a save or a refusal.
 */
export function ApplicationForm({
  mode,
  words,
  shell,
  values,
  currencies,
}: {
  mode: string;
  words: GoLiveWords;
  shell: ShellWords;
  values: Values;
  currencies: readonly string[];
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('saveGoLive', { resetOnSuccess: false });
  const [type, setType] = useState(values.settlement_account_type ?? 'bank_account');
  const text = (name: keyof Values & keyof GoLiveWords, extra: { required?: boolean; hint?: string } = {}) => (
    <TextField
      id={`golive-${name}`}
      name={name}
      label={words[name]}
      hint={extra.hint}
      defaultValue={(values[name] as string | null) ?? ''}
    />
  );
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form} aria-label={words.business}>
      <input type="hidden" name="mode" value={mode} />
      {text('legal_name')}
      {text('trading_name')}
      {text('registration_number', { hint: words.registration_hint })}
      {text('country')}
      {text('business_address')}
      {text('website')}
      <Field id="golive-business_description" label={words.business_description}>
        <textarea
          className={styles.input}
          id="golive-business_description"
          name="business_description"
          maxLength={2000}
          rows={3}
          defaultValue={values.business_description ?? ''}
        />
      </Field>
      <h3 className={styles.sectionTitle}>{words.owner}</h3>
      {text('owner_name')}
      {text('owner_email')}
      {text('owner_phone')}
      <h3 className={styles.sectionTitle}>{words.settlement}</h3>
      <p className={styles.hint}>{words.settlement_hint}</p>
      <SelectField
        id="golive-settlement_currency_code"
        name="settlement_currency_code"
        label={words.settlement_currency_code}
        defaultValue={values.settlement_currency_code ?? ''}
      >
        <option value="">{words.choose}</option>
        {currencies.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="golive-settlement_account_type"
        name="settlement_account_type"
        label={words.settlement_account_type}
        value={type}
        onChange={(e) => setType(e.target.value as typeof type)}
      >
        <option value="bank_account">{words.bank_account}</option>
        <option value="mobile_money">{words.mobile_money}</option>
      </SelectField>
      {text('account_holder_name')}
      {type === 'bank_account' ? (
        <>
          {text('bank_name')}
          {text('account_number')}
        </>
      ) : (
        <>
          {text('phone_number')}
          <SelectField
            id="golive-network_provider"
            name="network_provider"
            label={words.network_provider}
            defaultValue={values.network_provider ?? ''}
          >
            <option value="">{words.choose}</option>
            {Object.entries(NETWORK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={styles.button} disabled={pending}>
        {wantsCode(outcome) ? shell.confirm : words.save}
      </button>
      <Outcome outcome={outcome} words={shell} success={words.saved} />
    </form>
  );
}
