import type { PeopleLocale } from '../../platform/i18n/locale';

/** The merchant as a mail shows it (lib/merchants/branding): name and colours. */
export interface MailBrand {
  name: string;
  primaryColor: string;
  textColor: string;
  supportEmail: string | null;
}

/** What one mail says, before the layout (layout.ts) brands and escapes it. Every value is plain text. */
export interface Notice {
  subject: string;
  heading: string;
  intro: string;
  rows: [label: string, value: string][];
  note?: string;
  link?: { label: string; url: string };
}

export type MoneyOutWord = 'withdrawal' | 'payout';

interface OutcomeWords {
  subject: (w: MoneyOutWord, a: string) => string;
  heading: (w: MoneyOutWord) => string;
  intro: (a: string) => string;
}
export interface MailWords {
  test: string;
  /** Between a label and its value in the text part: French puts a space before the colon. */
  colon: string;
  test_banner: string;
  team_footer: string;
  amount: string;
  reference: string;
  date: string;
  customer: string;
  recipient: string;
  reason: string;
  open: string;
  payment_received: { subject: (a: string, ref: string) => string; heading: string; intro: (a: string) => string };
  payout_completed: OutcomeWords;
  payout_failed: OutcomeWords;
  payout_reversed: OutcomeWords;
  awaiting_approval: { subject: (ref: string) => string; heading: string; intro: (a: string) => string };
  duplicate_payment: { subject: (ref: string) => string; heading: string; intro: (a: string) => string };
}

/**
 * The words of the team's money mails, in the team's languages (English and French). `a` is an amount.
 * The customer's mails speak the page's catalogue instead (customer-mail.ts).
 */
export const MAIL_WORDS: Record<PeopleLocale, MailWords> = {
  en: {
    test: '[Test]',
    colon: ': ',
    test_banner: 'Test mode: no real money moved.',
    team_footer: 'You get this because of your notification settings in the dashboard.',
    amount: 'Amount',
    reference: 'Reference',
    date: 'Date',
    customer: 'Customer',
    recipient: 'Recipient',
    reason: 'Reason',
    open: 'Open in the dashboard',
    payment_received: {
      subject: (a: string, ref: string) => `Payment received: ${a} (${ref})`,
      heading: 'Payment received',
      intro: (a: string) => `A customer paid ${a}.`,
    },
    payout_completed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Withdrawal' : 'Payout'} completed: ${a}`,
      heading: (w: MoneyOutWord) => (w === 'withdrawal' ? 'Withdrawal completed' : 'Payout completed'),
      intro: (a: string) => `${a} reached the account.`,
    },
    payout_failed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Withdrawal' : 'Payout'} failed: ${a}`,
      heading: (w: MoneyOutWord) => (w === 'withdrawal' ? 'Withdrawal failed' : 'Payout failed'),
      intro: (a: string) => `${a} did not reach the account. The money and the fee are back in your wallet.`,
    },
    payout_reversed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Withdrawal' : 'Payout'} sent back: ${a}`,
      heading: (w: MoneyOutWord) => (w === 'withdrawal' ? 'Withdrawal sent back' : 'Payout sent back'),
      intro: (a: string) => `The bank sent ${a} back. The money and the fee are back in your wallet.`,
    },
    awaiting_approval: {
      subject: (ref: string) => `Action needed: bank transfer ${ref} awaits approval`,
      heading: 'A bank transfer awaits approval',
      intro: (a: string) => `A bank transfer of ${a} arrived. It counts as paid only once it is approved.`,
    },
    duplicate_payment: {
      subject: (ref: string) => `Action needed: a second payment for ${ref}`,
      heading: 'A payment to resolve',
      intro: (a: string) =>
        `A payment of ${a} arrived for a checkout that could no longer take it. Refund it to the customer.`,
    },
  },
  fr: {
    test: '[Test]',
    colon: '\u00a0: ',
    test_banner: 'Mode test : aucun argent réel n’a circulé.',
    team_footer: 'Vous recevez ce message selon vos préférences de notification dans le tableau de bord.',
    amount: 'Montant',
    reference: 'Référence',
    date: 'Date',
    customer: 'Client',
    recipient: 'Bénéficiaire',
    reason: 'Motif',
    open: 'Ouvrir dans le tableau de bord',
    payment_received: {
      subject: (a: string, ref: string) => `Paiement reçu : ${a} (${ref})`,
      heading: 'Paiement reçu',
      intro: (a: string) => `Un client a payé ${a}.`,
    },
    payout_completed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Retrait' : 'Versement'} effectué : ${a}`,
      heading: (w: MoneyOutWord) => (w === 'withdrawal' ? 'Retrait effectué' : 'Versement effectué'),
      intro: (a: string) => `${a} est arrivé sur le compte.`,
    },
    payout_failed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Retrait' : 'Versement'} échoué : ${a}`,
      heading: (w: MoneyOutWord) => (w === 'withdrawal' ? 'Retrait échoué' : 'Versement échoué'),
      intro: (a: string) =>
        `${a} n’est pas arrivé sur le compte. Le montant et les frais sont de retour dans votre portefeuille.`,
    },
    payout_reversed: {
      subject: (w: MoneyOutWord, a: string) => `${w === 'withdrawal' ? 'Retrait' : 'Versement'} renvoyé : ${a}`,
      heading: (w: MoneyOutWord) =>
        w === 'withdrawal' ? 'Retrait renvoyé par la banque' : 'Versement renvoyé par la banque',
      intro: (a: string) => `La banque a renvoyé ${a}. Le montant et les frais sont de retour dans votre portefeuille.`,
    },
    awaiting_approval: {
      subject: (ref: string) => `Action requise : le virement ${ref} attend une validation`,
      heading: 'Un virement attend une validation',
      intro: (a: string) => `Un virement de ${a} est arrivé. Il ne compte comme payé qu’une fois validé.`,
    },
    duplicate_payment: {
      subject: (ref: string) => `Action requise : un second paiement pour ${ref}`,
      heading: 'Un paiement à régler',
      intro: (a: string) =>
        `Un paiement de ${a} est arrivé pour un paiement qui ne pouvait plus le recevoir. Remboursez-le au client.`,
    },
  },
};
