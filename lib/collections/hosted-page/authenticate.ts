import type { Db } from '../../platform/db/client';
import { ApiError, unauthorized } from '../../platform/http/errors';
import type { CheckoutRow } from '../../checkout/present';
import { TOKEN_GRACE_SECONDS, verifyCheckoutToken } from '../../checkout/token';
import { checkoutById } from '../../checkout/read-checkouts';

/**
 * The hosted page's credential: `X-Checkout-Token` must be a valid token for exactly the checkout in
 * the path. A tampered, expired, wrong-audience or other checkout's token is a 401, like a missing one.
 * A write (`access` = 'write') more than an hour after the checkout's `expires_at` is a 410: the link
 * still shows the outcome, it no longer pays.
 */
export async function authenticateCheckout(
  db: Db,
  token: string | null,
  paymentReference: string,
  access: 'read' | 'write' = 'read',
): Promise<CheckoutRow> {
  if (!token) throw unauthorized('Missing X-Checkout-Token header', 'missing_checkout_token');
  const claims = await verifyCheckoutToken(token.trim());
  if (!claims || claims.paymentReference !== paymentReference) {
    throw unauthorized('This payment link is not valid', 'invalid_checkout_token');
  }
  const row = await checkoutById(db, claims.checkoutId);
  if (!row || row.paymentReference !== paymentReference) {
    throw unauthorized('This payment link is not valid', 'invalid_checkout_token');
  }
  if (access === 'write' && Date.now() > row.expiresAt.getTime() + TOKEN_GRACE_SECONDS * 1000) {
    throw new ApiError(410, 'checkout_link_expired', 'This payment link has expired: it can no longer take a payment');
  }
  return row;
}
