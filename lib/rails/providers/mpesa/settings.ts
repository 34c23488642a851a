/**
 * What the M-Pesa (Safaricom Daraja) adapter needs to know, passed in explicitly: it never reads the
 * environment or global configuration. The secrets here (consumer secret, passkey, security credential)
 * go on the wire only, never into an answer's message or detail.
 */
export type StkTransactionType = 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
export type B2cCommand = 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';

export interface MpesaSettings {
  /** Production by default; the sandbox is `https://sandbox.safaricom.co.ke`. */
  baseUrl?: string;
  consumerKey: string;
  consumerSecret: string;
  /** Per HTTP request. Daraja documents no time-out of its own. */
  timeoutMs?: number;
  /** M-Pesa Express (STK Push) collections; without it the adapter offers payouts only. */
  stk?: {
    /** `BusinessShortCode`: the PayBill number, or the store (head office) number of a till. */
    shortCode: string;
    /** The Lipa na M-Pesa Online passkey Safaricom sends after go-live. */
    passkey: string;
    transactionType: StkTransactionType;
    /** `PartyB`: the till number for `CustomerBuyGoodsOnline`; the short code itself for a PayBill. */
    partyB?: string;
  };
  /** B2C payouts; without it the adapter offers collections only. */
  b2c?: {
    /** `PartyA`: the B2C (or "one account") short code the money leaves from. */
    shortCode: string;
    /** The API operator's user name on the M-PESA Org portal. */
    initiatorName: string;
    /**
     * The initiator password already RSA-encrypted (PKCS#1 v1.5) with Safaricom's certificate and
     * base64-encoded, as the operator computes it once (the Daraja portal has a tool for it). Daraja's
     * FAQ: "You can reuse the same security credential for multiple requests". The adapter never holds
     * the plain password; the operator recomputes the credential when the password changes (every 90 days).
     */
    securityCredential: string;
    commandId?: B2cCommand;
    /**
     * Where Daraja posts the Transaction Status result of a `queryPayout` (its `ResultURL` and
     * `QueueTimeOutURL`): unguessable per payout, as Daraja signs nothing.
     */
    statusResultUrl: (payoutId: string) => string;
  };
  /** The clock (tests move it); the Timestamp Daraja wants is derived from it in East Africa Time. */
  now?: () => Date;
  /** Shares the OAuth token between instances; without it each adapter keeps its own. */
  tokenStore?: DarajaTokenStore;
}

export const DARAJA_PRODUCTION_URL = 'https://api.safaricom.co.ke';
const DEFAULT_TIMEOUT_MS = 15_000;

export interface ResolvedSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs: number;
  stk: Required<NonNullable<MpesaSettings['stk']>> | null;
  b2c: Required<NonNullable<MpesaSettings['b2c']>> | null;
  now: () => Date;
  tokenStore: DarajaTokenStore | null;
}

const SHORT_CODE = /^\d{5,9}$/;

/** Fills the defaults and refuses settings that could never work (a configuration error, so it throws). */
export function resolveSettings(settings: MpesaSettings): ResolvedSettings {
  const { stk, b2c } = settings;
  const problems: string[] = [];
  if (!settings.consumerKey || !settings.consumerSecret) problems.push('consumer key and secret are required');
  if (!stk && !b2c) problems.push('stk or b2c is required');
  if (stk && !SHORT_CODE.test(stk.shortCode)) problems.push('stk.shortCode must be 5 to 9 digits');
  if (stk?.partyB !== undefined && !SHORT_CODE.test(stk.partyB)) problems.push('stk.partyB must be 5 to 9 digits');
  if (stk && !stk.passkey) problems.push('stk.passkey is required');
  if (b2c && !SHORT_CODE.test(b2c.shortCode)) problems.push('b2c.shortCode must be 5 to 9 digits');
  if (b2c && (!b2c.initiatorName || !b2c.securityCredential)) {
    problems.push('b2c.initiatorName and b2c.securityCredential are required');
  }
  if (problems.length) throw new Error(`M-Pesa settings: ${problems.join('; ')}`);
  return {
    baseUrl: settings.baseUrl ?? DARAJA_PRODUCTION_URL,
    consumerKey: settings.consumerKey,
    consumerSecret: settings.consumerSecret,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    stk: stk ? { ...stk, partyB: stk.partyB ?? stk.shortCode } : null,
    b2c: b2c ? { ...b2c, commandId: b2c.commandId ?? 'BusinessPayment' } : null,
    now: settings.now ?? (() => new Date()),
    tokenStore: settings.tokenStore ?? null,
  };
}

/** A token and the moment to stop using it (shortly before Daraja's `expires_in` runs out). */
export interface DarajaToken {
  token: string;
  usableUntil: Date;
}

/**
 * Where every instance of the service keeps the one Daraja token of an app (PostgreSQL in the service):
 * a new token invalidates the previous one [DJ-AUTH FAQ 3], so instances that each fetched their own
 * would keep logging each other out.
 */
export interface DarajaTokenStore {
  read(): Promise<DarajaToken | null>;
  /**
   * True when this instance may fetch a new token now: nobody else claimed it in the last `ms`, and the
   * stored token is still `seen` (the one this instance read and cannot use, or null).
   */
  claim(ms: number, seen: string | null): Promise<boolean>;
  /** Keeps a token just fetched (null: the fetch failed) and ends the claim. */
  save(token: DarajaToken | null): Promise<void>;
}
