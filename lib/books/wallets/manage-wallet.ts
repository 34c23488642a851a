import type { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { wallets, ownerOf, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict, invalidField } from '../../platform/http/errors';
import { recordEvent } from '../../notifications/events/record-event';
import { findWallet } from './find-wallet';
import type { operatorWalletInput, walletStatusInput } from './input';
import { presentWallet } from './present';

export async function getWallet(db: Db, tenant: Tenant, code: string) {
  const { wallet, currency } = await findWallet(db, tenant, code);
  return presentWallet(wallet, currency);
}

export async function updateWalletStatus(
  db: Db,
  tenant: Tenant,
  code: string,
  input: z.output<typeof walletStatusInput>,
) {
  return db.transaction(async (tx) => {
    const { wallet, currency } = await findWallet(tx, tenant, code, { lock: true });
    if (wallet.status === 'suspended') {
      throw conflict(
        'wallet_suspended',
        `The ${currency} wallet is suspended by the operator; only the operator can lift it`,
      );
    }
    return saveWallet(tx, wallet.id, currency, wallet.status, { status: input.status }, 'merchant');
  });
}

/**
 * The operator's levers: suspend a wallet, or hold its settlement (deposits stay in holding) with a
 * reason the merchant sees or not. Lifting a hold clears its reason.
 */
export async function operatorUpdateWallet(
  db: Db,
  tenant: Tenant,
  code: string,
  input: z.output<typeof operatorWalletInput>,
) {
  return db.transaction(async (tx) => {
    const { wallet, currency } = await findWallet(tx, tenant, code, { lock: true });
    const hold = input.settlement_hold ?? wallet.settlementHold;
    if (input.settlement_hold === true && !input.settlement_hold_reason && !wallet.settlementHoldReason) {
      throw invalidField('settlement_hold_reason', 'is required when placing a settlement hold');
    }
    const changes: Partial<typeof wallets.$inferInsert> = {
      ...(input.status ? { status: input.status } : {}),
      settlementHold: hold,
      settlementHoldReason: hold ? (input.settlement_hold_reason ?? wallet.settlementHoldReason) : null,
      settlementHoldVisibility: hold
        ? (input.settlement_hold_visibility ?? wallet.settlementHoldVisibility ?? 'merchant')
        : null,
    };
    return saveWallet(tx, wallet.id, currency, wallet.status, changes, 'operator');
  });
}

async function saveWallet(
  db: Db,
  walletId: string,
  currency: Parameters<typeof presentWallet>[1],
  previousStatus: string,
  changes: Partial<typeof wallets.$inferInsert>,
  audience: 'merchant' | 'operator',
) {
  const [saved] = await db
    .update(wallets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(wallets.id, walletId))
    .returning();
  await recordEvent(db, {
    ...ownerOf(saved!),
    eventType: saved!.status !== previousStatus ? 'wallet.status_changed' : 'wallet.updated',
    resourceType: 'wallet',
    resourceId: saved!.id,
    data: presentWallet(saved!, currency, 'merchant'),
  });
  return presentWallet(saved!, currency, audience);
}
