import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, adminHeaders, newMerchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { expect422 } from './helpers';

describe('PATCH /api/admin/v1/merchants/{merchant_id}', () => {
  it('updates the name and kyb_status, and GET shows it', async () => {
    const m = await newMerchant({ name: 'Before', kyb_status: 'pending' });
    const before = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });

    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { name: 'After', kyb_status: 'verified' },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ id: m.id, name: 'After', kyb_status: 'verified', email: 'ops@shop.test' });
    expect(res.body.data.created_at).toBe(before.body.data.created_at);
    expect(res.body.data.updated_at >= before.body.data.updated_at).toBe(true);

    const after = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    expect(after.body.data).toMatchObject({ name: 'After', kyb_status: 'verified' });
  });

  it('changes only the fields given', async () => {
    const m = await newMerchant({ name: 'Keep Me', kyb_status: 'pending' });
    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { kyb_status: 'rejected' },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({ name: 'Keep Me', kyb_status: 'rejected' });
    const res2 = await admin().ok(contract.updateMerchant, {
      params: { merchant_id: m.id },
      body: { name: 'Renamed' },
    });
    expect(res2.body.data).toMatchObject({ name: 'Renamed', kyb_status: 'rejected' });
  });

  it('refuses an empty body', async () => {
    const m = await newMerchant({ name: 'Untouched' });
    const res = await admin().call(contract.updateMerchant, { params: { merchant_id: m.id }, body: {} });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    const res2 = await caller().call(contract.updateMerchant, {
      params: { merchant_id: m.id },
      headers: adminHeaders(),
    });
    expectStatus(res2, 422);
    expectErrorShape(res2.body, 'validation_error');
    const after = await admin().ok(contract.getMerchant, { params: { merchant_id: m.id } });
    expect(after.body.data.name).toBe('Untouched');
  });

  it('refuses a bad kyb_status, an empty name and unknown fields', async () => {
    const m = await newMerchant();
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { kyb_status: 'approved' } }),
      'kyb_status',
    );
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { name: '' } }),
      'name',
    );
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: m.id }, body: { email: 'new@x.test' } }),
      'email',
    );
  });

  it('is 404 for an unknown id', async () => {
    const res = await admin().call(contract.updateMerchant, {
      params: { merchant_id: crypto.randomUUID() },
      body: { name: 'Ghost' },
    });
    expectStatus(res, 404);
    expectErrorShape(res.body, 'not_found');
  });

  it('is 422 for an id that is not a UUID', async () => {
    expect422(
      await admin().send(contract.updateMerchant, { params: { merchant_id: '123' }, body: { name: 'X' } }),
      'merchant_id',
    );
  });

  it('a rejected merchant cannot create checkouts', async () => {
    const m = await newMerchant({ kyb_status: 'verified' });
    await admin().call(contract.updateMerchant, { params: { merchant_id: m.id }, body: { kyb_status: 'rejected' } });
    const res = await m.call(contract.createCheckout, {
      body: {
        customer_email: 'ada@example.com',
        amount: 10,
        currency_code: 'GHS',
      },
    });
    expectStatus(res, 403);
    expectErrorShape(res.body, 'merchant_rejected');
  });
});
