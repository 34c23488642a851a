import type { PeopleLocale } from '../../../platform/i18n/locale';
import type {
  TransactionStatus,
  TransactionType,
  WalletStatus,
  WebhookDeliveryStatus,
} from '../../../platform/vocabulary';

/**
 * The words for the values the API spells in English (a transaction's type and status, a key's, a
 * wallet's, a webhook delivery's), so a French page never shows `completed` or `revoked`. The API and
 * the CSV keep the values themselves.
 */
const EN = {
  transaction_type: { deposit: 'Deposit', payout: 'Payout', refund: 'Refund' },
  transaction_status: { pending: 'Pending', completed: 'Completed', failed: 'Failed', cancelled: 'Cancelled' },
  key_status: { active: 'Active', revoked: 'Revoked', expired: 'Expired' },
  wallet_status: { active: 'Active', frozen: 'Frozen', suspended: 'Suspended' },
  delivery_status: { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed', cancelled: 'Cancelled' },
} satisfies StatusWords;

const FR: StatusWords = {
  transaction_type: { deposit: 'Encaissement', payout: 'Paiement sortant', refund: 'Remboursement' },
  transaction_status: { pending: 'En attente', completed: 'Terminée', failed: 'Échouée', cancelled: 'Annulée' },
  key_status: { active: 'Active', revoked: 'Révoquée', expired: 'Expirée' },
  wallet_status: { active: 'Actif', frozen: 'Gelé', suspended: 'Suspendu' },
  delivery_status: { pending: 'En attente', succeeded: 'Livrée', failed: 'Échouée', cancelled: 'Annulée' },
};

/** A key as the API shows it (an expired key is still `active` in its row). */
type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export interface StatusWords {
  transaction_type: Record<TransactionType, string>;
  transaction_status: Record<TransactionStatus, string>;
  key_status: Record<ApiKeyStatus, string>;
  wallet_status: Record<WalletStatus, string>;
  delivery_status: Record<WebhookDeliveryStatus, string>;
}

export const STATUS_WORDS: Record<PeopleLocale, StatusWords> = { en: EN, fr: FR };

/** A value's words, or the value itself if a newer one has none yet (never an empty cell). */
export const wordFor = <K extends string>(table: Record<K, string>, value: string): string =>
  (table as Record<string, string>)[value] ?? value;
