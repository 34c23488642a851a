'use client';

import { useState } from 'react';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, StepUpField, useDashboardAction } from '../../action-form';
import { NETWORK_LABELS } from '../format';
import styles from '../../ui.module.css';
import { CurrencyField, SelectField, TextField } from '../../../../ui/field';

type AccountType = 'bank_account' | 'mobile_money';

/** The API's text fields are required unless said otherwise, and nothing to fill in from a browser's memory. */
function Text({
  required = true,
  ...field
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  return <TextField required={required} autoComplete="off" {...field} />;
}

/** A bank or mobile money account of the merchant's own, with the fields the API's create input takes for its type. */
export function AddAccountForm({
  mode,
  currencies,
  words,
  shell,
}: {
  mode: string;
  currencies: readonly string[];
  words: MoneyOutWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('addPaymentAccount');
  const [type, setType] = useState<AccountType>('bank_account');
  const asksCode = !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <SelectField
        id="account-type"
        label={words.account_type}
        name="account_type"
        value={type}
        onChange={(e) => setType(e.target.value as AccountType)}
      >
        <option value="bank_account">{words.bank_account}</option>
        <option value="mobile_money">{words.mobile_money}</option>
      </SelectField>
      <CurrencyField id="account-currency" label={words.currency} name="currency_code" currencies={currencies} />
      {type === 'bank_account' ? (
        <>
          <Text id="account-number" name="account_number" label={words.account_number} />
          <Text id="account-bank" name="bank_name" label={words.bank_name} />
          <Text id="account-holder" name="account_holder_name" label={words.account_holder_name} />
          <Text id="account-routing" name="bank_routing_number" label={words.bank_routing_number} required={false} />
        </>
      ) : (
        <>
          <Text id="account-phone" name="phone_number" label={words.phone_number} hint={words.phone_hint} />
          <SelectField id="account-network" label={words.network_provider} name="network_provider">
            {Object.entries(NETWORK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <label>
        <input type="checkbox" name="is_primary" /> {words.is_primary}
      </label>
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={styles.button} disabled={pending}>
        {asksCode ? shell.confirm : words.add_account_submit}
      </button>
      <Outcome outcome={outcome} words={shell} success={words.added} />
    </form>
  );
}
