import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import type { Translated } from '@/lib/platform/i18n/catalogue-types';

/** The sign-in page's passkey button and what it says, in English and French. */
const en = {
  or: 'or',
  sign_in: 'Sign in with a passkey',
  working: 'Follow your browser’s prompt…',
  failed: 'That passkey was not accepted. Sign in with your password, or try another passkey.',
  cancelled: 'The passkey prompt was closed. Try again, or sign in with your password.',
  unsupported: 'This browser cannot use passkeys: sign in with your password.',
  too_many: 'Too many attempts. Wait a minute, then try again.',
} as const;

export type PasskeySignInWords = Translated<typeof en>;

const fr: PasskeySignInWords = {
  or: 'ou',
  sign_in: 'Se connecter avec une clé d’accès',
  working: 'Suivez les instructions de votre navigateur…',
  failed: 'Cette clé d’accès n’a pas été acceptée. Connectez-vous avec votre mot de passe, ou essayez une autre clé.',
  cancelled: 'La fenêtre de la clé d’accès a été fermée. Réessayez, ou connectez-vous avec votre mot de passe.',
  unsupported: 'Ce navigateur ne peut pas utiliser de clé d’accès : connectez-vous avec votre mot de passe.',
  too_many: 'Trop de tentatives. Attendez une minute, puis réessayez.',
};

export const PASSKEY_SIGN_IN_WORDS: Record<PeopleLocale, PasskeySignInWords> = { en, fr };
