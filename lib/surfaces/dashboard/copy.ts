import type { Locale } from '../../platform/i18n/locale';
import type { Problem } from './people';

/** The words of the sign-in pages and the dashboard, in English and French. */
const en = {
  sign_up_title: 'Create your account',
  sign_up_lead: 'Take payments by mobile money and bank transfer. Test mode is ready at once.',
  sign_in_title: 'Sign in',
  name: 'Your name',
  business: 'Business name',
  email: 'Email',
  password: 'Password',
  password_hint: 'At least 12 characters.',
  create_account: 'Create account',
  have_account: 'Already have an account?',
  no_account: 'New here?',
  sign_in: 'Sign in',
  sign_up: 'Create an account',
  two_factor_title: 'Two-step verification',
  two_factor_lead: 'Enter the 6-digit code from your authenticator app.',
  code: 'Code',
  verify: 'Verify',
  enrol_title: 'Set up two-step verification',
  enrol_lead:
    'Owners and admins can move money, so their accounts need a second step. Confirm your password to get your setup key.',
  enrol_start: 'Get my setup key',
  enrol_key:
    'Add this key to an authenticator app (Google Authenticator, Authy, 1Password…), then enter the code it shows.',
  enrol_open: 'Open in an authenticator app on this phone',
  enrol_backup: 'Backup codes: keep them somewhere safe. Each one signs you in once if you lose your phone.',
  enrol_confirm: 'Turn on two-step verification',
  dashboard_title: 'Home',
  balances: 'Balances',
  available: 'Available',
  holding: 'Holding',
  test_mode: 'Test mode',
  sign_out: 'Sign out',
  mailbox_title: 'Dev mailbox',
  mailbox_lead: 'No SMTP server is configured (SMTP_URL), so email stays here. Only this machine can see this page.',
  mailbox_empty: 'No email yet.',
  skip_to_content: 'Skip to content',
  problem_invalid_input: 'Check the highlighted field.',
  problem_email_taken: 'An account already uses this email. Sign in instead.',
  problem_wrong_credentials: 'That email and password do not match.',
  problem_wrong_code: 'That code is not right. Codes change every 30 seconds.',
  problem_too_many_attempts: 'Too many attempts. Wait a minute, then try again.',
  problem_session_expired: 'Your sign-in timed out. Sign in again.',
} as const;

export type CopyKey = keyof typeof en;
type Copy = Record<CopyKey, string>;

const fr: Copy = {
  sign_up_title: 'Créez votre compte',
  sign_up_lead: 'Encaissez par mobile money et virement bancaire. Le mode test est prêt tout de suite.',
  sign_in_title: 'Connexion',
  name: 'Votre nom',
  business: "Nom de l'entreprise",
  email: 'E-mail',
  password: 'Mot de passe',
  password_hint: 'Au moins 12 caractères.',
  create_account: 'Créer le compte',
  have_account: 'Vous avez déjà un compte ?',
  no_account: 'Nouveau ici ?',
  sign_in: 'Se connecter',
  sign_up: 'Créer un compte',
  two_factor_title: 'Validation en deux étapes',
  two_factor_lead: "Saisissez le code à 6 chiffres de votre application d'authentification.",
  code: 'Code',
  verify: 'Valider',
  enrol_title: 'Activer la validation en deux étapes',
  enrol_lead:
    "Les propriétaires et administrateurs peuvent déplacer de l'argent : leur compte exige une deuxième étape. Confirmez votre mot de passe pour obtenir votre clé.",
  enrol_start: 'Obtenir ma clé',
  enrol_key:
    "Ajoutez cette clé à une application d'authentification (Google Authenticator, Authy, 1Password…), puis saisissez le code affiché.",
  enrol_open: "Ouvrir dans une application d'authentification sur ce téléphone",
  enrol_backup:
    'Codes de secours : gardez-les en lieu sûr. Chacun permet une connexion si vous perdez votre téléphone.',
  enrol_confirm: 'Activer la validation en deux étapes',
  dashboard_title: 'Accueil',
  balances: 'Soldes',
  available: 'Disponible',
  holding: 'En attente',
  test_mode: 'Mode test',
  sign_out: 'Se déconnecter',
  mailbox_title: 'Boîte mail de développement',
  mailbox_lead:
    "Aucun serveur SMTP n'est configuré (SMTP_URL) : les e-mails restent ici. Seule cette machine voit cette page.",
  mailbox_empty: "Pas encore d'e-mail.",
  skip_to_content: 'Aller au contenu',
  problem_invalid_input: 'Vérifiez le champ signalé.',
  problem_email_taken: 'Un compte utilise déjà cet e-mail. Connectez-vous.',
  problem_wrong_credentials: "L'e-mail et le mot de passe ne correspondent pas.",
  problem_wrong_code: "Ce code n'est pas le bon. Les codes changent toutes les 30 secondes.",
  problem_too_many_attempts: 'Trop de tentatives. Attendez une minute, puis réessayez.',
  problem_session_expired: 'Votre connexion a expiré. Reconnectez-vous.',
};

export const COPY: Record<Locale, Copy> = { en, fr };
export const problemKey = (problem: Problem): CopyKey => `problem_${problem}`;
