import crypto from 'node:crypto';
import { startJsonServer, type Fault, type ProviderReply, type ProviderRequest } from './json-server';
import {
  callbackBody,
  callbackSender,
  type AirtelCallbackDelivery,
  type DeliverCallback,
  type HashOver,
} from './airtel/callbacks';
import {
  COUNTRIES,
  CURRENCY_REFUSED,
  INVALID_CLIENT,
  NO_COUNTRY,
  NO_CURRENCY,
  NOT_FOUND_PATH,
  UNSUPPORTED_GRANT,
  bearerToken,
  countryRefused,
  header,
  invalidToken,
  isObject,
} from './airtel/checks';
import {
  createCollection,
  createDisbursement,
  enquiryReply,
  newAirtelMoneyId,
  notFoundReply,
  type AirtelProduct,
  type AirtelStatus,
  type AirtelTransaction,
} from './airtel/transactions';

export type { AirtelProduct, AirtelStatus, AirtelTransaction } from './airtel/transactions';
export type { AirtelCallback, AirtelCallbackDelivery, DeliverCallback, HashOver } from './airtel/callbacks';

/**
 * A contract server for Airtel Africa's Open API (Collection USSD push and Disbursement), on
 * 127.0.0.1, written from docs/plans/provider-contracts.md section 4. It checks what Airtel checks (the
 * client credentials, the Bearer token and its expiry, X-Country and X-Currency against the
 * application's country, the msisdn form, the amount, a reused transaction id, the encrypted PIN),
 * keeps each id's state, and POSTs callbacks to the application's callback URL. Tests drive outcomes
 * through the returned object, never through HTTP.
 */
export interface AirtelServerOptions {
  /** The one country the application is enabled for. Default UG. */
  country?: string;
  clientId?: string;
  clientSecret?: string;
  /** `expires_in` of tokens. Default 180 (every Airtel example). */
  tokenLifetimeSeconds?: number;
  /** `expires_in` as a string ("180", Airtel's example, the default) or a number (the 121 platform's). */
  expiresInForm?: 'string' | 'number';
  /** What a dead token gets: 401 (Airtel's HTTP table, default) or 403 (the 121 platform's record). */
  deadTokenStatus?: 401 | 403;
  /** The disbursement PIN. Default 1234. */
  pin?: string;
  /** The application's callback URL; unset: no callbacks. */
  callbackUrl?: string;
  /** Callback authentication's private key; unset: callbacks carry no hash. */
  callbackKey?: string;
  hashOver?: HashOver;
  deliver?: DeliverCallback;
  /** Collection amounts under this (major units) are DP00800001004. Default 0: none published. */
  minimumAmount?: number;
  disbursementMode?: 'immediate' | 'pending';
  duplicateDisbursementCode?: 'DP00900001017' | 'DP00900001011';
  /** The disbursement wallet's balance, major units. Default 10 000 000. */
  balance?: number;
}

export interface AirtelServer {
  url: string;
  /** What the adapter needs (add a timeout). `encryptedPin` is the PIN encrypted with this server's key. */
  adapterSettings: {
    baseUrl: string;
    country: string;
    currency: string;
    clientId: string;
    clientSecret: string;
    encryptedPin: string;
    callbackKey?: string;
  };
  /** RSA-encrypts a PIN with this server's public key (PKCS#1 v1.5, Base64), as an operator would with Airtel's. */
  encryptPin(pin: string): string;
  requests: ProviderRequest[];
  inject(fault: Fault, options?: { times?: number; path?: RegExp }): void;
  transaction(id: string, product?: AirtelProduct): AirtelTransaction | undefined;
  transactions(product?: AirtelProduct): AirtelTransaction[];
  /** The payer enters the PIN (or the transfer completes): TS with an airtel_money_id, then the callback. */
  approve(id: string, options?: DriveOptions & { airtelMoneyId?: string }): Promise<AirtelCallbackDelivery | null>;
  /** TF with `responseCode` (DP00800001007 insufficient funds, DP00800001024 timed out, …). */
  decline(
    id: string,
    responseCode: string,
    options?: DriveOptions & { message?: string },
  ): Promise<AirtelCallbackDelivery | null>;
  /** Any status and code, for what the enquiry answers mid-way (TA, TIP, an undocumented status). */
  setStatus(id: string, status: string, responseCode: string, options?: { product?: AirtelProduct }): void;
  callbacks: AirtelCallbackDelivery[];
  /** Every token issued so far stops working. */
  expireTokens(): void;
  tokensIssued(): number;
  close(): Promise<void>;
}

