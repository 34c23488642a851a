import { expect } from 'vitest';
import { testSql } from '../../support/database';
import { CURRENCIES, UUID, WALLET_FIELDS } from '../../support/shapes';
import { invalidFields, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';

/** Spec 2.1: ISO 8601 without a zone offset. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

export const sql = testSql();

export function expect422(res: { status: number; body: unknown; text: string }, field: string) {
  expect(invalidFields(res)).toContain(field);
}

export function expectWallets(wallets: DataOf<typeof contract.createMerchant>['wallets'], merchantId: string) {
  expect(wallets).toHaveLength(CURRENCIES.length);
  expect(wallets.map((w) => w.currency_name).sort()).toEqual(CURRENCIES);
  for (const w of wallets) {
    expect(Object.keys(w).sort()).toEqual([...WALLET_FIELDS].sort());
    expect(w.id).toMatch(UUID);
    expect(w.merchant_id).toBe(merchantId);
    expect(w.currency_id).toMatch(UUID);
    expect(w.holding_balance).toBe(0);
    expect(w.available_balance).toBe(0);
    expect(w.balance).toBe(0);
    expect(w.settlement_hold).toBe(false);
    expect(w.settlement_hold_reason).toBeNull();
    expect(w.settlement_hold_visibility).toBeNull();
    expect(w.last_deposit_at).toBeNull();
    expect(w.last_settlement_at).toBeNull();
    expect(w.last_payout_at).toBeNull();
    expect(w.status).toBe('active');
    expect(w.created_at).toMatch(TIMESTAMP);
    expect(w.updated_at).toMatch(TIMESTAMP);
  }
  expect(new Set(wallets.map((w) => w.id)).size).toBe(CURRENCIES.length);
  expect(new Set(wallets.map((w) => w.currency_id)).size).toBe(CURRENCIES.length);
}
