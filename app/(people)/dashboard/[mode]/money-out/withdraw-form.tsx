'use client';

import { useState } from 'react';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';
import { SelectField, TextField } from '../../../ui/field';

export interface AccountChoice {
  id: string;
  currency: string;
  label: string;
}

/** A withdrawal to one of the merchant's active accounts; its currency is the account's. */
export function WithdrawForm({
  mode,
  formKey,
  accounts,
  words,
  shell,
}: {
  mode: string;
  /** This rendering's key (a new one after each success, when the page is drawn again): a double post pays once. */
  formKey: string;
  accounts: AccountChoice[];
  words: MoneyOutWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('createWithdrawal');
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const currency = accounts.find((a) => a.id === accountId)?.currency ?? accounts[0]?.currency ?? '';
  const asksCode = !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      <input type="hidden" name="currency_code" value={currency} />
      <SelectField
        id="withdraw-account"
        label={words.to_account}
        name="payment_account_id"
        value={accountId}
        onChange={(e) => setAccountId(e.target.value)}
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.label}
          </option>
        ))}
      </SelectField>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="withdraw-amount">
          {words.amount} ({currency})
        </label>
        <input
          className={styles.input}
          id="withdraw-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
        />
      </div>
      <TextField id="withdraw-notes" label={words.notes} name="notes" maxLength={500} />
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={styles.button} disabled={pending}>
        {asksCode ? shell.confirm : words.withdraw_submit}
      </button>
      <Outcome outcome={outcome} words={shell} success={words.withdrawn} />
    </form>
  );
}
