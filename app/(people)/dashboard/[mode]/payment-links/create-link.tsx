'use client';

import { useState } from 'react';
import type { PaymentLinkView } from '@/lib/checkout/links/contract';
import type { PaymentLinksWords } from '@/lib/surfaces/dashboard/copy/payment-links';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, useDashboardAction } from '../action-form';
import { CurrencyField, TextField } from '../../../ui/field';
import ui from '../ui.module.css';
import styles from './links.module.css';

/** Make a payment link: what it is for, a fixed amount or the customer's choice, and its limits. */
export function CreatePaymentLinkForm({
  mode,
  currencies,
  words,
  shell,
}: {
  mode: string;
  currencies: readonly string[];
  words: PaymentLinksWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<PaymentLinkView>('createPaymentLink');
  const [kind, setKind] = useState<'fixed' | 'open'>('fixed');
  const named = new Set(outcome && !outcome.ok ? outcome.fields.map((f) => f.field) : []);
  const invalid = (name: string) => named.has(name) || undefined;
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={ui.form}>
      <input type="hidden" name="mode" value={mode} />
      <TextField
        id="link-description"
        name="description"
        label={words.description}
        hint={words.description_hint}
        maxLength={500}
        required
        aria-invalid={invalid('description')}
      />
      <fieldset className={styles.group}>
        <legend className={ui.label}>{words.amount_kind}</legend>
        {(['fixed', 'open'] as const).map((k) => (
          <label key={k} className={styles.check}>
            <input
              type="radio"
              name="amount_kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              data-testid={`amount-kind-${k}`}
            />
            {k === 'fixed' ? words.amount_fixed : words.amount_open}
          </label>
        ))}
      </fieldset>
      {kind === 'fixed' ? (
        <TextField
          id="link-amount"
          name="amount"
          label={words.amount}
          hint={words.amount_hint}
          inputMode="decimal"
          autoComplete="off"
          required
          aria-invalid={invalid('amount')}
        />
      ) : (
        <>
          <TextField
            id="link-min_amount"
            name="min_amount"
            label={words.min_amount}
            hint={words.bounds_hint}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={invalid('min_amount')}
          />
          <TextField
            id="link-max_amount"
            name="max_amount"
            label={words.max_amount}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={invalid('max_amount')}
          />
        </>
      )}
      <CurrencyField
        id="link-currency_code"
        label={words.currency}
        name="currency_code"
        aria-invalid={invalid('currency_code')}
        currencies={currencies}
      />
      <label className={styles.check}>
        <input type="checkbox" name="collect_customer_email" /> {words.collect_email}
      </label>
      <TextField
        id="link-ends_at"
        name="ends_at"
        type="date"
        label={words.ends_at}
        hint={words.ends_hint}
        aria-invalid={invalid('ends_at')}
      />
      <TextField
        id="link-max_payments"
        name="max_payments"
        label={words.max_payments}
        hint={words.max_payments_hint}
        inputMode="numeric"
        aria-invalid={invalid('max_payments')}
      />
      <button type="submit" className={ui.button} disabled={pending}>
        {words.create_submit}
      </button>
      <Outcome
        outcome={outcome}
        words={shell}
        success={
          outcome?.ok ? (
            <>
              {words.created}{' '}
              <a
                className={ui.link}
                href={`/dashboard/${mode}/payment-links/${outcome.data.id}`}
                data-testid="open-link"
              >
                {words.open_created}
              </a>
            </>
          ) : null
        }
      />
    </form>
  );
}
