'use client';

import { useState, type FormEvent } from 'react';
import type { CheckoutsWords } from '@/lib/surfaces/dashboard/copy/checkouts';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { minorOf } from '@/lib/surfaces/dashboard/amount-text';
import { Outcome, StepUpField, useDashboardAction, wantsCodeOf } from '../../action-form';
import { TextField } from '../../../../ui/field';
import ui from '../../ui.module.css';
import { formatMoney } from '@/lib/platform/money/format';
import type { CurrencyCode } from '@/lib/platform/money/currencies';

/**
 * A refund: part of what is left (an amount, required) or, chosen explicitly, the whole remaining
 * amount. Before it is sent the form says what goes back and what stays refundable; the action then
 * asks for the step-up code as every money form does. The action refuses an empty amount that was
 * not the explicit choice, so the page and the rule agree.
 */
export function RefundForm({
  mode,
  locale,
  checkoutId,
  formKey,
  currency,
  digits,
  leftMinor,
  words,
  shell,
}: {
  mode: string;
  locale: string;
  checkoutId: string;
  formKey: string;
  currency: string;
  digits: number;
  /** What is left to refund, in minor units (as text: a bigint does not cross to the browser). */
  leftMinor: string;
  words: CheckoutsWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit } = useDashboardAction('refundCheckout');
  const [whole, setWhole] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const left = BigInt(leftMinor);
  const shown = (minor: bigint) => formatMoney(minor, currency as CurrencyCode, locale);

  const review = (event: FormEvent<HTMLFormElement>) => {
    if (asking !== null || wantsCodeOf(outcome)) {
      setAsking(null);
      onSubmit(event);
      return;
    }
    const typed = whole ? left : minorOf(String(new FormData(event.currentTarget).get('amount') ?? ''), digits);
    // An amount the page cannot read, or more than is left, goes to the action, which says why not.
    if (typed === null || typed <= 0n || typed > left) {
      onSubmit(event);
      return;
    }
    event.preventDefault();
    setAsking(
      whole
        ? fill(words.refund_question_whole, { amount: shown(left) })
        : fill(words.refund_question, { amount: shown(typed), left: shown(left - typed) }),
    );
  };
  const amountText = (form: HTMLFormElement | null) =>
    whole ? left : minorOf(String(form ? (new FormData(form).get('amount') ?? '') : ''), digits);
  const confirmWords = () => {
    const typed = amountText(formRef.current);
    return typed === null ? words.refund_submit : fill(words.refund_confirm, { amount: shown(typed) });
  };

  return (
    <form ref={formRef} onSubmit={review} className={ui.form}>
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="checkout_id" value={checkoutId} />
      <input type="hidden" name="form_key" value={formKey} />
      <fieldset className={ui.checks}>
        <legend className={ui.label}>{words.refund_how}</legend>
        <label>
          <input
            type="radio"
            name="refund_whole"
            value="no"
            checked={!whole}
            onChange={() => {
              setWhole(false);
              setAsking(null);
            }}
          />{' '}
          {words.refund_part}
        </label>
        <label>
          <input
            type="radio"
            name="refund_whole"
            value="yes"
            checked={whole}
            onChange={() => {
              setWhole(true);
              setAsking(null);
            }}
          />{' '}
          {fill(words.refund_whole, { left: shown(left) })}
        </label>
      </fieldset>
      {!whole && (
        <TextField
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          label={words.refund_amount}
          hint={fill(words.refund_amount_hint, { left: shown(left) })}
          required
          readOnly={asking !== null}
        />
      )}
      <TextField
        id="refund-reason"
        name="reason"
        label={words.refund_reason}
        hint={words.refund_reason_hint}
        required
        maxLength={500}
        readOnly={asking !== null}
      />
      <StepUpField outcome={outcome} words={shell} />
      {asking !== null ? (
        <div className={ui.ask} role="group" aria-label={asking}>
          <p className={ui.askQuestion} role="status" data-testid="refund-question">
            {asking}
          </p>
          <div className={ui.row}>
            <button type="submit" className={ui.danger} disabled={pending} autoFocus>
              {confirmWords()}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setAsking(null)}>
              {words.refund_change}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className={ui.button} disabled={pending}>
          {wantsCodeOf(outcome) ? shell.confirm : words.refund_review}
        </button>
      )}
      <Outcome outcome={outcome} words={shell} success={words.refunded_done} />
    </form>
  );
}
