'use client';

import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { fill } from '@/lib/surfaces/dashboard/copy';
import {
  DASHBOARD_CHECKOUT_LIFETIME_MINUTES,
  DASHBOARD_CHECKOUT_LIFETIMES,
} from '@/lib/surfaces/dashboard/actions/checkout-lifetimes';
import type { CheckoutPublic } from '@/lib/checkout/contract';
import type { CheckoutsWords } from '@/lib/surfaces/dashboard/copy/checkouts';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, useDashboardAction } from '../action-form';
import { CopyLink } from './copy-link';
import ui from '../ui.module.css';
import { CurrencyField, Field, SelectField, TextField } from '../../../ui/field';

/** A moment in the reader's language and zone, with the zone named. */
const dateTime = (locale: string, at: Date | string) =>
  new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    // dateStyle cannot be combined with timeZoneName (a RangeError).
    timeZoneName: 'short',
  }).format(new Date(at));

/** A text field of the form, marked invalid when the last refusal named it. */
function Input({
  name,
  invalid,
  ...field
}: { name: string; label: string; hint?: string; invalid: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return <TextField id={`checkout-${name}`} name={name} aria-invalid={invalid || undefined} {...field} />;
}

/**
 * A payment link made by hand: what the API's create takes (amount, currency, the customer, a
 * description, a lifetime, metadata). After it is made, its link is shown with a copy button.
 */
export function CreateCheckoutForm({
  mode,
  locale,
  currencies,
  words,
  shell,
}: {
  mode: string;
  locale: string;
  currencies: readonly string[];
  words: CheckoutsWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<CheckoutPublic>('createCheckout');
  const named = new Set(outcome && !outcome.ok ? outcome.fields.map((f) => f.field) : []);
  const [lifetime, setLifetime] = useState<number>(DASHBOARD_CHECKOUT_LIFETIME_MINUTES);
  // Computed in the browser, after the first render: the server's clock and zone are not the reader's.
  const [expiresPreview, setExpiresPreview] = useState('');
  useEffect(() => {
    const at = new Date(Date.now() + lifetime * 60_000);
    setExpiresPreview(fill(words.expires_preview, { date: dateTime(locale, at) }));
  }, [lifetime, locale, words.expires_preview]);
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={ui.form}>
      <input type="hidden" name="mode" value={mode} />
      <Input
        name="customer_email"
        label={words.customer_email}
        type="email"
        autoComplete="off"
        required
        maxLength={254}
        invalid={named.has('customer_email')}
      />
      <Input
        name="amount"
        label={words.amount}
        hint={words.amount_hint}
        inputMode="decimal"
        autoComplete="off"
        required
        invalid={named.has('amount')}
      />
      <CurrencyField
        id="checkout-currency_code"
        label={words.currency}
        name="currency_code"
        aria-invalid={named.has('currency_code') || undefined}
        currencies={currencies}
      />
      <Input
        name="description"
        label={words.description}
        hint={words.description_hint}
        maxLength={500}
        invalid={named.has('description')}
      />
      <Input name="customer_name" label={words.customer_name} maxLength={200} invalid={named.has('customer_name')} />
      <Input
        name="customer_phone"
        label={words.customer_phone}
        type="tel"
        autoComplete="off"
        invalid={named.has('customer_phone')}
      />
      <SelectField
        id="checkout-expires_in_minutes"
        label={words.expires_in_minutes}
        hint={words.expires_hint}
        name="expires_in_minutes"
        value={lifetime}
        onChange={(e) => setLifetime(Number(e.target.value))}
        aria-invalid={named.has('expires_in_minutes') || undefined}
      >
        {DASHBOARD_CHECKOUT_LIFETIMES.map((minutes) => (
          <option key={minutes} value={minutes}>
            {words[`lifetime_${minutes}`]}
          </option>
        ))}
      </SelectField>
      <p className={ui.hint} data-testid="expiry-preview" aria-live="polite">
        {expiresPreview}
      </p>
      <Field id="checkout-meta_data" label={words.meta_data} hint={words.meta_data_hint}>
        <textarea
          className={ui.input}
          id="checkout-meta_data"
          name="meta_data"
          rows={3}
          aria-describedby="checkout-meta_data-hint"
          aria-invalid={[...named].some((f) => f.startsWith('meta_data')) || undefined}
        />
      </Field>
      <button type="submit" className={ui.button} disabled={pending}>
        {words.create_submit}
      </button>
      <Outcome
        outcome={outcome}
        words={shell}
        success={
          outcome?.ok ? (
            <>
              {words.created_link} {fill(words.created_expires, { date: dateTime(locale, outcome.data.expires_at) })}{' '}
              <a className={ui.link} href={`/dashboard/${mode}/checkouts/${outcome.data.id}`}>
                {words.open_created} <span className={ui.mono}>{outcome.data.payment_reference}</span>
              </a>
            </>
          ) : null
        }
      />
      {outcome?.ok && (
        <CopyLink
          id="created-checkout-link"
          url={outcome.data.checkout_url}
          label={words.link}
          copy={words.copy}
          copied={words.copied}
          failed={words.copy_failed}
        />
      )}
    </form>
  );
}
