import type { Locale } from './locale';

/**
 * Every string of the hosted checkout page. `{name}` marks a value filled in at run time.
 *
 * The French catalogue is typed against the English one: a missing or extra key, or a translation
 * that drops one of the English string's placeholders, fails `tsc`.
 */
export const en = {
  page_title: 'Payment',
  page_title_to: 'Payment to {merchant}',
  page_description: 'Secure payment page of {merchant}.',
  page_description_generic: 'Secure payment page.',
  og_alt: 'Secure payment page',
  loading: 'Loading your payment…',
  noscript: 'This payment page needs JavaScript. Turn it on, or open the link in your phone’s browser.',
  sandbox_banner: 'Sandbox: test mode. No real money moves.',
  summary_label: 'Payment summary',
  pay_to: 'Pay {merchant}',
  amount_due: 'Amount',
  reference_line: 'Reference: {reference}',
  expires_in: 'This payment link expires in {time}.',
  other_language: 'Français',
  help: 'Need help? Contact {merchant}',
  help_email: 'Email: {email}',
  help_phone: 'Phone: {phone}',
  help_service: 'Need help? Contact {service}, the payment service {merchant} uses.',
  help_web: 'Help centre',
  contact_title: 'Questions about this payment?',
  contact_merchant: 'Contact {merchant} and give the reference {reference}.',
  contact_service: 'Contact {service}, the payment service {merchant} uses, and give the reference {reference}.',
  checking: 'Checking for updates automatically',

  choose_title: 'How would you like to pay?',
  method_legend: 'Payment method',
  method_mobile_money: 'Mobile money',
  method_bank_transfer: 'Bank transfer',
  method_bank_transfer_hint: 'From your bank app, online banking or a branch',
  method_manual_hint: 'Checked by hand, so confirmation can take longer',
  continue: 'Continue',
  no_methods_title: 'This payment can’t be made here',
  no_methods_body: 'No payment method is available for this payment. Contact {merchant}.',
  no_methods_time_body:
    'This link expires on {time}: too soon for a bank transfer to arrive, and there is no other way to pay it. Ask {merchant} for a new link.',
  unavailable_bank_time:
    'Bank transfer is not offered: this link expires on {time}, too soon for a transfer to arrive.',

  mm_title: 'Pay with mobile money',
  network_legend: 'Network',
  network_country_legend: 'Network and country',
  phone_label: 'Mobile money number',
  phone_hint: 'For example {example}',
  phone_locked_hint: '{merchant} set this number for this payment; it can’t be changed.',
  phone_required: 'Enter your mobile money number.',
  phone_invalid: 'Enter a valid {network} number, for example {example}.',
  phone_other_network: 'This is a {owner} number, not {network}. Choose {owner}, or enter a {network} number.',
  phone_other_country: 'Enter a +{code} number, for example {example}.',
  network_required: 'Choose your network.',
  pay_button: 'Pay {amount}',
  pay_another_way: 'Pay another way',
  sandbox_numbers_title: 'Sandbox test numbers (last four digits)',
  sandbox_number_1111: '1111: the customer declines',
  sandbox_number_2222: '2222: insufficient funds',
  sandbox_number_3333: '3333: no answer (times out)',
  sandbox_number_4444: '4444: approves at once',
  sandbox_number_other: 'Any other number approves after a few seconds',

  approve_title: 'Approve the payment on your phone',
  approve_body:
    'We sent a payment prompt to {phone} ({network}). Enter your mobile money PIN to approve {amount} to {merchant}.',
  approve_time_left: 'Time left to approve:',
  approve_time_up: 'The prompt has expired. Checking its final status…',
  approve_help_title: 'No prompt, or wrong number?',
  approve_help_body:
    'Check that your phone is on, unlocked and has signal. If the prompt still has not arrived, you can send it again or use another number. Only approve one prompt: if you approve two, the second payment is refunded, not lost.',
  approve_resend: 'Send the prompt again',
  approve_change_number: 'Use another number',
  approve_resend_wait: 'You can send a new prompt in {seconds} s.',
  approve_manual: 'Or approve it from the {network} menu: dial {dial}, then {menu}.',
  approve_manual_dial: 'Or approve it from the {network} menu: dial {dial} and open your pending approvals.',

  sim_mm_legend: 'Simulate the customer (sandbox)',
  sim_approve: 'Approve',
  sim_decline: 'Decline',
  sim_insufficient: 'Insufficient funds',
  sim_no_answer: 'No answer',
  sim_transfer_legend: 'Simulate a transfer (sandbox)',
  sim_exact: 'Transfer received',
  sim_short: 'Short by {amount}',
  sim_over: 'Over by {amount}',
  sim_duplicate: 'Sent twice',
  sim_failed: 'The simulation failed. Try again.',

  bank_title: 'Pay by bank transfer',
  bank_intro: 'Send exactly {amount} to this account. Use the reference so that your payment is matched.',
  bank_name: 'Bank',
  account_name: 'Account name',
  account_number: 'Account number',
  branch_code: 'Branch code',
  swift_code: 'SWIFT code',
  iban: 'IBAN',
  sort_code: 'Sort code',
  routing_number: 'Routing number (ABA)',
  bank_pay_to: 'You are paying {merchant}, through {account_name} at {bank_name}.',
  bank_pay_by: 'Send it by {time}. The link expires then: money that arrives later is refunded, not counted.',
  bank_preparing: 'Getting the bank details…',
  exact_amount: 'Amount',
  transfer_reference: 'Reference',
  bank_warning: 'Send the exact amount in one transfer, and put the reference in the transfer’s description.',
  bank_manual_note: 'Transfers to {merchant} are checked by hand before they are confirmed, so this can take longer.',
  bank_sent: 'I have sent the money',
  bank_show: 'Show the bank details',
  copy: 'Copy',
  copied: 'Copied',
  copy_label: 'Copy {field}',
  copied_announce: '{field} copied.',
  copy_failed: 'Could not copy. Select the text and copy it yourself.',

  waiting_title: 'Checking your transfer',
  waiting_body:
    'We confirm the payment as soon as the money arrives. Bank transfers often take a few minutes and sometimes longer.',
  waiting_manual_body: 'Each transfer is checked by hand before it is confirmed. This can take a while.',
  waiting_close:
    'You can close this page: {merchant} is told as soon as your payment is confirmed. Keep your reference: {reference}.',
  waiting_details: 'Show the transfer details again',
  confirming_title: 'Confirming your payment',
  confirming_body: 'This usually takes a few seconds.',
  money_title: 'Your money',
  money_short_title: 'Part of the payment has arrived',
  money_short: 'We have received {received} of {amount}: {outstanding} is still missing.',
  money_short_todo:
    'To finish paying, send the missing {outstanding} to the same account with the same reference, {reference}. The transfers add up.',
  money_short_refund:
    'If you would rather not pay the rest, contact {merchant}: the {received} you sent will be refunded.',
  money_short_amount: 'Still to send',
  money_over: 'You sent {overpaid} more than the amount. {merchant} will refund the extra {overpaid} to you.',
  money_duplicate:
    'Another {duplicate} arrived after this payment was complete. It is not lost: it will be refunded to you.',
  money_duplicate_closed:
    '{duplicate} arrived after this payment had closed. It is not lost: it will be refunded to you.',
  money_unpaid:
    'We received {received} for this payment. It did not complete the payment, and will be refunded to you.',
  money_refunded: '{refunded} has been refunded to you so far.',

  paid_title: 'Payment successful',
  paid_body: 'Your payment to {merchant} is confirmed.',
  receipt_title: 'Receipt',
  receipt_paid_to: 'Paid to',
  receipt_amount: 'Amount',
  receipt_reference: 'Reference',
  receipt_date: 'Date',
  receipt_method: 'Paid with',
  receipt_for: 'For',
  receipt_mobile_money: 'Mobile money, {network} {phone}',
  receipt_transaction_id: 'Transaction ID',
  receipt_received: 'Amount received',
  receipt_print: 'Print or save the receipt',
  redirect_in: 'Taking you back to {merchant} in {seconds}\u00a0s.',
  redirect_now: 'Continue now',
  redirect_stay: 'Stay on this page',
  return_to: 'Return to {merchant}',

  failed_title: 'Payment not completed',
  timeout_title: 'No answer from your phone',
  failure_declined: 'The payment was declined on the phone.',
  failure_insufficient_funds: 'The mobile money wallet does not have enough money for this payment.',
  failure_no_answer: 'The prompt was not approved in time.',
  failure_rejected: 'Your transfer could not be confirmed.',
  failure_reason: 'Reason: {reason}',
  failure_generic: 'The payment did not go through.',
  failure_no_money_moved: 'No money left your wallet, so you can simply try again.',
  twice_title: 'Don’t pay twice',
  twice_mobile_money:
    'Before you try again, check your mobile money messages. If money has left your wallet, do not pay again: contact {merchant} with the reference {reference}.',
  twice_bank:
    'Before you pay again, check your banking app. If the money has left your account, do not pay again: contact {merchant} with the reference {reference}.',
  twice_late: 'If you approve the earlier prompt now, this page will still pick it up.',
  try_again: 'Try again',
  other_number: 'Use another number',

  expired_title: 'This payment link has expired',
  expired_body: 'Ask {merchant} for a new link to pay.',
  cancelled_title: 'This payment was cancelled',
  cancelled_body: '{merchant} cancelled this payment. Ask them for a new link if you still want to pay.',
  money_sent_note:
    'If you already sent money for it, contact {merchant} with the reference {reference} to have it refunded.',

  invalid_title: 'This payment link is not valid',
  invalid_body:
    'The link may be incomplete or out of date. Open it again from the message you received, or ask the merchant for a new one.',
  load_error_title: 'We can’t load this payment right now',
  load_error_body: 'Check your connection. We keep trying automatically.',
  retry: 'Try again',
  offline: 'You seem to be offline. This page updates when the connection is back.',

  error_rate_limited: 'Too many attempts. Wait {seconds}\u00a0s, then try again.',
  error_generic: 'Something went wrong. Try again.',
  error_network:
    'We could not reach the server, so we don’t know whether that went through. The status below is up to date; check it before trying again.',
  error_state_changed: 'This payment changed in the meantime. Here is where it stands now.',
  error_method_unavailable: 'This payment method is no longer available for this payment.',
  error_reference: 'Error reference: {id}',

  announce_prompt: 'Prompt sent. Approve the payment on your phone.',
  announce_bank: 'The bank transfer details are shown.',
  announce_waiting: 'Transfer noted. Waiting for confirmation.',
  announce_time_up: 'The prompt has expired.',
  announce_expires_soon: 'This payment link expires in one minute.',
} as const;

