import crypto from 'node:crypto';
import { startJsonServer, type Fault, type JsonServer, type ProviderReply, type ProviderRequest } from './json-server';
import {
  callbackSender,
  type CallbackMethod,
  type DeliverCallback,
  type MtnCallbackDelivery,
} from './mtn-momo/callbacks';
import {
  INVALID_SUBSCRIPTION_KEY,
  INVALID_TOKEN,
  LENGTH_REQUIRED,
  LOGIN_FAILED,
  NOT_FOUND_PATH,
  RESOURCE_ALREADY_EXIST,
  RESOURCE_NOT_FOUND,
  badRequest,
  basicCredentials,
  bearerToken,
  header,
  isUuidV4,
  amountProblem,
  mtnError,
  readCreateBody,
} from './mtn-momo/checks';
import {
  FORBIDDEN_IP,
  callbackHostProblem,
  callerAllowed,
  checkProductionSetup,
  type MtnMode,
} from './mtn-momo/gateway';
import { countriesOf, type MtnCountry, type MtnCountryOptions } from './mtn-momo/countries';
import {
  newFinancialTransactionId,
  sandboxOutcome,
  statusBody,
  type MtnProduct,
  type MtnStatus,
  type MtnTransaction,
  type ReasonForm,
} from './mtn-momo/transactions';

export { SANDBOX_NUMBERS } from './mtn-momo/transactions';
export type { MtnProduct, MtnStatus, MtnTransaction, ReasonForm } from './mtn-momo/transactions';
export type { CallbackMethod, DeliverCallback, MtnCallback, MtnCallbackDelivery } from './mtn-momo/callbacks';
export type { MtnMode } from './mtn-momo/gateway';
export type { MtnCountry, MtnCountryOptions } from './mtn-momo/countries';

/**
 * A contract server for MTN MoMo's Open API (Collection and Disbursement), on 127.0.0.1, written from
 * docs/plans/provider-contracts.md section 1. It checks what MTN checks (subscription key, Basic then
 * Bearer auth and the token's expiry, X-Target-Environment, X-Reference-Id as a UUID v4, the body, the
 * amount and the currency, the API user's registered callback host), keeps each reference id's state,
 * answers a reused reference id with 409, and calls back X-Callback-Url. In `production` mode it also
 * refuses callers whose IP is not on the allow-list, as MTN's production does, and has no test numbers.
 * Tests drive outcomes through the returned object, never through HTTP.
 */

export interface MtnMomoCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoServerOptions {
  /** `production`: a caller IP allow-list and no test numbers. Default `sandbox`. */
  mode?: MtnMode;
  /** Production: the callers' IPs MTN was given (others get 403). Required in production mode. */
  allowedIps?: string[];
  /** Default `sandbox`. */
  targetEnvironment?: string;
  /** The one currency the target environment takes. Default `EUR` (the sandbox's). */
  currency?: string;
  /** Fixed credentials; random ones otherwise (read them from `adapterSettings`). */
  collection?: Partial<MtnMomoCredentials>;
  disbursement?: Partial<MtnMomoCredentials>;
  /** `expires_in` of tokens. Default 3600 (MTN's 60 minutes). */
  tokenLifetimeSeconds?: number;
  /** Default POST (what the sandbox sent); MTN's documents also say PUT. */
  callbackMethod?: CallbackMethod;
  /**
   * Both API users' registered providerCallbackHost: an X-Callback-Url on another host is a 500
   * INVALID_CALLBACK_URL_HOST. Default 127.0.0.1, where the browser tests' service listens (MTN's
   * production wants a hostname: production mode refuses an IP here).
   */
  callbackHost?: string;
  /** `reason` as a bare string (what real answers send, the default) or as `{code, message}` (the swagger). */
  reasonForm?: ReasonForm;
  /** Script outcomes by MTN's sandbox numbers (SANDBOX_NUMBERS). Default: when the target is `sandbox`. */
  sandboxNumbers?: boolean;
  /** What the "Pending" number answers: PENDING (documented) or CREATED (observed). Default PENDING. */
  pendingStatus?: 'PENDING' | 'CREATED';
  /** Numbers outside the table: left pending for the test to drive (default), or successful at once. */
  otherNumbers?: 'pending' | 'successful';
  /** MTN lists a currency mismatch both as 400 and as 500 INVALID_CURRENCY. Default 400. */
  currencyMismatch?: 400 | 500;
  /** Hand callbacks to the test instead of sending them over HTTP. */
  deliver?: DeliverCallback;
  /**
   * Other countries behind the same gateway, each with its own API users (mtn-momo/countries.ts):
   * MTN's one host serves every country, and an API user serves one target environment.
   */
  countries?: MtnCountryOptions[];
}

