'use client';

import { useState, type ComponentProps } from 'react';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import { NETWORK_LABELS } from './format';
import styles from '../ui.module.css';
import { CurrencyField, SelectField, TextField } from '../../../ui/field';

type PayoutType = 'bank_transfer' | 'mobile_money';

/** The API's fields are required unless said otherwise. */
function Field({ required = true, ...field }: ComponentProps<typeof TextField> & { name: string; label: string }) {
  return <TextField required={required} {...field} />;
}

/** A payout to a third party: a bank account or a mobile money number, given here (the API's recipient_details). */
export function PayoutForm({
  mode,
  formKey,
  currencies,
  words,
  shell,
}: {
  mode: string;
  /** This rendering's key (a new one after each success, when the page is drawn again): a double post pays once. */
  formKey: string;
  currencies: string[];
  words: MoneyOutWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('createPayout');
  const [type, setType] = useState<PayoutType>('bank_transfer');
  const asksCode = !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      <CurrencyField id="payout-currency" label={words.currency} name="currency_code" currencies={currencies} />
      <Field id="payout-amount" name="amount" label={words.amount} inputMode="decimal" autoComplete="off" />
      <SelectField
        id="payout-type"
        label={words.payout_type}
        name="payout_type"
        value={type}
        onChange={(e) => setType(e.target.value as PayoutType)}
      >
        <option value="bank_transfer">{words.bank_transfer}</option>
        <option value="mobile_money">{words.mobile_money}</option>
      </SelectField>
      <Field id="payout-recipient" name="recipient_name" label={words.recipient_name} maxLength={200} />
      {type === 'bank_transfer' ? (
        <>
          <Field id="payout-account" name="bank_account_number" label={words.bank_account_number} maxLength={40} />
          <Field id="payout-bank" name="bank_name" label={words.bank_name} maxLength={120} />
          <Field id="payout-holder" name="account_holder_name" label={words.account_holder_name} maxLength={200} />
          <Field
            id="payout-routing"
            name="bank_routing_number"
            label={words.bank_routing_number}
            required={false}
            maxLength={34}
          />
        </>
      ) : (
        <>
          <Field id="payout-mobile" name="mobile_number" label={words.mobile_number} inputMode="tel" maxLength={32} />
          <SelectField id="payout-network" label={words.network_provider} name="network_provider">
            {Object.entries(NETWORK_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <Field
        id="payout-email"
        name="recipient_email"
        label={words.recipient_email}
        type="email"
        required={false}
        maxLength={254}
      />
      <Field
        id="payout-reason"
        name="payout_reason"
        label={words.payout_reason}
        hint={words.payout_reason_hint}
        maxLength={500}
      />
      <Field id="payout-notes" name="notes" label={words.notes} required={false} maxLength={500} />
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={styles.button} disabled={pending}>
        {asksCode ? shell.confirm : words.pay_submit}
      </button>
      <Outcome outcome={outcome} words={shell} success={words.paid} />
    </form>
  );
}
