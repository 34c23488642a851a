'use client';

import type { PaymentLinkView } from '@/lib/checkout/links/contract';
import type { PaymentLinksWords } from '@/lib/surfaces/dashboard/copy/payment-links';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, StepUpField, useDashboardAction } from '../action-form';
import { TextField } from '../../../ui/field';
import ui from '../ui.module.css';
import styles from './links.module.css';

/**
 * Edit a payment link: what the API's PATCH may change. The amount and the currency are shown, not
 * editable (a printed QR code must never start charging something else), and the form says so.
 */
export function EditPaymentLinkForm({
  mode,
  link,
  amount,
  words,
  shell,
}: {
  mode: string;
  link: PaymentLinkView;
  /** The link's amount as the page writes it (fixed, or the customer's choice and its bounds). */
  amount: string;
  words: PaymentLinksWords;
  shell: ShellWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<PaymentLinkView>('editPaymentLink', {
    resetOnSuccess: false,
  });
  const named = new Set(outcome && !outcome.ok ? outcome.fields.map((f) => f.field) : []);
  const invalid = (name: string) => named.has(name) || undefined;
  const endsDay = link.ends_at ? link.ends_at.slice(0, 10) : '';
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={ui.form} data-testid="edit-link-form">
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="payment_link_id" value={link.id} />
      <input type="hidden" name="ends_at_was" value={endsDay} />
      <p className={ui.hint} data-testid="edit-link-fixed">
        <strong>
          {words.amount}: {amount}
        </strong>{' '}
        · {words.edit_fixed}
      </p>
      <TextField
        id="edit-link-description"
        name="description"
        label={words.description}
        hint={words.description_hint}
        maxLength={500}
        required
        defaultValue={link.description}
        aria-invalid={invalid('description')}
      />
      <label className={styles.check}>
        <input type="checkbox" name="collect_customer_email" defaultChecked={link.collect_customer_email} />{' '}
        {words.collect_email}
      </label>
      <TextField
        id="edit-link-ends_at"
        name="ends_at"
        type="date"
        label={words.ends_at}
        hint={words.edit_ends_hint}
        defaultValue={endsDay}
        aria-invalid={invalid('ends_at')}
      />
      <TextField
        id="edit-link-max_payments"
        name="max_payments"
        label={words.max_payments}
        hint={words.edit_max_payments_hint}
        inputMode="numeric"
        defaultValue={link.max_payments ?? ''}
        aria-invalid={invalid('max_payments')}
      />
      <StepUpField outcome={outcome} words={shell} />
      <button type="submit" className={ui.button} disabled={pending}>
        {words.edit_submit}
      </button>
      <Outcome outcome={outcome} words={shell} success={outcome?.ok ? words.edited : null} />
    </form>
  );
}
