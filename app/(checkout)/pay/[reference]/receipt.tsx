'use client';

import { useEffect, useState } from 'react';
import frame from './frame.module.css';
import controls from './controls.module.css';
import panels from './panels.module.css';
import { ContactBlock } from './contact';
import { attemptNetwork, ltrText, mobileNetworks, networkName, nowrap, safeRedirect } from './flow';
import { MoneyNote } from './money-note';
import type { ScreenProps } from './screen-props';
import { parseTimestamp } from './session';
import { ActionButton, Amount, Icon, Row, Title, usePage } from './ui';

const REDIRECT_SECONDS = 5;

/**
 * Paid: a receipt worth keeping (the provider's transaction id or M-Pesa receipt, the date with its zone, print or
 * save), what happened to any extra money, and always a way back to the merchant: its success page
 * (automatically after 5 s when the payment completed during this visit), else who to contact.
 */
export function Paid({ session, paidHere }: ScreenProps) {
  const { t, tx, locale, dateTime } = usePage();
  const { checkout, received } = session;
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const attempt = session.latest_attempt;
  const target = safeRedirect(session.success_redirect_url);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [stayed, setStayed] = useState(!paidHere);
  const paidAt = parseTimestamp(checkout.paid_at);

  useEffect(() => {
    if (!target || stayed) return;
    if (seconds <= 0) {
      window.location.assign(target);
      return;
    }
    const id = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [target, stayed, seconds]);

  const mobile = checkout.payment_method === 'mobile_money' || attempt?.method === 'mobile_money';
  const network = attempt?.method === 'mobile_money' ? attemptNetwork(session, attempt) : undefined;
  const method = mobile
    ? t('receipt_mobile_money', {
        network: network ? networkName(network, mobileNetworks(session), locale) : (attempt?.network ?? ''),
        phone: attempt?.method === 'mobile_money' && attempt.phone ? ltrText(nowrap(attempt.phone)) : '',
      }).trim()
    : checkout.payment_method === 'bank_transfer'
      ? t('method_bank_transfer')
      : null;

  return (
    <>
      <Icon kind="ok" />
      <Title>{t('paid_title')}</Title>
      <p className={frame.lead}>{tx('paid_body', { merchant })}</p>
      {target && (
        <div className={`${panels.redirect} ${frame.noPrint}`}>
          {!stayed && (
            // Not a live region: a screen reader would read every second. The heading says it is paid.
            <p className={panels.success}>{tx('redirect_in', { merchant, count: Math.max(0, seconds) })}</p>
          )}
          <a className={controls.button} href={target}>
            {stayed ? tx('return_to', { merchant }) : t('redirect_now')}
          </a>
          {!stayed && (
            <ActionButton variant="link" onClick={() => setStayed(true)}>
              {t('redirect_stay')}
            </ActionButton>
          )}
        </div>
      )}
      <MoneyNote session={session} />
      <h2 className={frame.subtitle}>{t('receipt_title')}</h2>
      <dl className={panels.details} data-testid="receipt">
        <Row label={t('receipt_paid_to')} value={merchant} />
        <Row label={t('receipt_amount')} value={<Amount value={checkout.amount} currency={checkout.currency_code} />} />
        {received.amount > 0 && received.amount !== checkout.amount && (
          <Row
            label={t('receipt_received')}
            value={<Amount value={received.amount} currency={checkout.currency_code} />}
          />
        )}
        {checkout.description && <Row label={t('receipt_for')} value={checkout.description} />}
        <Row label={t('receipt_reference')} value={<span className={frame.mono}>{checkout.payment_reference}</span>} />
        {received.provider_reference && (
          // M-Pesa's receipt is the code in the customer's SMS: named as M-Pesa names it. The provider's
          // text, isolated so it cannot reorder the row.
          <Row
            label={t(received.provider === 'mpesa' ? 'receipt_mpesa_receipt' : 'receipt_transaction_id')}
            value={<bdi className={frame.mono}>{received.provider_reference}</bdi>}
          />
        )}
        {Number.isFinite(paidAt) && (
          <Row
            label={t('receipt_date')}
            value={<time dateTime={new Date(paidAt).toISOString()}>{dateTime(paidAt)}</time>}
          />
        )}
        {method && <Row label={t('receipt_method')} value={method} />}
      </dl>
      <div className={`${controls.actions} ${frame.noPrint}`}>
        <ActionButton variant="secondary" onClick={() => window.print()}>
          {t('receipt_print')}
        </ActionButton>
      </div>
      {!target && <ContactBlock session={session} />}
    </>
  );
}