export interface DriveOptions {
  product?: AirtelProduct;
  /** `send` (default, when a callback URL is set) or `withhold`. */
  callback?: 'send' | 'withhold';
}

const ROUTES: { method: string; path: RegExp; kind: 'token' | 'create' | 'status'; product?: AirtelProduct }[] = [
  { method: 'POST', path: /^\/auth\/oauth2\/token$/, kind: 'token' },
  { method: 'POST', path: /^\/merchant\/v1\/payments\/$/, kind: 'create', product: 'collection' },
  { method: 'GET', path: /^\/standard\/v1\/payments\/([^/]+)$/, kind: 'status', product: 'collection' },
  { method: 'POST', path: /^\/standard\/v2\/disbursements\/$/, kind: 'create', product: 'disbursement' },
  { method: 'GET', path: /^\/standard\/v2\/disbursements\/([^/]+)$/, kind: 'status', product: 'disbursement' },
];

export async function startAirtel(options: AirtelServerOptions = {}): Promise<AirtelServer> {
  const country = options.country ?? 'UG';
  const known = COUNTRIES[country];
  if (!known) throw new Error(`Airtel contract server: no country ${country}`);
  const market = { country, currency: known.currency, amountDecimals: known.amountDecimals };
  const clientId = options.clientId ?? crypto.randomUUID();
  const clientSecret = options.clientSecret ?? crypto.randomUUID();
  const lifetime = options.tokenLifetimeSeconds ?? 180;
  const pin = options.pin ?? '1234';
  const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
  // Node no longer decrypts PKCS#1 v1.5 (CVE-2023-46809), so the server knows its ciphertexts instead.
  const ciphertexts = new Map<string, string>();
  const encryptPin = (plain: string) => {
    const sealed = crypto
      .publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(plain))
      .toString('base64');
    ciphertexts.set(sealed, plain);
    return sealed;
  };
  const stores = {
    collection: new Map<string, AirtelTransaction>(),
    disbursement: new Map<string, AirtelTransaction>(),
  };
  const tokens = new Map<string, number>();
  let issued = 0;
  let balance = options.balance ?? 10_000_000;
  const closing = new AbortController();
  const sender = callbackSender({ deliver: options.deliver, signal: closing.signal });

  const issueToken = (request: ProviderRequest): ProviderReply => {
    const body = isObject(request.json) ? request.json : {};
    if (body.grant_type !== 'client_credentials') return UNSUPPORTED_GRANT;
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return INVALID_CLIENT;
    const token = crypto.randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + lifetime * 1000);
    issued += 1;
    const expiresIn = options.expiresInForm === 'number' ? lifetime : String(lifetime);
    return { status: 200, body: { access_token: token, expires_in: expiresIn, token_type: 'bearer' } };
  };

  const handle = (request: ProviderRequest): ProviderReply => {
    const route = ROUTES.find((r) => r.method === request.method && r.path.test(request.path));
    if (!route) return NOT_FOUND_PATH;
    if (route.kind === 'token') return issueToken(request);
    const expiresAt = tokens.get(bearerToken(request) ?? '');
    if (!expiresAt || expiresAt <= Date.now()) return invalidToken(options.deadTokenStatus ?? 401);
    const xCountry = header(request, 'x-country');
    if (!xCountry) return NO_COUNTRY;
    if (!/^[A-Z]{2}$/.test(xCountry)) return countryRefused('ROUTER006');
    if (xCountry !== country) return countryRefused('ROUTER007');
    const xCurrency = header(request, 'x-currency');
    if (!xCurrency) return NO_CURRENCY;
    if (xCurrency !== market.currency) return CURRENCY_REFUSED;
    const product = route.product!;
    if (route.kind === 'status') {
      const id = decodeURIComponent(route.path.exec(request.path)?.[1] ?? '');
      const found = stores[product].get(id);
      return found ? enquiryReply(found) : notFoundReply(product);
    }
    if (product === 'collection')
      return createCollection(request.json, market, stores.collection, options.minimumAmount ?? 0);
    return createDisbursement(request.json, {
      market,
      store: stores.disbursement,
      pinIsRight: (sealed) => ciphertexts.get(sealed) === pin,
      duplicateCode: options.duplicateDisbursementCode ?? 'DP00900001017',
      mode: options.disbursementMode ?? 'immediate',
      balance: () => balance,
      debit: (amount) => (balance -= amount),
    });
  };

  const find = (id: string, product?: AirtelProduct): AirtelTransaction => {
    const found = (product ? [product] : (['collection', 'disbursement'] as const))
      .map((p) => stores[p].get(id))
      .filter((t): t is AirtelTransaction => t !== undefined);
    if (found.length !== 1 || !found[0])
      throw new Error(`Airtel contract server: ${found.length} transactions with id ${id}`);
    return found[0];
  };

  const settle = async (transaction: AirtelTransaction, outcome: Partial<AirtelTransaction>, drive: DriveOptions) => {
    if (transaction.status !== 'TIP' && transaction.status !== 'TA') {
      throw new Error(`Airtel contract server: ${transaction.id} is already ${transaction.status}`);
    }
    Object.assign(transaction, outcome);
    if (drive.callback === 'withhold' || !options.callbackUrl) return null;
    const body = callbackBody(transaction, options.callbackKey ?? null, options.hashOver ?? 'payload');
    return sender.send(options.callbackUrl, body);
  };

  const server = await startJsonServer(handle);
  return {
    url: server.url,
    adapterSettings: {
      baseUrl: server.url,
      country,
      currency: market.currency,
      clientId,
      clientSecret,
      encryptedPin: encryptPin(pin),
      ...(options.callbackKey ? { callbackKey: options.callbackKey } : {}),
    },
    encryptPin,
    requests: server.requests,
    inject: server.inject,
    transaction: (id, product) => {
      const found = (product ? [product] : (['collection', 'disbursement'] as const)).map((p) => stores[p].get(id));
      const transaction = found.find((t) => t !== undefined);
      return transaction && structuredClone(transaction);
    },
    transactions: (product) =>
      (product ? [product] : (['collection', 'disbursement'] as const)).flatMap((p) =>
        [...stores[p].values()].map((t) => structuredClone(t)),
      ),
    approve: (id, drive = {}) => {
      const transaction = find(id, drive.product);
      const prefix = transaction.product === 'collection' ? 'MP' : 'CI';
      const airtelMoneyId = drive.airtelMoneyId ?? newAirtelMoneyId(prefix);
      const code = transaction.product === 'collection' ? 'DP00800001001' : 'DP00900001001';
      const message = `Paid ${market.currency} ${transaction.amount}, Trans ID ${airtelMoneyId}.`;
      return settle(transaction, { status: 'TS', responseCode: code, airtelMoneyId, message }, drive);
    },
    decline: (id, responseCode, drive = {}) =>
      settle(
        find(id, drive.product),
        { status: 'TF', responseCode, message: drive.message ?? 'Transaction failed' },
        drive,
      ),
    setStatus: (id, status, responseCode, drive = {}) => {
      Object.assign(find(id, drive.product), { status: status as AirtelStatus, responseCode });
    },
    callbacks: sender.deliveries,
    expireTokens: () => tokens.clear(),
    tokensIssued: () => issued,
    close: async () => {
      closing.abort();
      await server.close();
    },
  };
}
