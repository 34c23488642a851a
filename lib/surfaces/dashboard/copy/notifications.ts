import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { TeamNotice } from '../../../merchants/mail/preferences';
import type { Translated } from '../../../platform/i18n/catalogue-types';

/** Settings → Notifications: which money mails the member gets from this business. */
const en = {
  tab: 'Notifications',
  lead: 'Which emails about money you get from this business. Your choice is yours alone and applies to test and live mode.',
  sent_to: 'Sent to',
  legend: 'Email me when',
  defaults_note: 'You have not chosen yet: these are the defaults for your role.',
  save: 'Save notifications',
  saved: 'Notifications saved.',
  payment_received: 'A payment is received',
  payment_received_hint: 'Each paid checkout, with its amount and reference.',
  payout_completed: 'A withdrawal or payout is completed',
  payout_completed_hint: 'The money reached the account.',
  payout_failed: 'A withdrawal or payout fails',
  payout_failed_hint: 'Or the bank sends it back; the money returns to your wallet.',
  action_needed: 'Something needs attention',
  action_needed_hint: 'A bank transfer awaiting approval, or a payment to refund.',
} satisfies Record<
  'tab' | 'lead' | 'sent_to' | 'legend' | 'defaults_note' | 'save' | 'saved' | TeamNotice | `${TeamNotice}_hint`,
  string
>;

export type NotificationWords = Translated<typeof en>;

const fr: NotificationWords = {
  tab: 'Notifications',
  lead: 'Les e-mails sur l’argent que vous recevez de cette entreprise. Ce choix n’appartient qu’à vous et vaut en mode test comme en mode réel.',
  sent_to: 'Envoyés à',
  legend: 'M’écrire quand',
  defaults_note: 'Vous n’avez pas encore choisi : voici les choix par défaut de votre rôle.',
  save: 'Enregistrer les notifications',
  saved: 'Notifications enregistrées.',
  payment_received: 'Un paiement est reçu',
  payment_received_hint: 'Chaque paiement réglé, avec son montant et sa référence.',
  payout_completed: 'Un retrait ou un versement est effectué',
  payout_completed_hint: 'L’argent est arrivé sur le compte.',
  payout_failed: 'Un retrait ou un versement échoue',
  payout_failed_hint: 'Ou la banque le renvoie ; l’argent revient dans votre portefeuille.',
  action_needed: 'Quelque chose demande votre attention',
  action_needed_hint: 'Un virement en attente de validation, ou un paiement à rembourser.',
};

export const NOTIFICATION_COPY: Record<PeopleLocale, NotificationWords> = { en, fr };
