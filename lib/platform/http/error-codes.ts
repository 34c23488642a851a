/**
 * Every machine-readable `error.code` the API answers, with its status and meaning. ApiError takes
 * only these (the compiler holds every throw to this list), the OpenAPI document's Error schema lists
 * them, and the integration suite checks each error it sees against its status here.
 */
export const ERROR_CODES = {
  // The request itself
  malformed_json: { status: 400, meaning: 'The body is not valid JSON' },
  payload_too_large: { status: 413, meaning: 'The body is larger than 1 MB' },
  unsupported_media_type: { status: 415, meaning: 'A body was sent without Content-Type: application/json' },
  validation_error: { status: 422, meaning: 'Invalid input: `error.fields` names each field and why' },
  json_too_deep: { status: 422, meaning: 'The JSON body nests deeper than 32 levels (`error.fields` names where)' },
  idempotency_key_reused: { status: 422, meaning: 'This Idempotency-Key was used with another body' },
  idempotency_key_in_use: {
    status: 409,
    meaning: 'The first request with this Idempotency-Key is still running: retry shortly',
  },
  method_not_allowed: { status: 405, meaning: 'The path exists, not with this method (see `Allow`)' },
  route_not_found: { status: 404, meaning: 'No such path (sandbox paths also answer this outside sandbox mode)' },
  not_found: { status: 404, meaning: 'No such resource, or it belongs to another merchant or the other mode' },
  rate_limited: { status: 429, meaning: 'Too many requests: wait `Retry-After` seconds' },
  internal_error: { status: 500, meaning: 'Our fault; it was logged under the request id' },
  database_unavailable: {
    status: 503,
    meaning:
      'The service cannot reach its database for a moment (a restart, a failover): wait `Retry-After` seconds and send the request again. Nothing was changed, unless the connection broke while a write was committing: a write sent again with the same Idempotency-Key is then answered as the first one was',
  },
  rail_unavailable: {
    status: 503,
    meaning:
      'Live mode: no provider takes this method and currency in this deployment, or the provider could not be reached',
  },

  // Credentials
  unauthorized: { status: 401, meaning: 'Not authenticated' },
  missing_api_key: { status: 401, meaning: 'No x-api-key header' },
  invalid_api_key: { status: 401, meaning: 'The API key is malformed or unknown' },
  revoked_api_key: { status: 401, meaning: 'The API key was revoked' },
  expired_api_key: { status: 401, meaning: 'The API key passed its expires_at' },
  missing_admin_token: { status: 401, meaning: 'No operator bearer token' },
  invalid_admin_token: {
    status: 401,
    meaning: 'The operator token or admin key is wrong, revoked, or its operator no longer is one',
  },
  admin_token_retired: {
    status: 401,
    meaning: 'The bootstrap ADMIN_API_TOKEN no longer works: an operator has an admin key; use yours',
  },
  missing_checkout_token: { status: 401, meaning: 'No X-Checkout-Token header' },
  invalid_checkout_token: { status: 401, meaning: 'The checkout token is not valid for this payment reference' },
  checkout_link_expired: {
    status: 410,
    meaning: 'The payment link is past its time to pay: it still reads the outcome, it takes no payment',
  },
  invalid_signature: {
    status: 401,
    meaning: "A provider notification whose signature is missing or not the provider's",
  },
  missing_embed_token: { status: 401, meaning: 'No X-Embed-Token header' },
  invalid_embed_token: { status: 401, meaning: 'The embed token is malformed or unknown' },
  forbidden: { status: 403, meaning: "Not allowed (for example the merchant's KYB does not permit it)" },
  live_mode_not_enabled: {
    status: 403,
    meaning:
      'A live key (sk_live_…) of a merchant whose live mode the operator has not enabled (it needs KYB verified)',
  },
  insufficient_permissions: { status: 403, meaning: 'The API key lacks the permission this endpoint needs' },
  merchant_rejected: { status: 403, meaning: "The merchant's KYB was rejected: it cannot take payments" },
  currency_unavailable: { status: 403, meaning: 'The merchant cannot accept this currency at the moment' },
  origin_not_allowed: { status: 403, meaning: "The page's Origin is not one of the embed session's allowed origins" },

  // Business rules
  checkout_not_cancellable: { status: 409, meaning: 'Only a pending checkout can be cancelled' },
  invalid_checkout_transition: { status: 409, meaning: 'The checkout cannot make this move from its current status' },
  method_unavailable: { status: 409, meaning: 'This payment method is not offered for this checkout' },
  prompt_recently_sent: {
    status: 409,
    meaning: 'A mobile-money prompt was just sent: a new one after `Retry-After` seconds',
  },
  no_transfer_to_claim: { status: 409, meaning: 'Bank transfer was not chosen, so there is nothing to claim' },
  not_awaiting_approval: { status: 409, meaning: 'The checkout is not a bank transfer awaiting approval' },
  go_live_wrong_status: {
    status: 409,
    meaning: 'The go-live application is not in a status that allows this (e.g. editing it once submitted)',
  },
  already_refunded: { status: 409, meaning: 'The deposit was already refunded in full' },
  refund_exceeds_deposit: { status: 409, meaning: 'The refund is more than what is left of the deposit' },
  checkout_not_paid: { status: 409, meaning: 'The checkout has no payment to refund' },
  not_a_deposit: { status: 409, meaning: 'Only deposits can be refunded' },
  insufficient_funds: { status: 409, meaning: "The wallet's available balance does not cover amount plus fee" },
  wallet_frozen: { status: 409, meaning: 'The wallet is frozen: money cannot leave it' },
  wallet_suspended: { status: 409, meaning: 'The operator suspended the wallet' },
  kyb_not_verified: { status: 409, meaning: 'Live mode can only be enabled for a merchant whose KYB is verified' },
  wallet_not_found: { status: 409, meaning: 'The merchant has no wallet in this currency' },
  quote_used: { status: 409, meaning: 'The conversion quote was already used' },
  quote_expired: { status: 409, meaning: 'The conversion quote expired' },
  payment_account_not_active: { status: 409, meaning: 'The payment account is not active' },
  primary_account: { status: 409, meaning: 'A primary account cannot be deleted: make another primary first' },
  primary_account_required: {
    status: 409,
    meaning: 'A currency keeps one primary account: make another primary instead',
  },
  withdrawal_not_cancellable: { status: 409, meaning: 'Only a PENDING withdrawal can be cancelled' },
  payout_not_cancellable: { status: 409, meaning: 'Only a pending payout can be cancelled' },
  api_key_already_revoked: { status: 409, meaning: 'The API key is already revoked' },
  webhook_limit_reached: { status: 409, meaning: 'At most 16 webhook endpoints per merchant' },
  webhook_disabled: { status: 409, meaning: 'The webhook endpoint is disabled' },
  rotation_in_progress: {
    status: 409,
    meaning: 'The previous secret still signs (24 h after a rotation): one rotation at a time',
  },
  delivery_in_flight: { status: 409, meaning: 'The delivery is being attempted right now: retry shortly' },
  embed_session_disabled: {
    status: [410, 409],
    meaning: 'The payment button was disabled (409 when disabling it again)',
  },
  embed_session_expired: { status: 410, meaning: 'The payment button passed its expiry' },
  payment_link_unavailable: {
    status: 410,
    meaning: 'The payment link is inactive, past its end date, or has reached its maximum number of payments',
  },
} as const satisfies Record<string, { status: number | readonly number[]; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The statuses a code is answered with. */
export const statusesOf = (code: ErrorCode): readonly number[] => {
  const status: number | readonly number[] = ERROR_CODES[code].status;
  return typeof status === 'number' ? [status] : status;
};
