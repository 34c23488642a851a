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