export interface DriveOptions {
  /** Which product, when a reference id exists in both. */
  product?: MtnProduct;
  /**
   * `send` (default) once; `withhold` none; `twice` a duplicate right after; `before_status` the final
   * callback is delivered while the status GET still answers PENDING, and the status changes after.
   */
  callback?: 'send' | 'withhold' | 'twice' | 'before_status';
  reasonForm?: ReasonForm;
}

export interface MtnMomoServer {
  url: string;
  /** What an adapter needs to reach this server (add a timeout). */
  adapterSettings: {
    baseUrl: string;
    targetEnvironment: string;
    collection: MtnMomoCredentials;
    disbursement: MtnMomoCredentials;
    /** The `countries` given, with their credentials: MTN_MOMO_ACCOUNTS entries. */
    countries: MtnCountry[];
  };
  /** Every request received, in order (faults included). */
  requests: ProviderRequest[];
  /** The next `times` requests whose path matches get `fault` (status, delay, hang, hang_after). */
  inject(fault: Fault, options?: { times?: number; path?: RegExp }): void;
  /** Injected faults as they were applied (json-server). */
  applied: JsonServer['applied'];
  /** A copy of the state kept for `referenceId`. */
  transaction(referenceId: string, product?: MtnProduct): MtnTransaction | undefined;
  transactions(product?: MtnProduct): MtnTransaction[];
  /** The payer approves (or the transfer completes): SUCCESSFUL with a financialTransactionId. */
  approve(
    referenceId: string,
    options?: DriveOptions & { financialTransactionId?: string },
  ): Promise<MtnCallbackDelivery[]>;
  /** FAILED with `reason` (any string: MTN's, or one it does not document). */
  decline(referenceId: string, reason: string, options?: DriveOptions): Promise<MtnCallbackDelivery[]>;
  /** Sends the current state's callback again (a late duplicate); null when the request had no X-Callback-Url. */
  sendCallback(
    referenceId: string,
    options?: { product?: MtnProduct; reasonForm?: ReasonForm },
  ): Promise<MtnCallbackDelivery | null>;
  /** Every callback sent, in order. */
  callbacks: MtnCallbackDelivery[];
  /** Waits for callbacks the server sent by itself (sandbox numbers). */
  callbacksSettled(): Promise<void>;
  /** Every token issued so far stops working: the next call gets a 401. */
  expireTokens(): void;
  tokensIssued(product?: MtnProduct): number;
  close(): Promise<void>;
}

const ROUTES: { method: string; path: RegExp; kind: 'token' | 'create' | 'status' }[] = [
  { method: 'POST', path: /^\/(collection|disbursement)\/token\/$/, kind: 'token' },
  { method: 'POST', path: /^\/(collection)\/v1_0\/requesttopay$/, kind: 'create' },
  { method: 'GET', path: /^\/(collection)\/v1_0\/requesttopay\/([^/]+)$/, kind: 'status' },
  { method: 'POST', path: /^\/(disbursement)\/v1_0\/transfer$/, kind: 'create' },
  { method: 'GET', path: /^\/(disbursement)\/v1_0\/transfer\/([^/]+)$/, kind: 'status' },
];

const randomKey = () => crypto.randomBytes(16).toString('hex');
const credentialsFrom = (given: Partial<MtnMomoCredentials> = {}): MtnMomoCredentials => ({
  subscriptionKey: given.subscriptionKey ?? randomKey(),
  apiUser: given.apiUser ?? crypto.randomUUID(),
  apiKey: given.apiKey ?? randomKey(),
});

