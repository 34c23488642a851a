import type { PayoutProvider, PayoutStatus, PayoutTarget, SubmitResult } from '../types';
import type { CurrencyCode } from '../../../platform/money/currencies';
import { DARAJA_PATHS, describe, isRecord, type DarajaAnswer, type DarajaClient } from './daraja';
import { callbackUrlProblem, darajaMsisdn, payoutRemarks, wholeShillings } from './format';
import { readResultCode } from './result-codes';
import { readAcknowledgement } from './refusals';
import type { ResolvedSettings } from './settings';

/**
 * Payouts by B2C v3. Our payout id is the `OriginatorConversationID`, which Daraja documents as the
 * merchant's unique id "to avoid double disbursement": a second request with it is refused with
 * `500.002.1001` "Duplicate OriginatorConversationID." [DJ-B2C]. That refusal is what makes resending a
 * payout whose answer was lost safe, and it is all this adapter relies on: it never invents a new id
 * for a retry.
 *
 * Both the payment and its status arrive asynchronously, by callbacks to URLs the service chose:
 * `readPayoutResult` (the B2C ResultURL) and `readPayoutStatusResult` (the Transaction Status ResultURL).
 */
export interface MpesaPayouts extends PayoutProvider {
  /** Asks Daraja's Transaction Status API about a payout; the answer comes to `statusResultUrl(payoutId)`. */
  requestPayoutStatus(payoutId: string): Promise<StatusRequest>;
}

export type StatusRequest =
  { kind: 'requested'; conversationId: string | null } | { kind: 'not_requested'; detail: string };

/** Daraja's documented B2C minimum: "Minimum: Ksh 10" [DJ-B2C FAQ]. */
export const B2C_MINIMUM_SHILLINGS = 10n;

/** B2C payouts, or null when the settings carry no B2C section. */
export function createPayouts(client: DarajaClient, settings: ResolvedSettings): MpesaPayouts | null {
  const b2c = settings.b2c;
  if (!b2c) return null;

  const requestPayoutStatus = async (payoutId: string): Promise<StatusRequest> => {
    const resultUrl = b2c.statusResultUrl(payoutId);
    // Field names as in the parameter table; the sample body's "Command ID" with a space is a doc typo.
    const answer = await client.post(DARAJA_PATHS.transactionStatus, {
      Initiator: b2c.initiatorName,
      SecurityCredential: b2c.securityCredential,
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: payoutId,
      PartyA: b2c.shortCode,
      IdentifierType: '4',
      ResultURL: resultUrl,
      QueueTimeOutURL: resultUrl,
      Remarks: 'Payout status',
      Occasion: payoutId,
    });
    if (answer.kind !== 'answered') return { kind: 'not_requested', detail: answer.detail };
    const body = answer.body;
    if (answer.status === 200 && isRecord(body) && readResultCode(body.ResponseCode) === '0') {
      return {
        kind: 'requested',
        conversationId: typeof body.ConversationID === 'string' ? body.ConversationID : null,
      };
    }
    return { kind: 'not_requested', detail: describe(answer) };
  };

  return {
    name: 'mpesa',

    async sendPayout(request): Promise<SubmitResult> {
      const checked = checkPayout(request);
      if ('kind' in checked) return checked;
      // Strings throughout, as in Daraja's own example; "Occassion" is the v3 page's spelling [DJ-B2C].
      const answer = await client.post(DARAJA_PATHS.b2c, {
        OriginatorConversationID: request.payoutId,
        InitiatorName: b2c.initiatorName,
        SecurityCredential: b2c.securityCredential,
        CommandID: b2c.commandId,
        Amount: checked.shillings.toString(),
        PartyA: b2c.shortCode,
        PartyB: checked.msisdn,
        Remarks: payoutRemarks(request.reason),
        QueueTimeOutURL: request.callbackUrl,
        ResultURL: request.callbackUrl,
        Occassion: request.payoutId,
      });
      return readB2cAnswer(answer);
    },

    /**
     * Transaction Status is asynchronous: its HTTP answer only acknowledges the question, so this never
     * knows more than `unknown` by itself. The verdict is read by `readPayoutStatusResult` when Daraja
     * posts it; the detail says whether the question was asked, and `question` is the ConversationID
     * Daraja gave it, which its result carries back [DJ-TS] (the only tie between a posted answer and
     * this question: the status URL alone is no proof).
     */
    async queryPayout(request): Promise<PayoutStatus> {
      const asked = await requestPayoutStatus(request.payoutId);
      if (asked.kind === 'not_requested') return { status: 'unknown', detail: `status not requested: ${asked.detail}` };
      return {
        status: 'unknown',
        detail: `status requested (ConversationID ${asked.conversationId ?? 'none'}); Daraja posts it to the status URL`,
        ...(asked.conversationId ? { question: asked.conversationId } : {}),
      };
    },

    requestPayoutStatus,
  };
}

type Refused = Extract<SubmitResult, { kind: 'refused' }>;

function checkPayout(request: {
  amount: bigint;
  currency: CurrencyCode;
  target: PayoutTarget;
  callbackUrl: string;
}): Refused | { shillings: bigint; msisdn: string } {
  const refuse = (code: string, message: string): Refused => ({ kind: 'refused', code, message });
  if (request.currency !== 'KES') return refuse('unsupported_currency', 'M-Pesa pays out Kenyan shillings only');
  const { target } = request;
  if (target.type !== 'mobile_money' || target.network !== 'mpesa') {
    return refuse('unsupported_target', 'M-Pesa B2C pays M-Pesa mobile numbers only');
  }
  const msisdn = darajaMsisdn(target.phone);
  if (!msisdn) return refuse('invalid_number', 'Not a Kenyan mobile number (+2547… or +2541…)');
  const shillings = wholeShillings(request.amount);
  if (shillings === null) {
    return refuse('amount_not_whole_shillings', 'M-Pesa takes whole shillings only; this amount has cents');
  }
  if (shillings < B2C_MINIMUM_SHILLINGS) return refuse('amount_too_small', 'M-Pesa B2C pays at least KES 10');
  const urlProblem = callbackUrlProblem(request.callbackUrl);
  if (urlProblem) return refuse('invalid_callback_url', urlProblem);
  return { shillings, msisdn };
}

function readB2cAnswer(answer: DarajaAnswer): SubmitResult {
  if (answer.kind === 'answered' && answer.error?.errorCode === '500.002.1001') {
    // An earlier request with this payout id reached Daraja; this one will not pay again. Whether the
    // first one paid is for the status query (or its result callback) to say.
    return { kind: 'unknown', detail: `duplicate payout id, already received by M-Pesa: ${describe(answer)}` };
  }
  return readAcknowledgement(answer, 'ConversationID');
}
