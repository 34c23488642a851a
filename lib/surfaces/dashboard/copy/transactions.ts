import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { Translated } from '../../../platform/i18n/catalogue-types';

/** Transactions: the list, its filters and the CSV export. */
const en = {
  title: 'Transactions',
  lead: 'Every payment received, refund and payout of this mode.',
  currency: 'Currency',
  type: 'Type',
  status: 'Status',
  any: 'Any',
  filter: 'Filter',
  when: 'When',
  amount: 'Amount',
  fee: 'Fee',
  customer: 'Customer or recipient',
  none: 'No transactions match.',
  bad_filter: 'Those filters could not be read; showing everything.',
  export: 'Download as CSV',
  export_lead: 'The file has every transaction matching the filters above, between these dates (both optional).',
  from: 'From',
  to: 'To',
  download: 'Download CSV',
  previous: 'Previous page',
  next: 'Next page',
  page_of: 'Page {page} of {pages} ({total} transactions)',
} as const;

type Words = Translated<typeof en>;

const fr: Words = {
  title: 'Transactions',
  lead: 'Chaque paiement reçu, remboursement et versement de ce mode.',
  currency: 'Devise',
  type: 'Type',
  status: 'État',
  any: 'Tous',
  filter: 'Filtrer',
  when: 'Quand',
  amount: 'Montant',
  fee: 'Frais',
  customer: 'Client ou bénéficiaire',
  none: 'Aucune transaction ne correspond.',
  bad_filter: 'Ces filtres sont illisibles : tout est affiché.',
  export: 'Télécharger en CSV',
  export_lead:
    'Le fichier contient chaque transaction correspondant aux filtres ci-dessus, entre ces dates (facultatives).',
  from: 'Du',
  to: 'Au',
  download: 'Télécharger le CSV',
  previous: 'Page précédente',
  next: 'Page suivante',
  page_of: 'Page {page} sur {pages} ({total} transactions)',
};

export const TRANSACTIONS_COPY: Record<PeopleLocale, Words> = { en, fr };
