import crypto from 'node:crypto';
import type { MpesaSettings } from '../../../lib/rails/providers/mpesa';
import { startJsonServer, type JsonServer, type ProviderReply, type ProviderRequest } from './json-server';
import { createPayoutDesk, type Disbursement, type InitiatorRole, type PayoutRecord } from './mpesa/b2c';
import {
  callbackCode,
  darajaError,
  eatDigits,
  newCheckoutRequestId,
  newMerchantRequestId,
  newReceipt,
  parseEatTimestamp,
  stkDescription,
  type MpesaDelivery,
} from './mpesa/bodies';

export type { MpesaDelivery } from './mpesa/bodies';
export type { Disbursement, InitiatorRole, PayoutRecord } from './mpesa/b2c';
import { checkStkPush, checkStkQuery, jsonBody, type StkPushFields } from './mpesa/checks';

/**
 * A contract server for Safaricom Daraja (provider-contracts.md section 2) on 127.0.0.1: OAuth, M-Pesa
 * Express (STK Push and its query), B2C v3 and Transaction Status, checking what Daraja checks and
 * answering with its documented bodies. Nothing happens by itself: tests end each prompt and payout
 * through the control API, which posts the callbacks Daraja would post. Sources (DJ-…) are named in
 * mpesa/bodies.ts.
 */
export const MPESA_TEST_ACCOUNT = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  /** Daraja's public sandbox short code and passkey. */
  shortCode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  b2cShortCode: '600997',
  initiatorName: 'testapi',
  securityCredential: 'dGVzdC1lbmNyeXB0ZWQtaW5pdGlhdG9yLXBhc3N3b3Jk',
  /** The API user's roles: "ORG B2C API initiator" and "Transaction Status query ORG API" [DJ-TS]. */
  initiatorRoles: ['b2c', 'transaction_status'] as readonly InitiatorRole[],
};

/** The APIs that can answer "System is busy" as a scenario. */
export type BusyApi = 'stk' | 'b2c' | 'status';

/** How the STK query answers while a prompt is open: the documented error, or what integrators also saw. */
export type PendingAnswer = 'being_processed' | 'still_under_processing' | 'empty_error';

export interface MpesaServerOptions {
  account?: Partial<typeof MPESA_TEST_ACCOUNT>;
  /** `expires_in` as sent: real answers send the string "3599" [provider-contracts.md 2.1]. */
  expiresIn?: string | number;
  /** "Each request invalidates the previous token" [DJ-AUTH FAQ]; on by default. */
  invalidatePreviousTokens?: boolean;
  /** How far a Timestamp may be from Nairobi's clock; null accepts any. A guess (see the report). */
  timestampToleranceSeconds?: number | null;
  pendingAnswer?: PendingAnswer;
  /** A push while another is open for the same phone is refused "Unable to lock subscriber" [DJ-EXP]. */
  lockSubscriber?: boolean;
  /** Receives each callback instead of an HTTP POST to its URL. */
  deliver?: (delivery: MpesaDelivery) => void | Promise<void>;
  now?: () => Date;
}

export interface StkPushRecord {
  checkoutRequestId: string;
  merchantRequestId: string;
  fields: StkPushFields;
  /** The body exactly as Daraja received it. */
  request: Record<string, unknown>;
  state: 'processing' | 'completed';
  resultCode: string | null;
  /** False while a callback has gone out before the query knows the result (out of order). */
  visibleToQuery: boolean;
  callback: unknown;
  receipt: string | null;
}

