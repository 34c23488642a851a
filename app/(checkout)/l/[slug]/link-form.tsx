'use client';

import { useActionState, useEffect, useRef } from 'react';
import type { ConfirmOutcome } from '@/lib/checkout/links/confirm';
import type { Locale } from '@/lib/platform/i18n/locale';
import type { Messages } from '@/lib/platform/i18n/messages';
import { translator } from '@/lib/platform/i18n/translate';
import controls from '../../pay/[reference]/controls.module.css';
import frame from '../../pay/[reference]/frame.module.css';
import { confirmLinkAction } from './actions';

export interface LinkFormProps {
  slug: string;
  locale: Locale;
  messages: Messages;
  merchant: string;
  currency: string;
  /** Formatted bounds, or null; `fixed`: no amount field. */
  fixed: boolean;
  min: string | null;
  max: string | null;
  collectEmail: boolean;
}

/**
 * The customer's confirmation: the amount (when they choose it) and the email (when the merchant
 * asks), then a form post that starts the checkout. Works before (and without) the page's scripts.
 */
export function LinkForm({ slug, locale, messages, merchant, currency, fixed, min, max, collectEmail }: LinkFormProps) {
  const t = translator(messages, locale);
  const [outcome, action, pending] = useActionState(confirmLinkAction.bind(null, slug), null);
  const problem = outcome && !outcome.ok ? outcome.problem : null;
  const values = outcome && !outcome.ok ? outcome.values : { amount: '', customer_email: '' };
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) errorRef.current?.focus();
  }, [problem, outcome]);

  const amountHint =
    min && max
      ? t('link_amount_between', { min, max })
      : min
        ? t('link_amount_at_least', { min })
        : max
          ? t('link_amount_at_most', { max })
          : t('link_amount_example');
  const amountError =
    problem === 'amount'
      ? t('link_error_amount')
      : problem === 'amount_min' && min
        ? t('link_error_amount_min', { min })
        : problem === 'amount_max' && max
          ? t('link_error_amount_max', { max })
          : null;
  const emailError = problem === 'email' ? t('link_error_email') : null;
  const general =
    problem === 'busy'
      ? t('link_error_busy')
      : problem === 'gone' || problem === 'forbidden'
        ? t('link_closed_body', { merchant })
        : null;

  return (
    <form action={action} noValidate data-testid="link-form">
      <input type="hidden" name="locale" value={locale} />
      {(general ?? amountError ?? emailError) && (
        <p ref={errorRef} tabIndex={-1} role="alert" className={controls.fieldError} data-testid="link-error">
          {general ?? t('link_error_title')}
        </p>
      )}
      {!fixed && (
        <div className={controls.field}>
          <label className={controls.label} htmlFor="link-amount">
            {t('link_amount_label', { currency })}
          </label>
          <span className={controls.hint} id="link-amount-hint">
            {amountHint}
          </span>
          <input
            className={controls.input}
            id="link-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            defaultValue={values.amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? 'link-amount-hint link-amount-error' : 'link-amount-hint'}
          />
          {amountError && (
            <span className={controls.fieldError} id="link-amount-error">
              {amountError}
            </span>
          )}
        </div>
      )}
      {collectEmail && (
        <div className={controls.field}>
          <label className={controls.label} htmlFor="link-email">
            {t('link_email_label')}
          </label>
          <span className={controls.hint} id="link-email-hint">
            {t('link_email_hint', { merchant })}
          </span>
          <input
            className={controls.input}
            id="link-email"
            name="customer_email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.customer_email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'link-email-hint link-email-error' : 'link-email-hint'}
          />
          {emailError && (
            <span className={controls.fieldError} id="link-email-error">
              {emailError}
            </span>
          )}
        </div>
      )}
      <div className={controls.actions}>
        <button className={controls.button} type="submit" disabled={pending} data-testid="link-continue">
          {t('link_continue')}
        </button>
      </div>
      <p className={`${frame.muted} ${frame.small}`}>{t('link_continue_hint')}</p>
    </form>
  );
}

export type { ConfirmOutcome };
