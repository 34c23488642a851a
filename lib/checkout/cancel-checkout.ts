import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { Tenant } from '../platform/db/schema';
import { presentCheckoutPublic } from './present';
import { transitionCheckout } from './state-machine';

/** Only a pending, unexpired checkout can be cancelled; anything else is a 409. */
export async function cancelCheckout(db: Db, tenant: Tenant, checkoutId: string) {
  const row = await transitionCheckout(db, {
    checkoutId,
    tenantId: tenant.id,
    transition: 'cancel',
    set: { cancelledAt: sql`now()` },
  });
  return presentCheckoutPublic(row);
}