export interface MpesaServer extends JsonServer {
  account: typeof MPESA_TEST_ACCOUNT;
  /** Adapter settings that match this server (B2C included). */
  adapterSettings(extra?: Partial<MpesaSettings>): MpesaSettings;
  deliveries: MpesaDelivery[];
  waitForDelivery(match: (delivery: MpesaDelivery) => boolean, timeoutMs?: number): Promise<MpesaDelivery>;
  requestsTo(path: string): ProviderRequest[];
  stkPush(checkoutRequestId: string): StkPushRecord | undefined;
  stkPushes(): StkPushRecord[];
  /** Ends an open prompt with `resultCode` and posts the callback (unless withheld); returns its body. */
  complete(
    checkoutRequestId: string,
    resultCode: number | string,
    options?: { callback?: 'send' | 'withhold'; visibleToQuery?: boolean },
  ): Promise<unknown>;
  /** Lets the query see a result whose callback went out first. */
  showToQuery(checkoutRequestId: string): void;
  /** Posts a prompt's callback: a withheld one late, or a sent one again (a duplicate). */
  sendCallback(checkoutRequestId: string): Promise<MpesaDelivery>;
  setPendingAnswer(answer: PendingAnswer): void;
  payout(originatorConversationId: string): PayoutRecord | undefined;
  payouts(): PayoutRecord[];
  /** Money that actually left: one entry per payout completed with ResultCode 0. */
  disbursements(): Disbursement[];
  completePayout(
    originatorConversationId: string,
    resultCode: number | string,
    options?: { result?: 'send' | 'withhold' },
  ): Promise<unknown>;
  sendPayoutResult(originatorConversationId: string): Promise<MpesaDelivery>;
  /**
   * While on, the API answers `500.003.02` "System is busy. Please try again in few minutes." [DJ-EXP
   * error table] before looking at the request; nothing is created.
   */
  setBusy(api: BusyApi, busy: boolean): void;
  /**
   * Ends the next accepted B2C request with `resultCode` and posts its result before answering the
   * request itself. Inferred, not documented: the result is asynchronous, so nothing orders it after
   * the HTTP answer on the network.
   */
  settleNextPayoutBeforeAnswer(resultCode: number | string): void;
  /** Every token issued so far stops working (as after an hour). */
  expireTokens(): void;
  tokensIssued(): number;
}

