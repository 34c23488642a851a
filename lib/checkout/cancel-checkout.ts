import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { presentCheckoutPublic } from './present';
import { transitionCheckout } from './state-machine';

/** Only a pending, unexpired checkout can be cancelled; anything else is a 409. */
export async function cancelCheckout(db: Db, merchantId: string, checkoutId: string) {
  const row = await transitionCheckout(db, {
    checkoutId,
    merchantId,
    transition: 'cancel',
    set: { cancelledAt: sql`now()` },
  });
  return presentCheckoutPublic(row);
}
