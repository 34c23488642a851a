import type { Db } from '../../platform/db/client';
import { ApiError, unauthorized } from '../../platform/http/errors';
import type { CheckoutRow } from '../../checkout/present';
import { TOKEN_GRACE_SECONDS, verifyCheckoutToken } from '../../checkout/token';
import { checkoutById } from '../../checkout/read-checkouts';

/**
 * The hosted page's credential: `X-Checkout-Token` must be a valid token for exactly the checkout in
 * the path. A tampered, expired, wrong-audience or other checkout's token is a 401, like a missing one.
 * A write (`access` = 'write') more than an hour after the checkout's `expires_at` is a 410: the link
 * still shows the outcome, it no longer pays. `load` reads the checkout by the token's id: its row
 * alone (checkoutRowById), or with everything the page shows in the same statement (session-facts.ts).
 */
export async function authenticateCheckout<T extends { checkout: CheckoutRow }>(
  db: Db,
  token: string | null,
  paymentReference: string,
  access: 'read' | 'write',
  load: (db: Db, checkoutId: string) => Promise<T | undefined>,
): Promise<T> {
  if (!token) throw unauthorized('Missing X-Checkout-Token header', 'missing_checkout_token');
  const claims = await verifyCheckoutToken(token.trim());
  if (!claims || claims.paymentReference !== paymentReference) {
    throw unauthorized('This payment link is not valid', 'invalid_checkout_token');
  }
  const loaded = await load(db, claims.checkoutId);
  if (!loaded || loaded.checkout.paymentReference !== paymentReference) {
    throw unauthorized('This payment link is not valid', 'invalid_checkout_token');
  }
  if (access === 'write' && Date.now() > loaded.checkout.expiresAt.getTime() + TOKEN_GRACE_SECONDS * 1000) {
    throw new ApiError(410, 'checkout_link_expired', 'This payment link has expired: it can no longer take a payment');
  }
  return loaded;
}

/** The checkout's row alone: what a write starts from. */
export async function checkoutRowById(db: Db, checkoutId: string): Promise<{ checkout: CheckoutRow } | undefined> {
  const checkout = await checkoutById(db, checkoutId);
  return checkout && { checkout };
}
