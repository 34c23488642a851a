/**
 * MTN's callback to X-Callback-Url: the status object, unsigned, sent as PUT or POST (MTN's pages say
 * both; the sandbox was seen sending POST with these headers) [provider-contracts 1.5].
 */
export type CallbackMethod = 'PUT' | 'POST';

export interface MtnCallback {
  referenceId: string;
  url: string;
  method: CallbackMethod;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export type MtnCallbackDelivery = MtnCallback & {
  /** The receiver's HTTP status, `delivered` when a `deliver` hook took it, or the error. */
  outcome: { status: number } | { delivered: true } | { error: string };
};

/** A test's own receiver: the server hands it each callback instead of making an HTTP request. */
export type DeliverCallback = (callback: MtnCallback) => void | Promise<void>;

const CALLBACK_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'LWAC Http Client 1.0' };

export function callbackSender(options: { method: CallbackMethod; deliver?: DeliverCallback; signal: AbortSignal }) {
  const deliveries: MtnCallbackDelivery[] = [];

  const send = async (referenceId: string, url: string, body: Record<string, unknown>) => {
    const callback: MtnCallback = { referenceId, url, method: options.method, headers: { ...CALLBACK_HEADERS }, body };
    let outcome: MtnCallbackDelivery['outcome'];
    try {
      if (options.deliver) {
        await options.deliver(structuredClone(callback));
        outcome = { delivered: true };
      } else {
        const response = await fetch(url, {
          method: callback.method,
          headers: callback.headers,
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
