import crypto from 'node:crypto';
import type { AirtelTransaction } from './transactions';

/**
 * Airtel's callback: a POST to the application's one callback URL, `{ transaction: { id, message,
 * status_code, airtel_money_id } }`, plus `hash` (HMAC-SHA256, Base64, with the application's private
 * key) when callback authentication is on [AT-CB]. Which bytes Airtel hashes is not published: `hashOver`
 * picks the compact JSON of `{transaction}` (Airtel's Java sample as copied) or of `transaction` alone.
 */
export type HashOver = 'payload' | 'transaction';

export interface AirtelCallback {
  url: string;
  body: { transaction: Record<string, string>; hash?: string };
}

export type AirtelCallbackDelivery = AirtelCallback & {
  outcome: { status: number } | { delivered: true } | { error: string };
};

export type DeliverCallback = (callback: AirtelCallback) => void | Promise<void>;

export function callbackBody(
  transaction: AirtelTransaction,
  key: string | null,
  hashOver: HashOver,
): AirtelCallback['body'] {
  const fields: Record<string, string> = {
    id: transaction.id,
    message: transaction.message,
    status_code: transaction.status,
    airtel_money_id: transaction.airtelMoneyId ?? '',
  };
  if (!key) return { transaction: fields };
  const text = hashOver === 'payload' ? JSON.stringify({ transaction: fields }) : JSON.stringify(fields);
  return { transaction: fields, hash: crypto.createHmac('sha256', key).update(text, 'utf8').digest('base64') };
}

export function callbackSender(options: { deliver?: DeliverCallback; signal: AbortSignal }) {
  const deliveries: AirtelCallbackDelivery[] = [];

  const send = async (url: string, body: AirtelCallback['body']) => {
    const callback: AirtelCallback = { url, body };
    let outcome: AirtelCallbackDelivery['outcome'];
    try {
      if (options.deliver) {
        await options.deliver(structuredClone(callback));
        outcome = { delivered: true };
      } else {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.any([options.signal, AbortSignal.timeout(2_000)]),
        });
        await response.arrayBuffer();
        outcome = { status: response.status };
      }
    } catch (error) {
      outcome = { error: String(error) };
    }
    const delivery = { ...callback, outcome };
    deliveries.push(delivery);
    return delivery;
  };

  return { deliveries, send };
}
