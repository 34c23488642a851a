import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { Translated } from '../../../platform/i18n/catalogue-types';

/** Wallets: balances, each wallet's statement, and settlements. */
const en = {
  title: 'Wallets',
  lead: 'Money arrives in holding, and settlement moves it to available, from where it can be sent.',
  currency: 'Currency',
  show: 'Show',
  available: 'Available',
  holding: 'Holding',
  settling_on: '{amount} available on {date}',
  on_hold: 'Settlement is on hold: it stays in holding until the operator releases it.',
  status: 'Status',
  statement: 'Statement',
  when: 'When',
  what: 'What',
  balance: 'Balance',
  amount: 'Amount',
  after: 'Balance after',
  none: 'Nothing has moved in this wallet yet.',
  settlements: 'Settlements',
  no_settlements: 'No settlements yet.',
  payments: 'Payments',
  gross: 'Gross',
  fee: 'Fees',
  net: 'Settled',
  previous: 'Newer',
  next: 'Older',
} as const;

type Words = Translated<typeof en>;

const fr: Words = {
  title: 'Portefeuilles',
  lead: 'L’argent arrive en attente ; le règlement le rend disponible, et il peut alors être envoyé.',
  currency: 'Devise',
  show: 'Afficher',
  available: 'Disponible',
  holding: 'En attente',
  settling_on: '{amount} disponible le {date}',
  on_hold: 'Le règlement est suspendu\u00a0: l’argent reste en attente jusqu’à ce que l’opérateur le libère.',
  status: 'État',
  statement: 'Relevé',
  when: 'Quand',
  what: 'Quoi',
  balance: 'Solde',
  amount: 'Montant',
  after: 'Solde après',
  none: 'Rien n’a encore bougé dans ce portefeuille.',
  settlements: 'Règlements',
  no_settlements: 'Aucun règlement pour l’instant.',
  payments: 'Paiements',
  gross: 'Brut',
  fee: 'Frais',
  net: 'Réglé',
  previous: 'Plus récents',
  next: 'Plus anciens',
};

export const WALLETS_COPY: Record<PeopleLocale, Words> = { en, fr };
