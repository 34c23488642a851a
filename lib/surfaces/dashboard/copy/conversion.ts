import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { Translated } from '../../../platform/i18n/catalogue-types';

/** Conversion between the business's own wallets. */
const en = {
  title: 'Conversion',
  lead: 'Move money between your wallets: get a quote (the rate and fee, good for a few minutes), then convert.',
  from: 'From',
  to: 'To',
  amount: 'Amount',
  quote: 'Get a quote',
  you_pay: 'You convert',
  fee: 'Fee',
  you_get: 'You receive',
  rate: 'Rate',
  until: 'Good until',
  convert: 'Convert now',
  converted: 'Converted.',
  history: 'Past conversions',
  none: 'No conversions yet.',
  when: 'When',
  available: 'Available',
} as const;

type Words = Translated<typeof en>;

const fr: Words = {
  title: 'Conversion',
  lead: 'Déplacez de l’argent entre vos portefeuilles : obtenez un devis (taux et frais, valable quelques minutes), puis convertissez.',
  from: 'De',
  to: 'Vers',
  amount: 'Montant',
  quote: 'Obtenir un devis',
  you_pay: 'Vous convertissez',
  fee: 'Frais',
  you_get: 'Vous recevez',
  rate: 'Taux',
  until: 'Valable jusqu’à',
  convert: 'Convertir maintenant',
  converted: 'Converti.',
  history: 'Conversions passées',
  none: 'Aucune conversion pour l’instant.',
  when: 'Quand',
  available: 'Disponible',
};

export const CONVERSION_COPY: Record<PeopleLocale, Words> = { en, fr };
export type ConversionWords = Words;
