import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { checkouts, customerTransactions, events, tenants } from '../../platform/db/schema';
import { isLocale, type Locale, type PeopleLocale } from '../../platform/i18n/locale';
import { queueMail } from '../../platform/mail/outbox';
import { formatMoney } from '../../platform/money/format';
import { loadBranding } from '../branding/branding';
import { renderMail } from './layout';
import { teamRecipients, type TeamNotice } from './preferences';
import { MAIL_WORDS, type MailBrand, type MailWords, type MoneyOutWord, type Notice } from './words';
import { mailTime as when, receiptNotice, refundNotice } from './customer-mail';

type EventRow = typeof events.$inferSelect;
type CheckoutRow = typeof checkouts.$inferSelect;
type TransactionRow = typeof customerTransactions.$inferSelect;

/** A mail to write: to whom, in which language, and what it says (the team's in their language, the customer's in theirs). */
type Addressed =
  | { to: string; locale: PeopleLocale; team: true; notice: (words: MailWords, locale: PeopleLocale) => Notice }
  | { to: string; locale: Locale; team: false; notice: (locale: Locale) => Notice };

/**
 * The job queued with each mailed event (MAILED_EVENT_TYPES, lib/notifications/events/record-event.ts):
 * writes the customer's and the team's mails for it, in one transaction, each once (`source_key`), into
 * the outbox (lib/platform/mail/outbox.ts), which sends them over SMTP or keeps them for /dev/mailbox.
 * Amounts come from the rows in minor units, never from the event's decimal numbers.
 */
export async function mailForEvent(db: Db, eventId: string): Promise<number> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return 0;
  const [tenant] = await db.select({ mode: tenants.mode }).from(tenants).where(eq(tenants.id, event.tenantId));
  if (!tenant) return 0;
  const branding = await loadBranding(db, event.merchantId);
  const brand: MailBrand = {
    name: branding.display_name,
    primaryColor: branding.primary_color,
    textColor: branding.text_color,
    supportEmail: branding.support_email,
  };
  const mails = await mailsFor(db, event, brand, tenant.mode);
  await db.transaction(async (tx) => {
    for (const mail of mails) {
      const notice = mail.team ? mail.notice(MAIL_WORDS[mail.locale], mail.locale) : mail.notice(mail.locale);
      const rendered = renderMail(notice, brand, {
        locale: mail.locale,
        test: tenant.mode === 'test',
        team: mail.team,
      });
      await queueMail(tx, { to: mail.to, ...rendered, sourceKey: `event:${event.id}:${mail.to.toLowerCase()}` });
    }
  });
  return mails.length;
}

async function mailsFor(db: Db, event: EventRow, brand: MailBrand, mode: 'test' | 'live'): Promise<Addressed[]> {
  const base = config().API_BASE_URL;
  const team = async (notice: TeamNotice, say: (words: MailWords, locale: PeopleLocale) => Notice) =>
    (await teamRecipients(db, event.merchantId, notice)).map((r): Addressed => ({
      locale: r.locale,
      to: r.email,
      team: true,
      notice: say,
    }));

  switch (event.eventType) {
    case 'checkout.paid': {
      const checkout = await checkoutOf(db, event, event.resourceId);
      if (!checkout) return [];
      const link = `${base}/dashboard/${mode}/checkouts/${checkout.id}`;
      return [
        ...customer(checkout, (l) => receiptNotice(l, brand, checkout)),
        ...(await team('payment_received', (w, l) => paymentReceived(w, l, checkout, link))),
      ];
    }
    case 'checkout.refunded': {
      const refundId = (event.data as { refund?: { transaction_id?: string } }).refund?.transaction_id;
      const checkout = await checkoutOf(db, event, event.resourceId);
      const refund = refundId ? await transactionOf(db, event, refundId) : undefined;
      if (!checkout || !refund) return [];
      return customer(checkout, (l) => refundNotice(l, brand, checkout, refund));
    }
    case 'checkout.payment_received':
    case 'checkout.duplicate_payment': {
      const checkout = await checkoutOf(db, event, event.resourceId);
      if (!checkout) return [];
      const duplicate = (event.data as { duplicate_payment?: { amount?: number } }).duplicate_payment;
      const words = event.eventType === 'checkout.payment_received' ? 'awaiting_approval' : 'duplicate_payment';
      // A duplicate's amount is the second payment's, read from its own deposit row.
      const amount = duplicate ? ((await duplicateDeposit(db, event, checkout.id))?.amount ?? null) : checkout.amount;
      const link = `${base}/dashboard/${mode}/checkouts/${checkout.id}`;
      return team('action_needed', (w, l) => actionNeeded(w, l, words, checkout, amount, link));
    }
    case 'withdrawal.completed':
    case 'payout.completed':
    case 'withdrawal.failed':
    case 'payout.failed':
    case 'withdrawal.reversed':
    case 'payout.reversed': {
      const row = await transactionOf(db, event, event.resourceId);
      if (!row) return [];
      const [kind, step] = event.eventType.split('.') as [MoneyOutWord, 'completed' | 'failed' | 'reversed'];
      const link = `${base}/dashboard/${mode}/money-out`;
      return team(step === 'completed' ? 'payout_completed' : 'payout_failed', (w, l) =>
        moneyOut(w, l, kind, step, row, link),
      );
    }
    default:
      return [];
  }
}

