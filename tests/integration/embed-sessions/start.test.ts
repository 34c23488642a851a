import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin, newMerchant, type Merchant } from '../../support/fixtures';
import { verifyCheckoutToken } from '../../../lib/checkout/token';
import { getDb } from '../../../lib/platform/db/client';
import { authenticateEmbed, startEmbedCheckout } from '../../../lib/checkout/embed/button';
import { caller, expectErrorShape, expectStatus, invalidFields, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';
import { ORIGIN, setLimits, sql, embed, checkoutsOfSession, newSession } from './helpers';

let m: Merchant;

afterEach(() => setLimits({}));

beforeAll(async () => {
  m = await newMerchant({ name: 'Kofi Books' });
});

describe('public: starting a checkout', () => {
  it('creates a checkout like the merchant API would, tied to the session', async () => {
    const s = await newSession(m);
    const res = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(res, 200);
    expect(res.body.message).toBe('Checkout created');
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual([
      'amount',
      'checkout_id',
      'checkout_url',
      'currency_code',
      'expires_at',
      'payment_reference',
    ]);
    expect(data).toMatchObject({ amount: 125.5, currency_code: 'GHS' });
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);

    const url = new URL(data.checkout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://pay.payments.test/pay/${data.payment_reference}`);
    const claims = await verifyCheckoutToken(url.hash.replace('#token=', ''));
    expect(claims?.checkoutId).toBe(data.checkout_id);

    const checkout = (await m.ok(contract.getCheckout, { params: { checkout_id: data.checkout_id } })).body.data;
    expect(checkout).toMatchObject({
      status: 'pending',
      amount: 125.5,
      currency_code: 'GHS',
      customer_email: 'ama@example.com',
      customer_name: null,
      description: 'Library fund donation',
      expires_at: data.expires_at,
    });
    const listed = (await m.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data.find(
      (c) => c.id === data.checkout_id,
    );
    expect(listed!.meta_data).toEqual({ campaign: 'library-2026', embed_session_id: s.id });

    const [event] =
      await sql`select event_type, data from events where resource_id = ${data.checkout_id} order by sequence`;
    expect(event).toMatchObject({ event_type: 'checkout.created' });
    expect(event!.data).toMatchObject({
      amount: 125.5,
      meta_data: { campaign: 'library-2026', embed_session_id: s.id },
    });
    expect(
      (await m.ok(contract.getEmbedSession, { params: { embed_session_id: s.id } })).body.data.checkouts_created,
    ).toBe(1);
  });

  it('never takes an amount the merchant did not allow, nor anything but the amount and the customer', async () => {
    const single = await newSession(m);
    const several = await newSession(m, { amount: undefined, amounts: [50, 125.5] });
    const base = { customer_email: 'ama@example.com' };
    const tampering: [DataOf<typeof contract.createEmbedSession>, Record<string, unknown>, string[]][] = [
      [single, { ...base, amount: 1 }, ['amount']],
      [single, { ...base, amount: 125.49 }, ['amount']],
      [single, { ...base, amount: 1255 }, ['amount']],
      [single, { ...base, amount: 125.501 }, ['amount']],
      [single, { ...base, amount: -125.5 }, ['amount']],
      [single, { ...base, amount: '125.50' }, ['amount']],
      [single, { ...base }, ['amount']],
      [single, { ...base, amount: 125.5, currency_code: 'USD' }, ['currency_code']],
      [single, { ...base, amount: 125.5, description: 'cheaper' }, ['description']],
      [single, { ...base, amount: 125.5, meta_data: { embed_session_id: 'x' } }, ['meta_data']],
      [single, { ...base, amount: 125.5, expires_in_minutes: 10080 }, ['expires_in_minutes']],
      [single, { ...base, amount: 125.5, customer_name: 'Ama' }, ['customer_name']],
      [single, { amount: 125.5, customer_email: 'not-an-email' }, ['customer_email']],
      [several, { ...base, amount: 75 }, ['amount']],
      [several, { ...base, amount: [50] }, ['amount']],
    ];
    for (const [s, body, fields] of tampering) {
      expect(
        invalidFields(await embed(s.public_token).send(contract.createEmbedCheckout, { body })),
        JSON.stringify(body),
      ).toEqual(fields);
    }
    for (const s of [single, several]) expect(await checkoutsOfSession(s.id)).toHaveLength(0);

    for (const amount of [50, 125.5]) {
      const ok = await embed(several.public_token).call(contract.createEmbedCheckout, { body: { ...base, amount } });
      expectStatus(ok, 200);
      expect(ok.body.data.amount).toBe(amount);
    }
    const created = await checkoutsOfSession(several.id);
    expect(created.map((c) => c.amount).sort()).toEqual(['12550', '5000']);
    expect(created.every((c) => c.currency_code === 'GHS' && c.merchant_id === m.id)).toBe(true);
  });

  it('requires the fields the button collects, and passes them on', async () => {
    const s = await newSession(m, { collect_customer_name: true, collect_customer_phone: true });
    expect(
      invalidFields(
        await embed(s.public_token).call(contract.createEmbedCheckout, {
          body: {
            amount: 125.5,
            customer_email: 'ama@example.com',
          },
        }),
      ),
    ).toEqual(['customer_name', 'customer_phone']);
    const ok = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
        customer_name: 'Ama Mensah',
        customer_phone: '+233 24 412 3456',
      },
    });
    expectStatus(ok, 200);
    const checkout = (await m.ok(contract.getCheckout, { params: { checkout_id: ok.body.data.checkout_id } })).body
      .data;
    expect(checkout).toMatchObject({ customer_name: 'Ama Mensah', customer_phone: '+233244123456' });
  });

  it('refuses malformed bodies like every write', async () => {
    const s = await newSession(m);
    const malformed = await caller().send(contract.createEmbedCheckout, {
      body: '{"amount":',
      headers: { 'x-embed-token': s.public_token, origin: ORIGIN, 'content-type': 'application/json' },
    });
    expectStatus(malformed, 400);
    const text = await caller().send(contract.createEmbedCheckout, {
      body: 'amount=1',
      headers: { 'x-embed-token': s.public_token, origin: ORIGIN, 'content-type': 'text/plain' },
    });
    expectStatus(text, 415);
    expect(invalidFields(await embed(s.public_token).send(contract.getEmbedButton, { query: 'amount=1' }))).toEqual([
      'amount',
    ]);
  });

  it('creates no checkout once the session is disabled, even for a click already past the token check', async () => {
    const s = await newSession(m);
    // A click authenticated just before the merchant disables the button (the requests overlap).
    const caller = await authenticateEmbed(getDb(), s.public_token, ORIGIN);
    expect((await m.call(contract.disableEmbedSession, { params: { embed_session_id: s.id } })).status).toBe(200);
    const late = await startEmbedCheckout(getDb(), caller, { amount: 125.5, customer_email: 'ama@example.com' }).catch(
      (e: unknown) => e,
    );
    expect(late).toMatchObject({ status: 410, code: 'embed_session_disabled' });
    expect(await checkoutsOfSession(s.id)).toHaveLength(0);
  });

  it('stops when the merchant can no longer accept payments', async () => {
    const later = await newMerchant();
    const s = await newSession(later);
    const patched = await admin().call(contract.updateMerchant, {
      params: { merchant_id: later.id },
      body: { kyb_status: 'rejected' },
    });
    expectStatus(patched, 200);
    const res = await embed(s.public_token).call(contract.createEmbedCheckout, {
      body: {
        amount: 125.5,
        customer_email: 'ama@example.com',
      },
    });
    expectStatus(res, 403);
    expectErrorShape(res.body, 'merchant_rejected');
  });
});
