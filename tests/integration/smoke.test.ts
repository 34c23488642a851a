import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { minimalCheckout, newMerchant } from '../support/fixtures';

describe('smoke', () => {
  it('creates a checkout through the real route handler', async () => {
    const m = await newMerchant();
    const res = await m.api.post('/api/v1/merchants/checkouts', minimalCheckout);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('pending');
    const health = await call('GET', '/api/health');
    expect(health.body.data.database.status).toBe('up');
  });
});