/** The customer, at the address the merchant gave or the customer typed, in the language of their page. */
function customer(checkout: CheckoutRow, say: (locale: Locale) => Notice): Addressed[] {
  const to = checkout.customerEmail?.trim();
  if (!to || !to.includes('@')) return [];
  const locale = isLocale(checkout.customerLocale) ? checkout.customerLocale : 'en';
  return [{ to, locale, team: false, notice: say }];
}

const checkoutOf = async (db: Db, event: EventRow, id: string) =>
  (
    await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, id), eq(checkouts.tenantId, event.tenantId)))
  )[0];

const transactionOf = async (db: Db, event: EventRow, id: string) =>
  (
    await db
      .select()
      .from(customerTransactions)
      .where(and(eq(customerTransactions.id, id), eq(customerTransactions.tenantId, event.tenantId)))
  )[0];

async function duplicateDeposit(db: Db, event: EventRow, checkoutId: string) {
  const id = (event.data as { duplicate_payment?: { collection_id?: string } }).duplicate_payment?.collection_id;
  if (!id) return undefined;
  const [row] = await db
    .select({ amount: customerTransactions.amount })
    .from(customerTransactions)
    .where(
      and(
        eq(customerTransactions.collectionId, id),
        eq(customerTransactions.checkoutSessionId, checkoutId),
        eq(customerTransactions.tenantId, event.tenantId),
      ),
    );
  return row;
}

function paymentReceived(w: MailWords, l: PeopleLocale, c: CheckoutRow, link: string): Notice {
  const amount = formatMoney(c.amount, c.currencyCode, l);
  return {
    subject: w.payment_received.subject(amount, c.paymentReference),
    heading: w.payment_received.heading,
    intro: w.payment_received.intro(amount),
    rows: [
      [w.amount, amount],
      [w.reference, c.paymentReference],
      [w.customer, c.customerName?.trim() ? `${c.customerName.trim()} <${c.customerEmail}>` : c.customerEmail],
      [w.date, when(l, c.paidAt)],
    ],
    link: { label: w.open, url: link },
  };
}

function actionNeeded(
  w: MailWords,
  l: PeopleLocale,
  kind: 'awaiting_approval' | 'duplicate_payment',
  c: CheckoutRow,
  minor: bigint | null,
  link: string,
): Notice {
  const amount = formatMoney(minor ?? c.amount, c.currencyCode, l);
  return {
    subject: w[kind].subject(c.paymentReference),
    heading: w[kind].heading,
    intro: w[kind].intro(amount),
    rows: [
      [w.amount, amount],
      [w.reference, c.paymentReference],
      [w.customer, c.customerEmail],
    ],
    link: { label: w.open, url: link },
  };
}

function moneyOut(
  w: MailWords,
  l: PeopleLocale,
  kind: MoneyOutWord,
  step: 'completed' | 'failed' | 'reversed',
  row: TransactionRow,
  link: string,
): Notice {
  // What the recipient is sent (net); the fee came on top of it.
  const amount = formatMoney(row.netAmount, row.currencyCode, l);
  const words = w[step === 'completed' ? 'payout_completed' : step === 'failed' ? 'payout_failed' : 'payout_reversed'];
  const recipient = row.accountHolderName ?? row.recipientName;
  const reason = step === 'completed' ? null : row.failureReason;
  const at = step === 'completed' ? row.completedAt : step === 'failed' ? row.failedAt : row.reversedAt;
  return {
    subject: words.subject(kind, amount),
    heading: words.heading(kind),
    intro: words.intro(amount),
    rows: [
      [w.amount, amount],
      ...(recipient ? [[w.recipient, recipient] as [string, string]] : []),
      [w.reference, row.id],
      [w.date, when(l, at)],
      ...(reason ? [[w.reason, reason] as [string, string]] : []),
    ],
    link: { label: w.open, url: link },
  };
}
