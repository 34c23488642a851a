import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { Translated } from '../../../platform/i18n/catalogue-types';

/** The dashboard's home. */
const en = {
  balances: 'Balances',
  available: 'Available',
  holding: 'Holding',
  zero_balances: 'At zero',
  attention: 'Needs your attention',
  nothing_needed: 'Nothing needs your attention.',
  awaiting_approval: 'bank transfers waiting for the operator’s approval',
  failed_payouts: 'payouts failed in the last 7 days (the money is back in the wallet)',
  failing_webhooks: 'webhook endpoints failing or turned off',
  volume: 'Money received, last {days} days',
  volume_chart:
    'Money received per day in {currency}, last {days} days: {total} in {payments}; the best day {best_day}, {best}.',
  volume_total: '{total} in {payments}',
  payments_one: '1 payment',
  payments_many: '{count} payments',
  no_volume: 'No payments in the last {days} days.',
  period: 'Period',
  period_days: '{days} days',
  success_rate: 'Successful payment attempts',
  success_rate_value: '{rate} of {count} finished attempts',
  no_attempts: 'No finished payment attempts in the last {days} days.',
  day: 'Day',
  amount: 'Amount',
  payments: 'Payments',
  recent: 'Recent activity',
  no_recent: 'No money has moved yet.',
  type: 'Type',
  status: 'Status',
  when: 'When',
  show_table: 'Show as a table',
} as const;

type Words = Translated<typeof en>;

const fr: Words = {
  balances: 'Soldes',
  available: 'Disponible',
  holding: 'En attente',
  zero_balances: 'À zéro',
  attention: 'À traiter',
  nothing_needed: 'Rien à traiter.',
  awaiting_approval: 'virements en attente de validation par l’opérateur',
  failed_payouts: 'versements échoués ces 7 derniers jours (l’argent est revenu sur le portefeuille)',
  failing_webhooks: 'webhooks en échec ou désactivés',
  volume: 'Argent reçu, {days} derniers jours',
  volume_chart:
    'Argent reçu par jour en {currency}, {days} derniers jours : {total} en {payments} ; le meilleur jour, le {best_day}, {best}.',
  volume_total: '{total} en {payments}',
  payments_one: '1 paiement',
  payments_many: '{count} paiements',
  no_volume: 'Aucun paiement ces {days} derniers jours.',
  period: 'Période',
  period_days: '{days} jours',
  success_rate: 'Tentatives de paiement réussies',
  success_rate_value: '{rate} de {count} tentatives terminées',
  no_attempts: 'Aucune tentative de paiement terminée ces {days} derniers jours.',
  day: 'Jour',
  amount: 'Montant',
  payments: 'Paiements',
  recent: 'Activité récente',
  no_recent: 'Aucun mouvement pour l’instant.',
  type: 'Type',
  status: 'État',
  when: 'Quand',
  show_table: 'Voir en tableau',
};

export const HOME_COPY: Record<PeopleLocale, Words> = { en, fr };
export type HomeWords = Words;
