import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/platform/config';
import { presentCheckoutFull, presentCheckoutPublic, type CheckoutRow } from '../../lib/checkout/present';
import {
  checkoutFullSchema as checkoutFull,
  checkoutPublicSchema as checkoutPublic,
} from '../../lib/checkout/contract';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    DATABASE_URL: 'postgres://localhost:5432/unit',
    ADMIN_API_TOKEN: 'unit-test-admin-token-0123456789abcdefghij',
    CHECKOUT_TOKEN_SECRET: 'unit-test-checkout-secret-0123456789abcdef',
    AUTH_SECRET: 'unit-test-auth-secret-0123456789abcdefghij',
  });
  resetConfigForTests();
});
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

const row = (overrides: Partial<CheckoutRow> = {}): CheckoutRow => ({
  id: crypto.randomUUID(),
  merchantId: crypto.randomUUID(),
  tenantId: crypto.randomUUID(),
  paymentReference: 'PAY-UNIT-0001',
  customerLocale: null,
  amount: 2550n,
  currencyId: crypto.randomUUID(),
  currencyCode: 'GHS',
  status: 'paid',
  customerEmail: 'ada@example.com',
  customerName: 'Ada',
  customerPhone: '233241234567',
  customerPhoneEditable: false,
  description: 'Order 1001',
  paymentMethod: 'mobile_money',
  expiresAt: new Date('2026-11-25T05:00:00.000Z'),
  paidAt: new Date('2026-11-25T04:10:00.120Z'),
  completedAt: null,
  cancelledAt: null,
  redirectUrl: 'https://shop.example/thanks',
  metaData: { order_id: '1001' },
  approvalStatus: 'approved',
  approvedByAdminId: null,
  approvedAt: new Date('2026-11-25T04:11:00.000Z'),
  rejectionReason: null,
  adminNotes: null,
  paymentLinkId: null,
  createdAt: new Date('2026-11-25T04:00:00.000Z'),
  updatedAt: new Date('2026-11-25T04:11:00.000Z'),
  ...overrides,
});

describe('the checkout shapes', () => {
  it('the full shape is the public one and more, with the same values', () => {
    for (const r of [row(), row({ status: 'pending', paidAt: null, approvedAt: null, metaData: null })]) {
      const now = new Date('2026-11-25T04:30:00.000Z');
      const full = presentCheckoutFull(r, now);
      const pub = presentCheckoutPublic(r, now);
      expect(full).toMatchObject(pub);
      expect(checkoutFull.parse(full)).toEqual(full);
      expect(checkoutPublic.parse(pub)).toEqual(pub);
    }
  });

  it('timestamps leave in UTC without a zone, to the millisecond', () => {
    const full = presentCheckoutFull(row(), new Date('2026-11-25T04:30:00.000Z'));
    expect(full.paid_at).toBe('2026-11-25T04:10:00.120');
    expect(full.completed_at).toBeNull();
  });

  it('reads a pending checkout past its time as expired', () => {
    const r = row({ status: 'pending', paidAt: null });
    expect(presentCheckoutFull(r, new Date('2026-11-25T05:00:00.000Z')).status).toBe('expired');
    expect(presentCheckoutFull(r, new Date('2026-11-25T04:59:59.999Z')).status).toBe('pending');
  });
});
