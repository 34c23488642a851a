/** A UUID as the API shows it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A timestamp as the API shows it: ISO 8601, milliseconds, no zone (UTC). */
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/;

/** The fields of an API key (spec 2.2): every one is present, null when empty. */
export const API_KEY_FIELDS = [
  'id',
  'merchant_id',
  'key_name',
  'key_hash',
  'key_prefix',
  'status',
  'scope',
  'permissions',
  'expires_at',
  'last_used_at',
  'created_by',
  'revoked_at',
  'revoked_by',
  'api_key_metadata',
  'created_at',
  'updated_at',
  'deleted_at',
];

/** Every currency the service supports: a merchant has one wallet in each. */
export const CURRENCIES = ['ETB', 'EUR', 'GBP', 'GHS', 'KES', 'NGN', 'UGX', 'USD', 'XAF', 'XOF'];

/** The fields of a wallet (spec 2.3), as the merchant and the operator read it. */
export const WALLET_FIELDS = [
  'id',
  'merchant_id',
  'currency_id',
  'currency_name',
  'holding_balance',
  'available_balance',
  'balance',
  'settlement_hold',
  'settlement_hold_reason',
  'settlement_hold_visibility',
  'last_deposit_at',
  'last_settlement_at',
  'last_payout_at',
  'status',
  'created_at',
  'updated_at',
];
