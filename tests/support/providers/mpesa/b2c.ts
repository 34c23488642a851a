import type { ProviderReply, ProviderRequest } from '../json-server';
import {
  B2C_DESCRIPTIONS,
  b2cDateTime,
  callbackCode,
  darajaError,
  eatDigits,
  newConversationId,
  newMpesaOriginatorId,
  newReceipt,
  newRequestId,
  parameters,
  type MpesaDelivery,
} from './bodies';
import { checkB2c, checkTransactionStatus, jsonBody, type B2cFields } from './checks';

/**
 * The contract server's B2C v3 payouts and Transaction Status queries [DJ-B2C, DJ-TS]. Money leaves (a
 * disbursement is recorded) only when a test completes a payout with ResultCode 0, once per
 * OriginatorConversationID: a second request with the same id is refused `500.002.1001` [DJ-B2C], so
 * tests can assert a retry never pays twice. No answer posted to a ResultURL carries the merchant's
 * OriginatorConversationID back: both results carry ids M-Pesa generated (their samples), and only
 * the ConversationID of the synchronous answer ties a result to its request.
 */
export type InitiatorRole = 'b2c' | 'transaction_status';

export interface PayoutRecord {
  originatorConversationId: string;
  conversationId: string;
  /** The OriginatorConversationID M-Pesa's own results give this payout (never ours). */
  mpesaOriginatorId: string;
  fields: B2cFields;
  /** The body exactly as Daraja received it. */
  request: Record<string, unknown>;
  state: 'queued' | 'completed' | 'failed';
  resultCode: string | null;
  /** What M-Pesa will answer whatever the test asks: a wrong credential (2001), no B2C role (21), a short code without B2C (2028), an amount out of limits (2, 3). */
  forcedResultCode: string | null;
  transactionId: string | null;
  result: unknown;
}

export interface Disbursement {
  originatorConversationId: string;
  partyB: string;
  /** Whole shillings. */
  amount: number;
  transactionId: string;
}

export interface PayoutContext {
  account: {
    b2cShortCode: string;
    initiatorName: string;
    securityCredential: string;
    /** The API user's roles on the M-PESA Org portal ("Various API roles" table [DJ-TS, DJ-B2C]). */
    initiatorRoles: readonly InitiatorRole[];
  };
  now: () => Date;
  /** An API answered `500.003.02` "System is busy" right now, or null. */
  busy: (api: 'b2c' | 'status') => ProviderReply | null;
  deliver: (kind: MpesaDelivery['kind'], reference: string, url: string, body: unknown) => Promise<MpesaDelivery>;
}

/** Documented B2C limits [DJ-B2C FAQ 9]: "Minimum: Ksh 10", "Maximum per transaction: Ksh 250,000". */
const B2C_MINIMUM = 10;
const B2C_MAXIMUM = 250_000;

