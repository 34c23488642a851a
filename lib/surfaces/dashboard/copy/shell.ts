import type { Locale } from '../../../platform/i18n/locale';
import type { ActionCode } from '../perform';

/** The dashboard's frame (navigation, modes, the business switcher) and the refusals every form may show. */
const en = {
  nav_label: 'Dashboard',
  nav_home: 'Home',
  nav_checkouts: 'Checkouts',
  nav_transactions: 'Transactions',
  nav_wallets: 'Wallets',
  nav_money_out: 'Money out',
  nav_conversion: 'Conversion',
  nav_developers: 'Developers',
  nav_settings: 'Settings',
  mode_label: 'Mode',
  mode_test: 'Test',
  mode_live: 'Live',
  mode_live_off: '(not enabled)',
  test_banner: 'Test mode: sandbox money only. Nothing here is real.',
  live_off_title: 'Live mode is not enabled yet',
  live_off_lead:
    'Live payments start once your business is verified and the operator turns live mode on. Test mode works now.',
  business_label: 'Business',
  switch: 'Switch',
  sign_out: 'Sign out',
  skip_to_content: 'Skip to content',
  role: 'Your role',
  no_business: 'You are not a member of any business yet. Ask an owner to invite you.',
  console: 'Open the operator console',
  step_up_label: 'Code from your authenticator app',
  step_up_hint: 'This needs a fresh second step: enter the 6-digit code.',
  confirm: 'Confirm',
  done: 'Done.',
  confirm_question: 'Are you sure? This cannot be undone.',
  confirm_keep: 'No, keep it',
  not_found_title: 'This page is not here',
  not_found_lead: 'It may have been deleted, or it belongs to another business or to the other mode.',
  not_found_home: 'Back to the dashboard',
  refused_insufficient_permissions: 'Your role does not allow this. Ask an owner or admin.',
  refused_step_up_required: 'Confirm it is you: enter the code from your authenticator app.',
  refused_wrong_code: 'That code is not right. Codes change every 30 seconds.',
  refused_too_many_attempts: 'Too many attempts. Wait a few minutes, then try again.',
  refused_signed_out: 'Your session has ended. Sign in again.',
  refused_not_found: 'Not found: it may belong to another business or the other mode.',
  refused_validation_error: 'Check the highlighted fields.',
  refused_forbidden: 'This is not allowed:',
  refused_other: 'This was refused:',
} as const;

type Words = Record<keyof typeof en, string>;

const fr: Words = {
  nav_label: 'Tableau de bord',
  nav_home: 'Accueil',
  nav_checkouts: 'Paiements',
  nav_transactions: 'Transactions',
  nav_wallets: 'Portefeuilles',
  nav_money_out: 'Sorties',
  nav_conversion: 'Conversion',
  nav_developers: 'Développeurs',
  nav_settings: 'Paramètres',
  mode_label: 'Mode',
  mode_test: 'Test',
  mode_live: 'Réel',
  mode_live_off: '(non activé)',
  test_banner: 'Mode test : argent fictif uniquement. Rien ici n’est réel.',
  live_off_title: 'Le mode réel n’est pas encore activé',
  live_off_lead:
    'Les paiements réels commencent quand votre entreprise est vérifiée et que l’opérateur active le mode réel. Le mode test fonctionne déjà.',
  business_label: 'Entreprise',
  switch: 'Changer',
  sign_out: 'Se déconnecter',
  skip_to_content: 'Aller au contenu',
  role: 'Votre rôle',
  no_business: 'Vous n’êtes membre d’aucune entreprise. Demandez une invitation à un propriétaire.',
  console: 'Ouvrir la console de l’opérateur',
  step_up_label: 'Code de votre application d’authentification',
  step_up_hint: 'Cette action demande une nouvelle validation : saisissez le code à 6 chiffres.',
  confirm: 'Confirmer',
  done: 'C’est fait.',
  confirm_question: 'Vous êtes sûr ? C’est définitif.',
  confirm_keep: 'Non, ne rien changer',
  not_found_title: 'Cette page n’existe pas',
  not_found_lead: 'Elle a peut-être été supprimée, ou elle appartient à une autre entreprise ou à l’autre mode.',
  not_found_home: 'Retour au tableau de bord',
  refused_insufficient_permissions: 'Votre rôle ne le permet pas. Demandez à un propriétaire ou un administrateur.',
  refused_step_up_required: 'Confirmez que c’est vous : saisissez le code de votre application d’authentification.',
  refused_wrong_code: 'Ce code n’est pas le bon. Les codes changent toutes les 30 secondes.',
  refused_too_many_attempts: 'Trop de tentatives. Attendez quelques minutes, puis réessayez.',
  refused_signed_out: 'Votre session a pris fin. Reconnectez-vous.',
  refused_not_found: 'Introuvable : il appartient peut-être à une autre entreprise ou à l’autre mode.',
  refused_validation_error: 'Vérifiez les champs signalés.',
  refused_forbidden: 'Ce n’est pas permis :',
  refused_other: 'Refusé :',
};

export const SHELL_COPY: Record<Locale, Words> = { en, fr };
export type ShellWords = Words;

/** What a refused action says, in the page's language; codes without words of their own show the API's message. */
export function refusalText(words: Words, code: ActionCode, message: string): string {
  const key = `refused_${code}` as keyof Words;
  if (!(key in words)) return `${words.refused_other} ${message}`;
  // Words ending in a colon introduce the API's own message (which says which rule).
  return /:\s*$/.test(words[key]) ? `${words[key]} ${message}` : words[key];
}