export async function startMpesa(options: MpesaServerOptions = {}): Promise<MpesaServer> {
  const account = { ...MPESA_TEST_ACCOUNT, ...options.account };
  const now = options.now ?? (() => new Date());
  const tolerance = options.timestampToleranceSeconds === undefined ? 3600 : options.timestampToleranceSeconds;
  let pendingAnswer = options.pendingAnswer ?? 'being_processed';
  const busyApis = new Set<BusyApi>();
  const busyAnswer = (api: BusyApi) =>
    busyApis.has(api) ? darajaError(500, '500.003.02', 'System is busy. Please try again in few minutes.') : null;
  const tokens = new Map<string, number>();
  let tokensIssued = 0;
  const pushes = new Map<string, StkPushRecord>();
  const deliveries: MpesaDelivery[] = [];
  const waiters: { match: (d: MpesaDelivery) => boolean; resolve: (d: MpesaDelivery) => void }[] = [];

  async function deliver(kind: MpesaDelivery['kind'], reference: string, url: string, body: unknown) {
    const delivery: MpesaDelivery = { kind, reference, url, body, receiverStatus: null };
    if (options.deliver) await options.deliver(delivery);
    else {
      // Observed delivery: one POST, this content type, the short code as a header; never retried.
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json;charset=UTF-8', BusinessShortCode: account.shortCode },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      }).catch(() => null);
      delivery.receiverStatus = response?.status ?? null;
      await response?.body?.cancel();
    }
    deliveries.push(delivery);
    for (const waiter of waiters.filter((w) => w.match(delivery))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(delivery);
    }
    return delivery;
  }

  const desk = createPayoutDesk({ account, now, busy: busyAnswer, deliver });
  let settleBeforeAnswer: number | string | null = null;
  async function b2cRequest(request: ProviderRequest): Promise<ProviderReply> {
    const reply = desk.paymentRequest(request);
    const code = settleBeforeAnswer;
    if (code !== null && reply.status === 200) {
      settleBeforeAnswer = null;
      await desk.completePayout((reply.body as { OriginatorConversationID: string }).OriginatorConversationID, code);
    }
    return reply;
  }

  /** Null when the bearer token is live; else Daraja's answer for the API (`code`, HTTP status). */
  function tokenProblem(request: ProviderRequest, status: number, code: string): ProviderReply | null {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token === undefined ? undefined : tokens.get(token);
    if (expiresAt !== undefined && expiresAt > now().getTime()) return null;
    return darajaError(status, code, 'Invalid Access Token');
  }

  /** [DJ-AUTH]: GET with Basic auth; "each request invalidates the previous token" (FAQ 3). */
  function issueToken(request: ProviderRequest): ProviderReply {
    if (request.query.get('grant_type') !== 'client_credentials') {
      return darajaError(400, '400.008.02', 'Invalid grant type passed');
    }
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!basic) return darajaError(400, '400.008.01', 'Invalid authentication type passed');
    if (Buffer.from(basic, 'base64').toString('utf8') !== `${account.consumerKey}:${account.consumerSecret}`) {
      // Undocumented; the same error family is assumed for a wrong key or secret.
      return darajaError(400, '400.008.01', 'Invalid Authentication passed');
    }
    if (options.invalidatePreviousTokens ?? true) tokens.clear();
    const token = crypto.randomBytes(21).toString('base64url');
    const expiresIn = options.expiresIn ?? '3599';
    tokens.set(token, now().getTime() + Number(expiresIn) * 1000);
    tokensIssued += 1;
    return { status: 200, body: { access_token: token, expires_in: expiresIn } };
  }

  /** The checks both STK calls share: a known short code, the password, a current timestamp. */
  function stkCredentials(fields: { shortCode: string; password: string; timestamp: string }): ProviderReply | null {
    if (fields.shortCode !== account.shortCode) return darajaError(500, '500.001.1001', 'Merchant does not exist');
    const expected = Buffer.from(`${fields.shortCode}${account.passkey}${fields.timestamp}`).toString('base64');
    if (fields.password !== expected) return darajaError(500, '500.001.1001', 'Wrong credentials');
    const at = parseEatTimestamp(fields.timestamp);
    if (!at) return darajaError(400, '400.002.02', 'Bad Request - Invalid Timestamp');
    if (tolerance !== null && Math.abs(at.getTime() - now().getTime()) > tolerance * 1000) {
      return darajaError(400, '400.002.02', 'Bad Request - Invalid Timestamp');
    }
    return null;
  }

  function stkPush(request: ProviderRequest): ProviderReply {
    const busyReply = busyAnswer('stk');
    if (busyReply) return busyReply;
    const body = jsonBody(request, 'BusinessShortCode');
    if (!body.ok) return body.reply;
    const checked = checkStkPush(body.value);
    if (!checked.ok) return checked.reply;
    const fields = checked.value;
    const refused = stkCredentials(fields);
    if (refused) return refused;
    const busy = [...pushes.values()].some((p) => p.state === 'processing' && p.fields.phone === fields.phone);
    if (busy && (options.lockSubscriber ?? true)) {
      return darajaError(
        500,
        '500.001.1001',
        'Unable to lock subscriber, a transaction is already in process for the current subscriber',
      );
    }
    const record: StkPushRecord = {
      checkoutRequestId: newCheckoutRequestId(now(), fields.phone),
      merchantRequestId: newMerchantRequestId(),
      fields,
      request: body.value,
      state: 'processing',
      resultCode: null,
      visibleToQuery: true,
      callback: null,
      receipt: null,
    };
    pushes.set(record.checkoutRequestId, record);
    const accepted = 'Success. Request accepted for processing';
    return {
      status: 200,
      body: {
        MerchantRequestID: record.merchantRequestId,
        CheckoutRequestID: record.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: accepted,
        CustomerMessage: accepted,
      },
    };
  }

  function stkQuery(request: ProviderRequest): ProviderReply {
    const body = jsonBody(request, 'BusinessShortCode');
    if (!body.ok) return body.reply;
    const checked = checkStkQuery(body.value);
    if (!checked.ok) return checked.reply;
    const refused = stkCredentials(checked.value);
    if (refused) return refused;
    const id = checked.value.checkoutRequestId;
    const record = pushes.get(id);
    if (!record) return darajaError(500, '500.001.1001', 'The transaction does not Exist', id);
    if (record.state === 'processing' || !record.visibleToQuery) {
      if (pendingAnswer === 'being_processed') {
        return darajaError(500, '500.001.1001', 'The transaction is being processed', id);
      }
      if (pendingAnswer === 'empty_error') return darajaError(500, '500.001.1001', '', id);
    }
    const code = record.state === 'completed' && record.visibleToQuery ? (record.resultCode ?? '4999') : '4999';
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: record.merchantRequestId,
        CheckoutRequestID: id,
        ResultCode: code,
        ResultDesc: code === '4999' ? 'The transaction is still under processing' : stkDescription(code, 'query'),
      },
    };
  }

  type Handler = (request: ProviderRequest) => ProviderReply | Promise<ProviderReply>;
  const routes: Record<string, { method: string; handle: Handler }> = {
    '/oauth/v1/generate': { method: 'GET', handle: issueToken },
    '/mpesa/stkpush/v1/processrequest': { method: 'POST', handle: guarded(404, '404.001.03', stkPush) },
    '/mpesa/stkpushquery/v1/query': { method: 'POST', handle: guarded(404, '404.001.03', stkQuery) },
    '/mpesa/b2c/v3/paymentrequest': { method: 'POST', handle: guarded(404, '404.001.03', b2cRequest) },
    '/mpesa/transactionstatus/v1/query': { method: 'POST', handle: guarded(400, '400.003.01', desk.statusQuery) },
  };

  function guarded(status: number, code: string, handle: Handler) {
    return (request: ProviderRequest) => tokenProblem(request, status, code) ?? handle(request);
  }

  const server = await startJsonServer((request) => {
    const route = routes[request.path];
    if (!route) return darajaError(404, '404.001.01', 'Resource not found');
    if (request.method !== route.method) return darajaError(405, '405.001', 'Method Not Allowed');
    return route.handle(request);
  });

  function openPush(id: string) {
    const record = pushes.get(id);
    if (!record) throw new Error(`no STK push ${id}`);
    return record;
  }

  async function sendCallback(id: string) {
    const record = openPush(id);
    if (!record.callback) throw new Error(`STK push ${id} has not ended`);
    return deliver('stk_callback', id, record.fields.callbackUrl, record.callback);
  }

  return {
    ...server,
    account,
    adapterSettings: (extra = {}) => ({
      baseUrl: server.url,
      consumerKey: account.consumerKey,
      consumerSecret: account.consumerSecret,
      timeoutMs: 2000,
      stk: { shortCode: account.shortCode, passkey: account.passkey, transactionType: 'CustomerPayBillOnline' },
      b2c: {
        shortCode: account.b2cShortCode,
        initiatorName: account.initiatorName,
        securityCredential: account.securityCredential,
        statusResultUrl: (payoutId) => `https://service.example/rails/status/${payoutId}`,
      },
      ...extra,
    }),
    deliveries,
    waitForDelivery: (match, timeoutMs = 2000) => {
      const found = deliveries.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching M-Pesa delivery')), timeoutMs);
        waiters.push({ match, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    requestsTo: (path) => server.requests.filter((r) => r.path === path),
    stkPush: (id) => pushes.get(id),
    stkPushes: () => [...pushes.values()],
    async complete(id, resultCode, { callback = 'send', visibleToQuery = true } = {}) {
      const record = openPush(id);
      if (record.state !== 'processing') throw new Error(`STK push ${id} already ended`);
      const code = String(resultCode);
      record.state = 'completed';
      record.resultCode = code;
      record.visibleToQuery = visibleToQuery;
      record.receipt = code === '0' ? newReceipt() : null;
      record.callback = {
        Body: {
          stkCallback: {
            MerchantRequestID: record.merchantRequestId,
            CheckoutRequestID: id,
            ResultCode: callbackCode(code),
            ResultDesc: stkDescription(code, 'callback'),
            ...(code === '0' && {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: record.fields.amount },
                  { Name: 'MpesaReceiptNumber', Value: record.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: Number(eatDigits(now())) },
                  { Name: 'PhoneNumber', Value: Number(record.fields.phone) },
                ],
              },
            }),
          },
        },
      };
      if (callback === 'send') await sendCallback(id);
      return record.callback;
    },
    showToQuery: (id) => void (openPush(id).visibleToQuery = true),
    sendCallback,
    setPendingAnswer: (answer) => void (pendingAnswer = answer),
    payout: desk.payout,
    payouts: desk.payouts,
    disbursements: desk.disbursements,
    completePayout: desk.completePayout,
    sendPayoutResult: desk.sendPayoutResult,
    settleNextPayoutBeforeAnswer: (code) => void (settleBeforeAnswer = code),
    setBusy: (api, on) => void (on ? busyApis.add(api) : busyApis.delete(api)),
    expireTokens: () => tokens.clear(),
    tokensIssued: () => tokensIssued,
  };
}
