'use client';

import { useState, type ComponentProps, type FormEvent } from 'react';
import { feeFor } from '@/lib/books/fees';
import type { FeeRule } from '@/lib/platform/settings/fee-schedule';
import type { CurrencyCode } from '@/lib/platform/money/currencies';
import { formatMoney } from '@/lib/platform/money/format';
import type { NetworkProvider } from '@/lib/platform/vocabulary';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { minorOf } from '@/lib/surfaces/dashboard/amount-text';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import { NETWORK_LABELS } from './format';
import { MoneyReview, type ReviewFigures } from './review';
import styles from '../ui.module.css';
import { CurrencyField, SelectField, TextField } from '../../../ui/field';

type PayoutType = 'bank_transfer' | 'mobile_money';

/** The API's fields are required unless said otherwise. */
function Field({ required = true, ...field }: ComponentProps<typeof TextField> & { name: string; label: string }) {
  return <TextField required={required} {...field} />;
}

/** The review's figures and who receives it, as typed. */
type PayoutReview = ReviewFigures & { currency: CurrencyCode; recipient: string; account: string };

/**
 * A payout to a third party: a bank account or a mobile money number, given here (the API's
 * recipient_details). As for a withdrawal, the first submit shows the review (the recipient and their
 * account or number as typed, how it is sent, the amount, the fee by the schedule, what leaves the
 * wallet and what arrives); the second sends it, and the action asks for the step-up code as before.
 */
export function PayoutForm({
  mode,
  locale,
  formKey,
  currencies,
  fees,
  digits,
  words,
  shell,
}: {
  mode: string;
  locale: string;
  /** This rendering's key (a new one after each success, when the page is drawn again): a double post pays once. */
  formKey: string;
  currencies: string[];
  fees: FeeRule[];
  digits: Record<string, number>;
  words: MoneyOutWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction('createPayout');
  const [type, setType] = useState<PayoutType>('bank_transfer');
  const [review, setReview] = useState<PayoutReview | null>(null);
  const asksCode = !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');
  const reviewing = review !== null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (review || asksCode) {
      setReview(null);
      onSubmit(event);
      return;
    }
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const currency = text('currency_code') as CurrencyCode;
    const amount = minorOf(text('amount'), digits[currency] ?? 2);
    // An amount the page cannot read goes to the action, which says what is wrong with it.
    if (amount === null || amount <= 0n) {
      onSubmit(event);
      return;
    }
    event.preventDefault();
    const network = NETWORK_LABELS[text('network_provider') as NetworkProvider] ?? '';
    setReview({
      amount,
      fee: feeFor(fees, `payout.${type}`, currency, amount, 'on_top'),
      currency,
      recipient: text('recipient_name'),
      account:
        type === 'bank_transfer'
          ? `${text('bank_name')} ${text('bank_account_number')}`
          : `${network} ${text('mobile_number')}`,
    });
  };

  return (
    // Any change while the review shows takes it away: what is sent is what was reviewed.
    <form ref={formRef} action={dispatch} onSubmit={submit} onChange={() => setReview(null)} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="form_key" value={formKey} />
      <CurrencyField id="payout-currency" label={words.currency} name="currency_code" currencies={currencies} />
      <Field
        id="payout-amount"
        name="amount"
        label={words.amount}
        inputMode="decimal"
        autoComplete="off"
        readOnly={reviewing}
      />
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
      <Field
        id="payout-recipient"
        name="recipient_name"
        label={words.recipient_name}
        maxLength={200}
        readOnly={reviewing}
      />
      {type === 'bank_transfer' ? (
        <>
          <Field
            id="payout-account"
            name="bank_account_number"
            label={words.bank_account_number}
            maxLength={40}
            readOnly={reviewing}
          />
          <Field id="payout-bank" name="bank_name" label={words.bank_name} maxLength={120} readOnly={reviewing} />
          <Field
            id="payout-holder"
            name="account_holder_name"
            label={words.account_holder_name}
            maxLength={200}
            readOnly={reviewing}
          />
          <Field
            id="payout-routing"
            name="bank_routing_number"
            label={words.bank_routing_number}
            required={false}
            maxLength={34}
            readOnly={reviewing}
          />
        </>
      ) : (
        <>
          <Field
            id="payout-mobile"
            name="mobile_number"
            label={words.mobile_number}
            inputMode="tel"
            maxLength={32}
            readOnly={reviewing}
          />
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
        readOnly={reviewing}
      />
      <Field
        id="payout-reason"
        name="payout_reason"
        label={words.payout_reason}
        hint={words.payout_reason_hint}
        maxLength={500}
        readOnly={reviewing}
      />
      <Field id="payout-notes" name="notes" label={words.notes} required={false} maxLength={500} readOnly={reviewing} />
      <StepUpField outcome={outcome} words={shell} />
      {review ? (
        <MoneyReview
          id="payout-review"
          recipient={review.recipient}
          facts={[
            {
              term: type === 'bank_transfer' ? words.review_account : words.review_number,
              value: <bdi>{review.account}</bdi>,
            },
            { term: words.payout_type, value: type === 'bank_transfer' ? words.bank_transfer : words.mobile_money },
          ]}
          figures={review}
          shown={(minor) => formatMoney(minor, review.currency, locale)}
          send={words.pay_submit}
          pending={pending}
          onChange={() => setReview(null)}
          words={words}
        />
      ) : (
        <button type="submit" className={styles.button} disabled={pending}>
          {asksCode ? shell.confirm : words.review_payout}
        </button>
      )}
      {/* While the review shows, an earlier refusal is out of date: it comes back with the next answer. */}
      {!review && <Outcome outcome={outcome} words={shell} success={words.paid} />}
    </form>
  );
}
