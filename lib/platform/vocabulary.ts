/**
 * The API's words, free of storage: the statuses, methods, networks, kinds and roles that requests,
 * answers, events, pages and the database all use. The database layer imports them for its columns
 * and checks; contracts import them from here, never from the database layer (a lint rule keeps it
 * so), so the API and its typed client can be read without the tables. Currencies are in
 * lib/platform/money/currencies.ts, event types in lib/notifications/events/catalog.ts.
 */

// api-keys
export const API_KEY_PERMISSIONS = ['read', 'write', 'checkout', 'webhook'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
export const API_KEY_SCOPES = ['FULL_ACCESS', 'RESTRICTED'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

// audit
/**
 * Who acted: a member in the dashboard (`person`), an operator in the console (`operator`), a
 * merchant's API key (`api_key`, with the person who made it), an operator's admin key
 * (`admin_key`), or the bootstrap `ADMIN_API_TOKEN` (`bootstrap_token`, nobody in particular).
 */
export const ACTOR_TYPES = ['person', 'operator', 'api_key', 'admin_key', 'bootstrap_token'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

// auth
export const MEMBER_ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

// checkouts
export const CHECKOUT_STATUSES = [
  'pending',
  'awaiting_payment_initiation',
  'processing',
  'paid',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'timeout',
] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const APPROVAL_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

// customer-transactions
export const TRANSACTION_TYPES = ['deposit', 'payout', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const SETTLEMENT_STATUSES = ['unsettled', 'settled'] as const;
/**
 * Money out has its own finer life: PENDING → PROCESSING → COMPLETED | FAILED, or PENDING → CANCELLED;
 * COMPLETED → REVERSED when the rail later sends the money back (beyond the spec: decisions/money-out.md).
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A withdrawal goes to the merchant's own account; a payout to a third party. */
export const PAYOUT_KINDS = ['withdrawal', 'payout'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

// embed-sessions
export const EMBED_SESSION_STATUSES = ['active', 'disabled'] as const;
export type EmbedSessionStatus = (typeof EMBED_SESSION_STATUSES)[number];
/** At most this many amounts in a button's picker, and this many allowed origins. */
export const EMBED_LIMITS = { amounts: 10, origins: 10 } as const;

// go-live
export const GO_LIVE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'more_info'] as const;
export type GoLiveStatus = (typeof GO_LIVE_STATUSES)[number];
/** What a decision line records: the merchant's submission, or the operator's answer. */
export const GO_LIVE_DECISIONS = ['submitted', 'approved', 'rejected', 'more_info'] as const;
export type GoLiveDecision = (typeof GO_LIVE_DECISIONS)[number];
/** The kinds a document may be, found from its first bytes (never its name or the browser's type). */
export const GO_LIVE_DOCUMENT_KINDS = ['pdf', 'png', 'jpeg'] as const;
export type GoLiveDocumentKind = (typeof GO_LIVE_DOCUMENT_KINDS)[number];

// merchants
export const KYB_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type KybStatus = (typeof KYB_STATUSES)[number];

// payment-accounts
export const PAYMENT_ACCOUNT_TYPES = ['bank_account', 'mobile_money'] as const;
export type PaymentAccountType = (typeof PAYMENT_ACCOUNT_TYPES)[number];
export const PAYMENT_ACCOUNT_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number];
export const NETWORK_PROVIDERS = ['mtn_momo', 'mpesa', 'orange_money', 'vodafone_cash', 'airtel_money'] as const;
export type NetworkProvider = (typeof NETWORK_PROVIDERS)[number];

// payment-attempts
export const PAYMENT_METHODS = ['mobile_money', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * One try at paying a checkout. Mobile money: `processing` (prompt sent) → `succeeded` | `failed` |
 * `timeout`. Bank transfer: `awaiting_transfer` (details shown) → `claimed` (customer says sent) →
 * `succeeded` | `failed`. An attempt left behind when the customer switches method becomes `abandoned`.
 * Every move is in lib/collections/attempt-lifecycle.ts.
 */
export const ATTEMPT_STATUSES = [
  'awaiting_transfer',
  'claimed',
  'processing',
  'succeeded',
  'failed',
  'timeout',
  'abandoned',
] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

// payment-links
export const PAYMENT_LINK_STATUSES = ['active', 'inactive'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

// tenants
export const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

// wallets
/** `frozen`: set by the merchant; `suspended`: set by an operator. Both refuse money going out. */
export const WALLET_STATUSES = ['active', 'frozen', 'suspended'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

// webhooks
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