export function createPayoutDesk(context: PayoutContext) {
  const payouts = new Map<string, PayoutRecord>();
  const disbursements: Disbursement[] = [];
  const { account } = context;
  const credentialValid = (name: string, credential: string) =>
    name === account.initiatorName && credential === account.securityCredential;

  function paymentRequest(request: ProviderRequest): ProviderReply {
    const busy = context.busy('b2c');
    if (busy) return busy;
    const body = jsonBody(request, 'InitiatorName');
    if (!body.ok) return body.reply;
    const checked = checkB2c(body.value);
    if (!checked.ok) return checked.reply;
    const fields = checked.value;
    if (payouts.has(fields.originatorConversationId)) {
      // [DJ-B2C] "Sample Error Response".
      return darajaError(500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    }
    // The acknowledgement does not check the credential; the verdict comes in the result: the
    // "Sample Unsuccessful Callback Payload" is a 2001 [DJ-B2C]. Codes 21, 2028, 2 and 3 as its table says.
    const forcedResultCode = !credentialValid(fields.initiatorName, fields.securityCredential)
      ? '2001'
      : !account.initiatorRoles.includes('b2c')
        ? '21'
        : fields.partyA !== account.b2cShortCode
          ? '2028'
          : fields.amount < B2C_MINIMUM
            ? '2'
            : fields.amount > B2C_MAXIMUM
              ? '3'
              : null;
    const record: PayoutRecord = {
      originatorConversationId: fields.originatorConversationId,
      conversationId: newConversationId(context.now()),
      mpesaOriginatorId: newMpesaOriginatorId(),
      fields,
      request: body.value,
      state: 'queued',
      resultCode: null,
      forcedResultCode,
      transactionId: null,
      result: null,
    };
    payouts.set(record.originatorConversationId, record);
    // The response sample echoes the request's OriginatorConversationID [DJ-B2C].
    return {
      status: 200,
      body: {
        ConversationID: record.conversationId,
        OriginatorConversationID: record.originatorConversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  }

  /** Ends a queued payout (a forced code wins over `resultCode`) and posts its result to ResultURL. */
  async function completePayout(
    id: string,
    resultCode: number | string,
    options: { result?: 'send' | 'withhold' } = {},
  ) {
    const record = payouts.get(id);
    if (!record) throw new Error(`no payout ${id}`);
    if (record.state !== 'queued') throw new Error(`payout ${id} already ended`);
    const code = record.forcedResultCode ?? String(resultCode);
    const now = context.now();
    record.resultCode = code;
    record.transactionId = newReceipt();
    record.state = code === '0' ? 'completed' : 'failed';
    if (code === '0') {
      const { fields } = record;
      disbursements.push({
        originatorConversationId: id,
        partyB: fields.partyB,
        amount: fields.amount,
        transactionId: record.transactionId,
      });
    }
    // The documented success and unsuccessful payloads [DJ-B2C]: OriginatorConversationID "returned by
    // the API proxy" (sample 53e3-4aa8-9fe0-8fb5e4092cdd3533373, not the request's), TransactionID on both.
    record.result = {
      Result: {
        ResultType: 0,
        ResultCode: callbackCode(code),
        ResultDesc: B2C_DESCRIPTIONS[code] ?? `Result code ${code}`,
        OriginatorConversationID: newRequestId(),
        ConversationID: record.conversationId,
        TransactionID: record.transactionId,
        ...(code === '0' && {
          ResultParameters: {
            ResultParameter: parameters([
              ['TransactionAmount', record.fields.amount],
              ['TransactionReceipt', record.transactionId],
              ['ReceiverPartyPublicName', `${record.fields.partyB} - TEST CUSTOMER`],
              ['TransactionCompletedDateTime', b2cDateTime(now)],
              ['B2CUtilityAccountAvailableFunds', 8959269.6],
              ['B2CWorkingAccountAvailableFunds', 1199371],
              ['B2CRecipientIsRegisteredCustomer', 'Y'],
              ['B2CChargesPaidAccountAvailableFunds', -1980],
            ]),
          },
        }),
        ReferenceData: {
          ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.example/b2cresults/v1/submit' },
        },
      },
    };
    if (options.result !== 'withhold') await sendPayoutResult(id);
    return record.result;
  }

  /** Posts a payout's result (again: Daraja itself never repeats one, but a test may). */
  async function sendPayoutResult(id: string) {
    const record = payouts.get(id);
    if (!record?.result) throw new Error(`payout ${id} has no result yet`);
    return context.deliver('b2c_result', id, record.fields.resultUrl, record.result);
  }

  /** Transaction Status: acknowledged at once; the verdict is posted to ResultURL just after [DJ-TS]. */
  function statusQuery(request: ProviderRequest): ProviderReply {
    const busy = context.busy('status');
    if (busy) return busy;
    const body = jsonBody(request, 'Initiator', '400.003.02');
    if (!body.ok) return body.reply;
    const checked = checkTransactionStatus(body.value);
    if (!checked.ok) return checked.reply;
    const query = checked.value;
    // The response's ids are M-Pesa's ("1236-7134259-1", "AG_20210709_…"), and its result carries the
    // same two: the result's OriginatorConversationID "comes from the response message" [DJ-TS].
    const ids = { OriginatorConversationID: newMpesaOriginatorId(), ConversationID: newConversationId(context.now()) };
    const record =
      (query.originalConversationId && payouts.get(query.originalConversationId)) ||
      [...payouts.values()].find((p) => p.transactionId !== null && p.transactionId === query.transactionId);
    const refusal = !credentialValid(query.initiator, query.securityCredential)
      ? '2001'
      : !account.initiatorRoles.includes('transaction_status')
        ? '21'
        : null;
    const result = statusResult(ids, refusal ?? record ?? null);
    const reference = query.originalConversationId ?? query.transactionId ?? '';
    setTimeout(() => void context.deliver('status_result', reference, query.resultUrl, result), 0);
    return {
      status: 200,
      body: { ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' },
    };
  }

  function statusResult(ids: Record<string, string>, found: PayoutRecord | '2001' | '21' | null) {
    const base = {
      ...ids,
      ResultType: 0,
      TransactionID: newReceipt(),
      ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    };
    if (found === '2001') {
      // [DJ-TS FAQ 4]: "'initiator information is invalid'" for a wrong API user or credential.
      return { Result: { ...base, ResultCode: 2001, ResultDesc: B2C_DESCRIPTIONS['2001'] } };
    }
    if (found === '21') {
      // The "Transaction Status query ORG API" role is required [DJ-TS "Various API roles"]. Inferred:
      // the TS page lists no result code for its absence; B2C's for a missing role is 21 [DJ-B2C].
      return { Result: { ...base, ResultCode: 21, ResultDesc: B2C_DESCRIPTIONS['21'] } };
    }
    if (!found) {
      // Observed by integrators for an unknown receipt; assumed alike for an unknown conversation id.
      return { Result: { ...base, ResultCode: 2032, ResultDesc: 'The transaction receipt number does not exist.' } };
    }
    const at = eatDigits(context.now());
    // Guesses where the docs are silent: a failed payout reads "Declined", a queued one "Initiated"
    // (the FAQ's statuses: Initiated, Authorized, then Cancelled, Declined, Completed or Expired).
    const state = { completed: 'Completed', failed: 'Declined', queued: 'Initiated' }[found.state];
    // The documented callback payload [DJ-TS], parameter for parameter: its OriginatorConversationID
    // parameter is M-Pesa's (sample 3211-416020-3), its ConversationID the payout's.
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: parameters([
            ['DebitPartyName', `${account.b2cShortCode} - Test Organisation`],
            ['CreditPartyName', `${found.fields.partyB} - TEST CUSTOMER`],
            ['OriginatorConversationID', found.mpesaOriginatorId],
            ['InitiatedTime', at],
            ['DebitAccountType', 'Utility Account'],
            ['DebitPartyCharges', 'Fee For B2C Payment|KES|22.40'],
            ['TransactionReason', undefined],
            ['ReasonType', 'Business Payment to Customer via API'],
            ['TransactionStatus', state],
            ['FinalisedTime', at],
            ['Amount', String(found.fields.amount)],
            ['ConversationID', found.conversationId],
            ['ReceiptNo', found.state === 'completed' ? (found.transactionId ?? undefined) : undefined],
          ]),
        },
      },
    };
  }

  return {
    paymentRequest,
    statusQuery,
    completePayout,
    sendPayoutResult,
    payout: (id: string) => payouts.get(id),
    payouts: () => [...payouts.values()],
    disbursements: () => [...disbursements],
  };
}
