import type { checkouts, customerTransactions } from '../../platform/db/schema';
import type { Locale } from '../../platform/i18n/locale';
import { messagesFor } from '../../platform/i18n/messages';
import { translator, type Translate } from '../../platform/i18n/translate';
import { formatMoney } from '../../platform/money/format';
import { isolated } from '../../platform/http/isolated';
import type { MailBrand, Notice } from './words';

type CheckoutRow = typeof checkouts.$inferSelect;
type TransactionRow = typeof customerTransactions.$inferSelect;

/**
 * The customer's mails (receipt, refund), in the language they used on the hosted page: their words
 * are the page's catalogue (lib/platform/i18n), so every language of the page writes its mail too,
 * with the deployment's overrides.
 */
export const customerWords = (locale: Locale): Translate => translator(messagesFor(locale), locale);

/** A moment as the mail says it: the locale's date and time, in UTC, said so. */
export const mailTime = (locale: Locale, at: Date | null) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at ?? new Date())} UTC`;

const METHOD_WORD = {
  mobile_money: 'mail_method_mobile_money',
  bank_transfer: 'mail_method_bank_transfer',
  card: 'mail_method_card',
} as const;

export function receiptNotice(locale: Locale, brand: MailBrand, c: CheckoutRow): Notice {
  const t = customerWords(locale);
  // Names are isolated, as on the page: a Latin name in an Arabic sentence (or the reverse) keeps its place.
  const merchant = isolated(brand.name);
  const amount = formatMoney(c.amount, c.currencyCode, locale);
  const name = c.customerName?.trim() ? isolated(c.customerName.trim()) : null;
  const method = c.paymentMethod && METHOD_WORD[c.paymentMethod as keyof typeof METHOD_WORD];
  return {
    subject: t('mail_receipt_subject', { merchant, amount }),
    heading: t('mail_receipt_heading'),
    intro: name ? t('mail_receipt_intro_named', { merchant, name }) : t('mail_receipt_intro', { merchant }),
    rows: [
      [t('mail_amount'), amount],
      [t('mail_reference'), c.paymentReference],
      [t('mail_date'), mailTime(locale, c.paidAt)],
      ...(c.paymentMethod ? [[t('mail_method'), method ? t(method) : c.paymentMethod] as [string, string]] : []),
    ],
    ...(brand.supportEmail ? { note: t('mail_contact', { merchant, email: brand.supportEmail }) } : {}),
  };
}

export function refundNotice(locale: Locale, brand: MailBrand, c: CheckoutRow, refund: TransactionRow): Notice {
  const t = customerWords(locale);
  const merchant = isolated(brand.name);
  const amount = formatMoney(refund.netAmount, refund.currencyCode, locale);
  const note = t('mail_refund_note');
  return {
    subject: t('mail_refund_subject', { merchant, amount }),
    heading: t('mail_refund_heading'),
    intro: t('mail_refund_intro', { merchant, amount }),
    rows: [
      [t('mail_amount'), amount],
      [t('mail_reference'), c.paymentReference],
      [t('mail_date'), mailTime(locale, refund.createdAt)],
    ],
    note: brand.supportEmail ? `${note} ${t('mail_contact', { merchant, email: brand.supportEmail })}` : note,
  };
}
