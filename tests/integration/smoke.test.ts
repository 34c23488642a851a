import { describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant } from '../support/fixtures';
import { caller, expectStatus } from '../support/caller';
import { contract } from '../support/contract';

describe('smoke', () => {
  it('creates a checkout through the real route handler', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createCheckout, { body: minimalCheckout });
    expectStatus(res, 200);
    expect(res.body.data.status).toBe('pending');
    const health = await caller().ok(contract.getHealth);
    expect(health.body.data.database.status).toBe('up');
  });
});