type En = typeof en;
export type MessageKey = keyof En;

/** `'Pay {amount} to {merchant}'` → `'amount' | 'merchant'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** A string that contains every placeholder of the English original, in any order. */
type Translation<S extends string> = [Placeholders<S>] extends [never]
  ? string
  : UnionToIntersection<Placeholders<S> extends infer P extends string ? `${string}{${P}}${string}` : never> & string;

export type Catalogue = { readonly [K in MessageKey]: Translation<En[K]> };
export type Messages = { readonly [K in MessageKey]: string };

export const fr: Catalogue = {
  page_title: 'Paiement',
  page_title_to: 'Paiement à {merchant}',
  page_description: 'Page de paiement sécurisée de {merchant}.',
  page_description_generic: 'Page de paiement sécurisée.',
  og_alt: 'Page de paiement sécurisée',
  loading: 'Chargement de votre paiement…',
  noscript:
    'Cette page de paiement a besoin de JavaScript. Activez-le, ou ouvrez le lien dans le navigateur de votre téléphone.',
  sandbox_banner: 'Sandbox\u00a0: mode test. Aucun argent réel ne circule.',
  summary_label: 'Récapitulatif du paiement',
  pay_to: 'Payer {merchant}',
  amount_due: 'Montant',
  reference_line: 'Référence\u00a0: {reference}',
  expires_in: 'Ce lien de paiement expire dans {time}.',
  other_language: 'English',
  help: 'Besoin d’aide\u00a0? Contactez {merchant}',
  help_email: 'E-mail\u00a0: {email}',
  help_phone: 'Téléphone\u00a0: {phone}',
  help_service: 'Besoin d’aide\u00a0? Contactez {service}, le service de paiement de {merchant}.',
  help_web: 'Centre d’aide',
  contact_title: 'Une question sur ce paiement\u00a0?',
  contact_merchant: 'Contactez {merchant} en indiquant la référence {reference}.',
  contact_service: 'Contactez {service}, le service de paiement de {merchant}, en indiquant la référence {reference}.',
  checking: 'Mise à jour automatique',

  choose_title: 'Comment souhaitez-vous payer\u00a0?',
  method_legend: 'Moyen de paiement',
  method_mobile_money: 'Mobile money',
  method_bank_transfer: 'Virement bancaire',
  method_bank_transfer_hint: 'Depuis votre application bancaire, votre banque en ligne ou une agence',
  method_manual_hint: 'Vérifié manuellement\u00a0: la confirmation peut prendre plus de temps',
  continue: 'Continuer',
  no_methods_title: 'Ce paiement ne peut pas être effectué ici',
  no_methods_body: 'Aucun moyen de paiement n’est disponible pour ce paiement. Contactez {merchant}.',
  no_methods_time_body:
    'Ce lien expire le {time}\u00a0: trop tôt pour qu’un virement arrive, et il n’y a pas d’autre moyen de le payer. Demandez un nouveau lien à {merchant}.',
  unavailable_bank_time:
    'Le virement bancaire n’est pas proposé\u00a0: ce lien expire le {time}, trop tôt pour qu’un virement arrive.',

  mm_title: 'Payer par mobile money',
  network_legend: 'Réseau',
  network_country_legend: 'Réseau et pays',
  phone_label: 'Numéro mobile money',
  phone_hint: 'Par exemple {example}',
  phone_locked_hint: '{merchant} a fixé ce numéro pour ce paiement\u00a0; il ne peut pas être modifié.',
  phone_required: 'Saisissez votre numéro mobile money.',
  phone_invalid: 'Saisissez un numéro {network} valide, par exemple {example}.',
  phone_other_network:
    'Ce numéro est un numéro {owner}, pas {network}. Choisissez {owner}, ou saisissez un numéro {network}.',
  phone_other_country: 'Saisissez un numéro +{code}, par exemple {example}.',
  network_required: 'Choisissez votre réseau.',
  pay_button: 'Payer {amount}',
  pay_another_way: 'Payer autrement',
  sandbox_numbers_title: 'Numéros de test sandbox (quatre derniers chiffres)',
  sandbox_number_1111: '1111\u00a0: le client refuse',
  sandbox_number_2222: '2222\u00a0: solde insuffisant',
  sandbox_number_3333: '3333\u00a0: pas de réponse (délai dépassé)',
  sandbox_number_4444: '4444\u00a0: accepte immédiatement',
  sandbox_number_other: 'Tout autre numéro accepte après quelques secondes',

  approve_title: 'Validez le paiement sur votre téléphone',
  approve_body:
    'Nous avons envoyé une demande de paiement au {phone} ({network}). Saisissez votre code PIN mobile money pour valider {amount} à {merchant}.',
  approve_time_left: 'Temps restant pour valider\u00a0:',
  approve_time_up: 'La demande a expiré. Vérification de son statut final…',
  approve_help_title: 'Pas de demande, ou mauvais numéro\u00a0?',
  approve_help_body:
    'Vérifiez que votre téléphone est allumé, déverrouillé et qu’il capte le réseau. Si la demande n’arrive toujours pas, vous pouvez la renvoyer ou utiliser un autre numéro. Ne validez qu’une seule demande : si vous en validez deux, le second paiement est remboursé, pas perdu.',
  approve_resend: 'Renvoyer la demande',
  approve_change_number: 'Utiliser un autre numéro',
  approve_resend_wait: 'Vous pourrez renvoyer une demande dans {seconds} s.',
  approve_manual: 'Ou validez-le depuis le menu {network}\u00a0: composez le {dial}, puis {menu}.',
  approve_manual_dial:
    'Ou validez-le depuis le menu {network}\u00a0: composez le {dial} et ouvrez vos validations en attente.',

  sim_mm_legend: 'Simuler le client (sandbox)',
  sim_approve: 'Accepter',
  sim_decline: 'Refuser',
  sim_insufficient: 'Solde insuffisant',
  sim_no_answer: 'Pas de réponse',
  sim_transfer_legend: 'Simuler un virement (sandbox)',
  sim_exact: 'Virement reçu',
  sim_short: '{amount} de moins',
  sim_over: '{amount} de plus',
  sim_duplicate: 'Envoyé deux fois',
  sim_failed: 'La simulation a échoué. Réessayez.',

  bank_title: 'Payer par virement bancaire',
  bank_intro: 'Envoyez exactement {amount} sur ce compte. Indiquez la référence pour que votre paiement soit reconnu.',
  bank_name: 'Banque',
  account_name: 'Titulaire du compte',
  account_number: 'Numéro de compte',
  branch_code: 'Code agence',
  swift_code: 'Code SWIFT',
  iban: 'IBAN',
  sort_code: 'Sort code (code guichet)',
  routing_number: 'Numéro de routage (ABA)',
  bank_pay_to: 'Vous payez {merchant}, par l’intermédiaire de {account_name} chez {bank_name}.',
  bank_pay_by:
    'Envoyez-le avant le {time}. Le lien expire alors\u00a0: l’argent arrivé plus tard est remboursé, pas compté.',
  bank_preparing: 'Récupération des coordonnées bancaires…',
  exact_amount: 'Montant',
  transfer_reference: 'Référence',
  bank_warning: 'Envoyez le montant exact en un seul virement, et indiquez la référence dans le libellé du virement.',
  bank_manual_note:
    'Les virements à {merchant} sont vérifiés manuellement avant d’être confirmés\u00a0: cela peut prendre plus de temps.',
  bank_sent: 'J’ai envoyé l’argent',
  bank_show: 'Afficher les coordonnées bancaires',
  copy: 'Copier',
  copied: 'Copié',
  copy_label: 'Copier\u00a0: {field}',
  copied_announce: '{field} copié.',
  copy_failed: 'Impossible de copier. Sélectionnez le texte et copiez-le vous-même.',

  waiting_title: 'Vérification de votre virement',
  waiting_body:
    'Nous confirmons le paiement dès que l’argent arrive. Un virement prend souvent quelques minutes, parfois davantage.',
  waiting_manual_body: 'Chaque virement est vérifié manuellement avant d’être confirmé. Cela peut prendre un moment.',
  waiting_close:
    'Vous pouvez fermer cette page\u00a0: {merchant} est prévenu dès que votre paiement est confirmé. Conservez votre référence\u00a0: {reference}.',
  waiting_details: 'Afficher à nouveau les coordonnées du virement',
  confirming_title: 'Confirmation de votre paiement',
  confirming_body: 'Cela prend généralement quelques secondes.',
  money_title: 'Votre argent',
  money_short_title: 'Une partie du paiement est arrivée',
  money_short: 'Nous avons reçu {received} sur {amount}\u00a0: il manque encore {outstanding}.',
  money_short_todo:
    'Pour terminer le paiement, envoyez les {outstanding} manquants sur le même compte avec la même référence, {reference}. Les virements s’additionnent.',
  money_short_refund:
    'Si vous préférez ne pas payer le reste, contactez {merchant}\u00a0: les {received} envoyés vous seront remboursés.',
  money_short_amount: 'Reste à envoyer',
  money_over: 'Vous avez envoyé {overpaid} de plus que le montant. {merchant} vous remboursera ces {overpaid}.',
  money_duplicate:
    '{duplicate} de plus sont arrivés après la fin de ce paiement. Cet argent n’est pas perdu\u00a0: il vous sera remboursé.',
  money_duplicate_closed:
    '{duplicate} sont arrivés après la clôture de ce paiement. Cet argent n’est pas perdu\u00a0: il vous sera remboursé.',
  money_unpaid:
    'Nous avons reçu {received} pour ce paiement. Ce montant n’a pas réglé le paiement et vous sera remboursé.',
  money_refunded: '{refunded} vous ont été remboursés à ce jour.',

  paid_title: 'Paiement réussi',
  paid_body: 'Votre paiement à {merchant} est confirmé.',
  receipt_title: 'Reçu',
  receipt_paid_to: 'Payé à',
  receipt_amount: 'Montant',
  receipt_reference: 'Référence',
  receipt_date: 'Date',
  receipt_method: 'Payé par',
  receipt_for: 'Objet',
  receipt_mobile_money: 'Mobile money, {network} {phone}',
  receipt_transaction_id: 'N° de transaction',
  receipt_received: 'Montant reçu',
  receipt_print: 'Imprimer ou enregistrer le reçu',
  redirect_in: 'Retour vers {merchant} dans {seconds}\u00a0s.',
  redirect_now: 'Continuer maintenant',
  redirect_stay: 'Rester sur cette page',
  return_to: 'Retourner sur {merchant}',

  failed_title: 'Paiement non effectué',
  timeout_title: 'Pas de réponse de votre téléphone',
  failure_declined: 'Le paiement a été refusé sur le téléphone.',
  failure_insufficient_funds: 'Le portefeuille mobile money n’a pas assez d’argent pour ce paiement.',
  failure_no_answer: 'La demande n’a pas été validée à temps.',
  failure_rejected: 'Votre virement n’a pas pu être confirmé.',
  failure_reason: 'Motif\u00a0: {reason}',
  failure_generic: 'Le paiement n’a pas abouti.',
  failure_no_money_moved: 'Aucun argent n’a quitté votre portefeuille\u00a0: vous pouvez simplement réessayer.',
  twice_title: 'Ne payez pas deux fois',
  twice_mobile_money:
    'Avant de réessayer, vérifiez vos messages mobile money. Si de l’argent a quitté votre portefeuille, ne payez pas à nouveau\u00a0: contactez {merchant} avec la référence {reference}.',
  twice_bank:
    'Avant de payer à nouveau, vérifiez votre application bancaire. Si l’argent a quitté votre compte, ne payez pas à nouveau\u00a0: contactez {merchant} avec la référence {reference}.',
  twice_late: 'Si vous validez maintenant la demande précédente, cette page le détectera quand même.',
  try_again: 'Réessayer',
  other_number: 'Utiliser un autre numéro',

  expired_title: 'Ce lien de paiement a expiré',
  expired_body: 'Demandez un nouveau lien à {merchant} pour payer.',
  cancelled_title: 'Ce paiement a été annulé',
  cancelled_body: '{merchant} a annulé ce paiement. Demandez-lui un nouveau lien si vous souhaitez toujours payer.',
  money_sent_note:
    'Si vous avez déjà envoyé de l’argent, contactez {merchant} avec la référence {reference} pour être remboursé.',

  invalid_title: 'Ce lien de paiement n’est pas valide',
  invalid_body:
    'Le lien est peut-être incomplet ou périmé. Ouvrez-le à nouveau depuis le message reçu, ou demandez un nouveau lien au marchand.',
  load_error_title: 'Impossible de charger ce paiement pour le moment',
  load_error_body: 'Vérifiez votre connexion. Nous réessayons automatiquement.',
  retry: 'Réessayer',
  offline: 'Vous semblez hors ligne. Cette page se mettra à jour au retour de la connexion.',

  error_rate_limited: 'Trop de tentatives. Patientez {seconds}\u00a0s, puis réessayez.',
  error_generic: 'Une erreur est survenue. Réessayez.',
  error_network:
    'Le serveur n’a pas pu être joint\u00a0: nous ne savons pas si l’opération a abouti. Le statut ci-dessous est à jour\u00a0; vérifiez-le avant de réessayer.',
  error_state_changed: 'Ce paiement a changé entre-temps. Voici où il en est.',
  error_method_unavailable: 'Ce moyen de paiement n’est plus disponible pour ce paiement.',
  error_reference: 'Référence de l’erreur\u00a0: {id}',

  announce_prompt: 'Demande envoyée. Validez le paiement sur votre téléphone.',
  announce_bank: 'Les coordonnées du virement sont affichées.',
  announce_waiting: 'Virement noté. En attente de confirmation.',
  announce_time_up: 'La demande a expiré.',
  announce_expires_soon: 'Ce lien de paiement expire dans une minute.',
};

export const catalogues: Record<Locale, Messages> = { en, fr };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

type VarsOf<K extends MessageKey> = Record<Placeholders<En[K]>, string | number>;
/** The variables argument a key needs: none, or one object naming each placeholder. */
export type VarsArg<K extends MessageKey> = [Placeholders<En[K]>] extends [never] ? [] : [VarsOf<K>];
