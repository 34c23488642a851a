'use client';

import type { ReactNode } from 'react';
import panels from './panels.module.css';
import type { Session } from './session';
import { Amount, usePage } from './ui';

/**
 * What happened to the customer's money beyond "paid": sent too much, sent twice, sent for a
 * payment that did not complete, refunded. Each line says what will happen to it. (Too little, on
 * a transfer still open, is the bank-transfer screen's own box: it asks for the difference.)
 */
export function MoneyNote({ session }: { session: Session }) {
  const { t, tx } = usePage();
  const { checkout, received } = session;
  const merchant = <bdi>{session.merchant.display_name}</bdi>;
  const amount = (value: number) => <Amount value={value} currency={checkout.currency_code} />;
  const paid = checkout.status === 'paid' || checkout.status === 'completed';
  const lines: ReactNode[] = [];
  if (!paid && checkout.status !== 'processing' && received.amount > 0)
    lines.push(tx('money_unpaid', { received: amount(received.amount) }));
  if (paid && received.overpaid > 0) lines.push(tx('money_over', { overpaid: amount(received.overpaid), merchant }));
  if (received.duplicate > 0) {
    lines.push(tx(paid ? 'money_duplicate' : 'money_duplicate_closed', { duplicate: amount(received.duplicate) }));
  }
  if (received.refunded > 0) lines.push(tx('money_refunded', { refunded: amount(received.refunded) }));
  if (!lines.length) return null;
  return (
    <section className={panels.note} aria-labelledby="money-title" data-testid="money-note">
      <h2 id="money-title" className={panels.boxTitle}>
        {t('money_title')}
      </h2>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </section>
  );
}
