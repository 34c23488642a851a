import { expect } from 'vitest';
import { testSql } from '../../support/database';
import { UUID } from '../../support/shapes';
import { invalidFields, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';

/** Spec 2.1: ISO 8601 without a zone offset. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
export const CURRENCIES = ['ETB', 'EUR', 'GBP', 'GHS', 'KES', 'NGN', 'USD', 'XAF', 'XOF'];
export const WALLET_FIELDS = [
  'id',
  'merchant_id',
  'currency_id',
  'currency_name',
  'holding_balance',
  'available_balance',
  'balance',
  'settlement_hold',
  'settlement_hold_reason',
  'settlement_hold_visibility',
  'last_deposit_at',
  'last_settlement_at',
  'last_payout_at',
  'status',
  'created_at',
  'updated_at',
];

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
