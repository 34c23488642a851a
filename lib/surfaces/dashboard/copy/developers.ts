import type { Locale } from '../../../platform/i18n/locale';

/** The Developers section: API keys (and the links to the API's reference). */
const en = {
  title: 'Developers',
  lead: 'Keys for the merchant API. The reference is at /docs.',
  docs: 'API reference',
  keys: 'API keys',
  no_keys: 'No keys in this mode yet.',
  name: 'Name',
  prefix: 'Key',
  access: 'Access',
  status: 'Status',
  last_used: 'Last used',
  never: 'Never',
  created: 'Created',
  revoke: 'Revoke',
  revoked: 'Revoked.',
  create: 'Create a key',
  create_submit: 'Create key',
  key_name: 'Name',
  key_name_hint: 'What it is for, e.g. "Shop server".',
  scope: 'Access',
  full_access: 'Full access',
  restricted: 'Restricted',
  permissions: 'Permissions (restricted keys)',
  expires_at: 'Expires (optional)',
  created_secret: 'Your new key. Copy it now: it is shown only once.',
  full: 'Full access',
} as const;

type Words = Record<keyof typeof en, string>;

const fr: Words = {
  title: 'Développeurs',
  lead: 'Clés de l’API marchand. La référence est sur /docs.',
  docs: 'Référence de l’API',
  keys: 'Clés d’API',
  no_keys: 'Aucune clé dans ce mode pour l’instant.',
  name: 'Nom',
  prefix: 'Clé',
  access: 'Accès',
  status: 'État',
  last_used: 'Dernière utilisation',
  never: 'Jamais',
  created: 'Créée',
  revoke: 'Révoquer',
  revoked: 'Révoquée.',
  create: 'Créer une clé',
  create_submit: 'Créer la clé',
  key_name: 'Nom',
  key_name_hint: 'À quoi elle sert, par ex. « Serveur de la boutique ».',
  scope: 'Accès',
  full_access: 'Accès complet',
  restricted: 'Restreint',
  permissions: 'Permissions (clés restreintes)',
  expires_at: 'Expiration (facultative)',
  created_secret: 'Votre nouvelle clé. Copiez-la maintenant : elle ne sera plus affichée.',
  full: 'Accès complet',
};

export const DEVELOPERS_COPY: Record<Locale, Words> = { en, fr };
export type DevelopersWords = Words;