export async function startMtnMomo(options: MtnMomoServerOptions = {}): Promise<MtnMomoServer> {
  const mode = options.mode ?? 'sandbox';
  const targetEnvironment = options.targetEnvironment ?? 'sandbox';
  const callbackHost = options.callbackHost ?? '127.0.0.1';
  if (mode === 'production') checkProductionSetup({ targetEnvironment, allowedIps: options.allowedIps, callbackHost });
  const currency = options.currency ?? 'EUR';
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const reasonForm = options.reasonForm ?? 'string';
  // MTN's test numbers are the sandbox's (MTN-MIRROR testing); production has real wallets only.
  const useSandboxNumbers = mode === 'sandbox' && (options.sandboxNumbers ?? targetEnvironment === 'sandbox');
  const credentials = {
    collection: credentialsFrom(options.collection),
    disbursement: credentialsFrom(options.disbursement),
  };
  // The first is the server's own country; every API user belongs to exactly one.
  const countries = countriesOf(
    { targetEnvironment, currency, ...credentials },
    options.countries ?? [],
    credentialsFrom,
  );
  const stores = { collection: new Map<string, MtnTransaction>(), disbursement: new Map<string, MtnTransaction>() };
  const tokens = new Map<string, { product: MtnProduct; country: MtnCountry; expiresAt: number }>();
  const issued = { collection: 0, disbursement: 0 };
  const closing = new AbortController();
  const sender = callbackSender({
    method: options.callbackMethod ?? 'POST',
    deliver: options.deliver,
    signal: closing.signal,
  });
  const scheduled = new Set<Promise<unknown>>();

  const callbackFor = (transaction: MtnTransaction, form: ReasonForm = reasonForm) =>
    transaction.callbackUrl
      ? sender.send(transaction.referenceId, transaction.callbackUrl, statusBody(transaction, form))
      : Promise.resolve(null);

  const issueToken = (request: ProviderRequest, product: MtnProduct, country: MtnCountry): ProviderReply => {
    if (header(request, 'content-length') === undefined) return LENGTH_REQUIRED;
    if (request.raw.length > 0) return badRequest('A body is not allowed on /token/');
    const basic = basicCredentials(request);
    const expected = country[product];
    if (basic?.user !== expected.apiUser || basic.key !== expected.apiKey) return LOGIN_FAILED;
    const token = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSMjU2In0.${crypto.randomBytes(24).toString('base64url')}`;
    tokens.set(token, { product, country, expiresAt: Date.now() + lifetime * 1000 });
    issued[product] += 1;
    return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: lifetime } };
  };

  const create = (request: ProviderRequest, product: MtnProduct, country: MtnCountry): ProviderReply => {
    const referenceId = header(request, 'x-reference-id');
    if (!isUuidV4(referenceId)) return badRequest('X-Reference-Id must be a UUID version 4');
    if (stores[product].has(referenceId)) return RESOURCE_ALREADY_EXIST;
    const callbackUrl = header(request, 'x-callback-url') ?? null;
    if (callbackUrl !== null && !URL.canParse(callbackUrl)) return badRequest('X-Callback-Url is not a URL');
    const wrongHost = callbackUrl === null ? null : callbackHostProblem(callbackUrl, callbackHost);
    if (wrongHost) return wrongHost;
    const body = readCreateBody(request.json, product);
    if (typeof body === 'string') return badRequest(body);
    if (body.currency !== country.currency) {
      return options.currencyMismatch === 500
        ? mtnError(500, 'INVALID_CURRENCY', 'Currency not supported.')
        : badRequest('Invalid currency: it must match the target environment’s currency');
    }
    const wrongAmount = amountProblem(body.amount, country.currency);
    if (wrongAmount) return badRequest(wrongAmount);
    const scripted =
      useSandboxNumbers && country === countries[0] && body.party.partyIdType === 'MSISDN'
        ? sandboxOutcome(body.party.partyId, {
            pendingStatus: options.pendingStatus ?? 'PENDING',
            otherNumbers: options.otherNumbers ?? 'pending',
          })
        : { status: 'PENDING' as const, reason: null };
    const transaction: MtnTransaction = {
      product,
      referenceId,
      ...body,
      callbackUrl,
      targetEnvironment: country.targetEnvironment,
      apiUser: country[product].apiUser,
      ...scripted,
      financialTransactionId: scripted.status === 'SUCCESSFUL' ? newFinancialTransactionId() : null,
      createdAt: new Date(),
    };
    stores[product].set(referenceId, transaction);
    if (scripted.status === 'SUCCESSFUL' || scripted.status === 'FAILED') {
      // The sandbox settles its test numbers within seconds and then calls back: after the 202.
      const delivery = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        closing.signal.aborted ? null : callbackFor(transaction),
      );
      scheduled.add(delivery);
      void delivery.finally(() => scheduled.delete(delivery));
    }
    return { status: 202 };
  };

  const handle = (request: ProviderRequest): ProviderReply => {
    const route = ROUTES.find((r) => r.method === request.method && r.path.test(request.path));
    const [, productName, referenceId = ''] = route?.path.exec(request.path) ?? [];
    // Inferred order: the gateway's IP filter answers before anything else is read.
    if (mode === 'production' && !callerAllowed(request, options.allowedIps ?? [])) return FORBIDDEN_IP;
    if (!route || !productName) return NOT_FOUND_PATH;
    const product = productName as MtnProduct;
    const subscriptionKey = header(request, 'ocp-apim-subscription-key');
    const country = countries.find((c) => c[product].subscriptionKey === subscriptionKey);
    if (!country) return INVALID_SUBSCRIPTION_KEY;
    if (route.kind === 'token') return issueToken(request, product, country);
    const grant = tokens.get(bearerToken(request) ?? '');
    // A token works under the subscription it was issued for only (inferred: MTN's body for it is unpublished).
    if (!grant || grant.product !== product || grant.country !== country || grant.expiresAt <= Date.now())
      return INVALID_TOKEN;
    const environment = header(request, 'x-target-environment');
    if (!environment) return badRequest('X-Target-Environment is required');
    // "Value passed in header X-Target-Environment is incorrect": 500 NOT_ALLOWED_TARGET_ENVIRONMENT [MTN-ERR].
    if (environment !== country.targetEnvironment) {
      return mtnError(500, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
    }
    if (route.kind === 'create') return create(request, product, country);
    const transaction = stores[product].get(referenceId);
    // Each country's MTN holds its own requests: another country's reference is unknown there (inferred).
    if (!transaction || transaction.targetEnvironment !== country.targetEnvironment) return RESOURCE_NOT_FOUND;
    return { status: 200, body: statusBody(transaction, reasonForm) };
  };

  const find = (referenceId: string, product?: MtnProduct): MtnTransaction => {
    const found = (product ? [product] : (['collection', 'disbursement'] as const))
      .map((p) => stores[p].get(referenceId))
      .filter((t): t is MtnTransaction => t !== undefined);
    if (found.length !== 1 || !found[0]) {
      throw new Error(`MTN contract server: ${found.length} transactions with reference ${referenceId}`);
    }
    return found[0];
  };

  const settle = async (
    transaction: MtnTransaction,
    outcome: { status: MtnStatus; reason: string | null; financialTransactionId: string | null },
    drive: DriveOptions,
  ): Promise<MtnCallbackDelivery[]> => {
    if (transaction.status !== 'PENDING' && transaction.status !== 'CREATED') {
      throw new Error(`MTN contract server: ${transaction.referenceId} is already ${transaction.status}`);
    }
    const plan = drive.callback ?? 'send';
    const deliveries: (MtnCallbackDelivery | null)[] = [];
    if (plan === 'before_status') deliveries.push(await callbackFor({ ...transaction, ...outcome }, drive.reasonForm));
    Object.assign(transaction, outcome);
    if (plan === 'send' || plan === 'twice') deliveries.push(await callbackFor(transaction, drive.reasonForm));
    if (plan === 'twice') deliveries.push(await callbackFor(transaction, drive.reasonForm));
    return deliveries.filter((d): d is MtnCallbackDelivery => d !== null);
  };

  const server = await startJsonServer(handle);
  return {
    url: server.url,
    adapterSettings: {
      baseUrl: server.url,
      targetEnvironment,
      collection: { ...credentials.collection },
      disbursement: { ...credentials.disbursement },
      countries: countries.slice(1).map((c) => structuredClone(c)),
    },
    requests: server.requests,
    inject: server.inject,
    applied: server.applied,
    transaction: (referenceId, product) => {
      const found = (product ? [product] : (['collection', 'disbursement'] as const)).map((p) =>
        stores[p].get(referenceId),
      );
      const transaction = found.find((t) => t !== undefined);
      return transaction && structuredClone(transaction);
    },
    transactions: (product) =>
      (product ? [product] : (['collection', 'disbursement'] as const)).flatMap((p) =>
        [...stores[p].values()].map((t) => structuredClone(t)),
      ),
    approve: (referenceId, drive = {}) =>
      settle(
        find(referenceId, drive.product),
        {
          status: 'SUCCESSFUL',
          reason: null,
          financialTransactionId: drive.financialTransactionId ?? newFinancialTransactionId(),
        },
        drive,
      ),
    decline: (referenceId, reason, drive = {}) =>
      settle(find(referenceId, drive.product), { status: 'FAILED', reason, financialTransactionId: null }, drive),
    sendCallback: (referenceId, drive = {}) => callbackFor(find(referenceId, drive.product), drive.reasonForm),
    callbacks: sender.deliveries,
    callbacksSettled: async () => {
      await Promise.allSettled([...scheduled]);
    },
    expireTokens: () => tokens.clear(),
    tokensIssued: (product) => (product ? issued[product] : issued.collection + issued.disbursement),
    close: async () => {
      closing.abort();
      await Promise.allSettled([...scheduled]);
      await server.close();
    },
  };
}
