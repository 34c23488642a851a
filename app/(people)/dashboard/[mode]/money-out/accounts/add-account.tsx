'use client';

import { useState } from 'react';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, StepUpField, useDashboardAction } from '../../action-form';
import { NETWORK_LABELS } from '../format';
import styles from '../../ui.module.css';

type AccountType = 'bank_account' | 'mobile_money';

function Text({
  id,
  name,
  label,
  hint,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <input
        className={styles.input}
        id={id}
        name={name}
        required={required}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
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
      <div className={styles.field}>
        <label className={styles.label} htmlFor="account-type">
          {words.account_type}
        </label>
        <select
          className={styles.input}
          id="account-type"
          name="account_type"
          value={type}
          onChange={(e) => setType(e.target.value as AccountType)}
        >
          <option value="bank_account">{words.bank_account}</option>
          <option value="mobile_money">{words.mobile_money}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="account-currency">
          {words.currency}
        </label>
        <select className={styles.input} id="account-currency" name="currency_code">
          {currencies.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </div>
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
          <div className={styles.field}>
            <label className={styles.label} htmlFor="account-network">
              {words.network_provider}
            </label>
            <select className={styles.input} id="account-network" name="network_provider">
              {Object.entries(NETWORK_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
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
