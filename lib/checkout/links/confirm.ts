import { getDb } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';
import { log } from '../../platform/log';
import { clientAddress } from '../../access/rate-limit/client-address';
import { startLinkCheckout, type LinkRefusal } from './public';

/**
 * The link page's "Continue to payment", as its server action calls it: the form's fields and the
 * request's headers in, the hosted page's address out, or what to tell the customer. Next (and the
 * server edge before it) refuses a server action posted from another origin; a browser's
 * `Sec-Fetch-Site` is checked here too, so no other site's page can start checkouts in its visitors'
 * browsers. Scripts that post directly are held by the per-address and per-link limits.
 */
export type ConfirmProblem = 'amount' | 'amount_min' | 'amount_max' | 'email' | 'busy' | 'gone' | 'forbidden';

export type ConfirmOutcome =
  | { ok: true; url: string }
  | { ok: false; problem: ConfirmProblem; refusal?: LinkRefusal; values: { amount: string; customer_email: string } };

export async function confirmLinkFromPage(
  slug: string,
  form: { amount?: string; customer_email?: string },
  headers: Headers,
): Promise<ConfirmOutcome> {
  const values = { amount: form.amount ?? '', customer_email: form.customer_email ?? '' };
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return { ok: false, problem: 'forbidden', values };
  const address = clientAddress(new Request('http://link.invalid/', { headers }));
  try {
    const started = await startLinkCheckout(getDb(), slug, form, address);
    return { ok: true, url: started.checkoutUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, problem: problemOf(error), refusal: refusalOf(error), values };
  }
}

function problemOf(error: ApiError): ConfirmProblem {
  if (error.status === 429) return 'busy';
  if (error.status === 404 || error.status === 410) return 'gone';
  const field = error.fields[0];
  if (field?.field === 'customer_email') return 'email';
  if (field?.message.startsWith('must be at least')) return 'amount_min';
  if (field?.message.startsWith('must be at most')) return 'amount_max';
  if (error.status === 422) return 'amount';
  log.warn('payment link page: unexpected refusal', { code: error.code });
  return 'gone';
}

const refusalOf = (error: ApiError): LinkRefusal | undefined => {
  const match = /\((inactive|ended|full|unavailable)\)$/.exec(error.message);
  return match ? (match[1] as LinkRefusal) : undefined;
};
