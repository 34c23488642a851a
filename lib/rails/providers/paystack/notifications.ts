import crypto from 'node:crypto';
import type { BankTransferProvider, CollectionStatus, PayoutStatus, ProviderNotice } from '../types';
import { readTransaction } from './collections';
import { isRecord, readMinorUnits, stringField, type PaystackClient } from './client';
import { readTransfer } from './transfers';

/**
 * Webhooks: `POST {"event": "…", "data": {…}}` to the dashboard's URL, signed in `x-paystack-signature`
 * = hex HMAC-SHA512 of the body keyed with the secret key (no separate webhook secret) [PS-WH]. The
 * signature is checked over the raw bytes received, never over re-serialised JSON. There is no event id:
 * a repeated event reads the same, and the status read is the one in `data`, so the service can take
 * each event as a hint and ask `queryPayment` / `queryPayout` for the current state.
 *
 * | event                    | notice                                                           |
 * |--------------------------|------------------------------------------------------------------|
 * | `charge.success`         | collection `data.reference`: succeeded (`data.amount` received)   |
 * | `bank.transfer.rejected` | other: it names no charge reference (see readPaystackEvent)       |
 * | `transfer.success`       | payout `data.reference`: completed (`transfer_code`)             |
 * | `transfer.failed`        | payout: failed `failed`                                          |
 * | `transfer.reversed`      | payout: failed `reversed` (may follow a success)                 |
 * | anything else            | other                                                            |
 */
export type PaystackEvent =
  | { event: 'charge.success'; providerReference: string; status: CollectionStatus }
  /**
   * A transfer of the wrong amount into a PwT account; Paystack refunds it and the charge stays
   * unpaid [PS-PWT-SUP]. The event carries `bank_transfer{amount, message, message_type, transaction_id}`
   * (strings) and the customer, but no charge reference [PS-SNIP `pwt-events/bank-transfer-rejected`].
   * `transactionId` is, by its name, Paystack's transaction id (`data.id` of verify): UNDOCUMENTED.
   */
  | {
      event: 'bank.transfer.rejected';
      transactionId: string | null;
      amount: bigint | null;
      messageType: string | null;
      message: string | null;
      customerEmail: string | null;
    }
  | { event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed'; payoutId: string; status: PayoutStatus }
  | { event: 'other'; type: string };

const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

export function notificationsOf(
  client: PaystackClient,
): Pick<BankTransferProvider, 'verifyNotification' | 'readNotification'> {
  return {
    verifyNotification(headers, rawBody) {
      const given = headers.get('x-paystack-signature');
      if (!given || !/^[0-9a-f]{128}$/i.test(given)) return false;
      const expected = crypto.createHmac('sha512', client.secretKey).update(rawBody, 'utf8').digest();
      return crypto.timingSafeEqual(Buffer.from(given, 'hex'), expected);
    },
    readNotification(rawBody): ProviderNotice | null {
      const read = readPaystackEvent(rawBody);
      if (!read) return null;
      if (read.event === 'charge.success')
        return { about: 'collection', providerReference: read.providerReference, status: read.status };
      if (read.event === 'bank.transfer.rejected') return { about: 'other', type: read.event };
      if (read.event === 'other') return { about: 'other', type: read.type };
      return { about: 'payout', payoutId: read.payoutId, status: read.status };
    },
  };
}

/** Reads a verified webhook body with everything Paystack put in it; null when it is not an event. */
export function readPaystackEvent(rawBody: string): PaystackEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isRecord(body) || typeof body.event !== 'string' || !isRecord(body.data)) return null;
  const { event, data } = body;

  if (event === 'charge.success') {
    const reference = stringField(data, 'reference');
    return reference ? { event, providerReference: reference, status: readTransaction(data, reference) } : null;
  }
  if (TRANSFER_EVENTS.has(event)) {
    const reference = stringField(data, 'reference');
    if (!reference) return null;
    return {
      event: event as 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
      payoutId: reference,
      status: readTransfer(data, reference),
    };
  }
  if (event === 'bank.transfer.rejected') {
    const transfer = isRecord(data.bank_transfer) ? data.bank_transfer : {};
    const customer = isRecord(data.customer) ? data.customer : {};
    return {
      event,
      transactionId: stringField(transfer, 'transaction_id'),
      amount: readMinorUnits(transfer.amount),
      messageType: stringField(transfer, 'message_type'),
      message: stringField(transfer, 'message'),
      customerEmail: stringField(customer, 'email'),
    };
  }
  return { event: 'other', type: event };
}
