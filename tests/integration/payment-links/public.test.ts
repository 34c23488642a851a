import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin, liveKeyOf, newMerchant, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { getDb } from '../../../lib/platform/db/client';
import { describePublicLink } from '../../../lib/checkout/links/public';
import { confirmLinkFromPage } from '../../../lib/checkout/links/confirm';
import { verifyCheckoutToken } from '../../../lib/checkout/token';
import { checkoutCount, confirm, newLink, pay, pageHeaders, setLimits, slugOf, sql } from './helpers';

let m: Merchant;

afterEach(() => setLimits({}));

beforeAll(async () => {
  m = await newMerchant({ name: 'Salon Adjoa' });
});

describe('payment links: the customer page /l/<slug>', () => {
  it('opening the page (GET) reads the link and creates nothing', async () => {
    const link = await newLink(m, { amount: undefined, min_amount: 5, collect_customer_email: true });
    const before = await checkoutCount();
    const seen = await describePublicLink(getDb(), slugOf(link));
    await describePublicLink(getDb(), slugOf(link));
    expect(seen).toMatchObject({
      refusal: null,
      mode: 'test',
      amount: null,
      minAmount: 5,
      maxAmount: null,
      currency: 'GHS',
      collectEmail: true,
      description: 'Haircut and wash',
      branding: { display_name: 'Salon Adjoa' },
    });
    expect(await checkoutCount()).toBe(before);
    expect(await describePublicLink(getDb(), 'zzzzzzzzzz')).toBeNull();
    expect(await describePublicLink(getDb(), '../../etc')).toBeNull();
  });

  it('confirming creates a checkout through the checkout verb, with the link recorded', async () => {
    const link = await newLink(m, { amount: 40 });
    const outcome = await confirm(link, { amount: '99999' /* ignored: the amount is fixed */ });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const url = new URL(outcome.url);
    expect(url.pathname).toMatch(/^\/pay\/PAY-[0-9A-Z]{16}$/);
    const claims = await verifyCheckoutToken(url.hash.replace('#token=', ''));
    const [row] = await sql`select * from checkouts where id = ${claims!.checkoutId as string}`;
    expect(row).toMatchObject({
      payment_link_id: link.id,
      amount: '4000',
      currency_code: 'GHS',
      customer_email: '',
      description: 'Haircut and wash',
      meta_data: { payment_link_id: link.id },
      status: 'pending',
      tenant_id: m.tenant.id,
    });
    const checkoutId = row!.id as string;
    const events = await sql`select event_type from events where resource_id = ${checkoutId}`;
    expect(events.map((e) => e.event_type)).toEqual(['checkout.created']);
    const api = await m.ok(contract.getCheckout, { params: { checkout_id: checkoutId } });
    expect(api.body.data).toMatchObject({ customer_email: '', amount: 40, meta_data: { payment_link_id: link.id } });
  });

  it('takes the amount the customer chose, as typed with a comma or a dot, within the bounds', async () => {
    const link = await newLink(m, { amount: undefined, min_amount: 5, max_amount: 100 });
    for (const [typed, minor] of [
      ['25,50', '2550'],
      [' 5 ', '500'],
      ['100.00', '10000'],
    ] as const) {
      const outcome = await confirm(link, { amount: typed });
      if (!outcome.ok) throw new Error(`${typed}: ${JSON.stringify(outcome)}`);
      const id = (await verifyCheckoutToken(new URL(outcome.url).hash.replace('#token=', '')))!.checkoutId as string;
      const [row] = await sql`select amount from checkouts where id = ${id}`;
      expect(row!.amount).toBe(minor);
    }
    const before = await checkoutCount();
    for (const [typed, problem] of [
      ['4.99', 'amount_min'],
      ['100.01', 'amount_max'],
      ['', 'amount'],
      ['abc', 'amount'],
      ['-10', 'amount'],
      ['10.555', 'amount'],
      ['1e3', 'amount'],
    ] as const) {
      const outcome = await confirm(link, { amount: typed });
      expect(outcome, typed).toMatchObject({ ok: false, problem, values: { amount: typed } });
    }
    expect(await checkoutCount()).toBe(before);
  });

  it('asks the email only when the merchant wants it, and then requires one', async () => {
    const link = await newLink(m, { collect_customer_email: true });
    const before = await checkoutCount();
    expect(await confirm(link, {})).toMatchObject({ ok: false, problem: 'email' });
    expect(await confirm(link, { customer_email: 'not-an-email' })).toMatchObject({ ok: false, problem: 'email' });
    expect(await checkoutCount()).toBe(before);
    const outcome = await confirm(link, { customer_email: ' ama@example.com ' });
    expect(outcome.ok).toBe(true);
    const [row] = await sql`select customer_email from checkouts where payment_link_id = ${link.id}`;
    expect(row!.customer_email).toBe('ama@example.com');
  });

  it('an inactive, ended or full link shows why and creates nothing', async () => {
    const inactive = await newLink(m);
    await m.ok(contract.updatePaymentLink, { params: { payment_link_id: inactive.id }, body: { active: false } });
    const ended = await newLink(m);
    await sql`update payment_links set ends_at = now() - interval '1 minute' where id = ${ended.id}`;
    const full = await newLink(m, { max_payments: 1 });
    const first = await confirm(full);
    if (!first.ok) throw new Error(JSON.stringify(first));
    await pay(first.url);

    const before = await checkoutCount();
    for (const [link, refusal] of [
      [inactive, 'inactive'],
      [ended, 'ended'],
      [full, 'full'],
    ] as const) {
      expect((await describePublicLink(getDb(), slugOf(link)))?.refusal).toBe(refusal);
      expect(await confirm(link)).toMatchObject({ ok: false, problem: 'gone', refusal });
    }
    expect(await checkoutCount()).toBe(before);
  });

  it('a live link of a merchant whose live mode is off does not work', async () => {
    const merchant = await newMerchant({ name: 'Live Then Off' });
    const live = await liveKeyOf(merchant);
    const link = await newLink(live);
    expect((await describePublicLink(getDb(), slugOf(link)))?.refusal).toBeNull();
    await admin().ok(contract.updateMerchant, { params: { merchant_id: merchant.id }, body: { live_enabled: false } });
    const before = await checkoutCount();
    expect((await describePublicLink(getDb(), slugOf(link)))?.refusal).toBe('unavailable');
    expect(await confirm(link)).toMatchObject({ ok: false, problem: 'gone', refusal: 'unavailable' });
    expect(await checkoutCount()).toBe(before);
  });

  it('refuses a post another site made in a browser, and an unknown slug', async () => {
    const link = await newLink(m);
    const before = await checkoutCount();
    const crossSite = new Headers({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(await confirmLinkFromPage(slugOf(link), {}, crossSite)).toMatchObject({ ok: false, problem: 'forbidden' });
    expect(await confirmLinkFromPage('zzzzzzzzzz', {}, pageHeaders())).toMatchObject({ ok: false, problem: 'gone' });
    expect(await checkoutCount()).toBe(before);
  });

  it('limits checkouts per client address, before any lookup, and per link', async () => {
    const link = await newLink(m);
    setLimits({ PAYMENT_LINK_IP_CHECKOUT_LIMIT_PER_MINUTE: '3' });
    await sql`delete from rate_limit_counters`;
    const before = await checkoutCount();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await confirm(link));
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.problem))).toEqual(['ok', 'ok', 'ok', 'busy', 'busy']);
    // Unknown slugs count against the address too: a scanner is held as well.
    expect(await confirmLinkFromPage('zzzzzzzzzz', {}, pageHeaders())).toMatchObject({ problem: 'busy' });
    expect(await checkoutCount()).toBe(before + 3);

    setLimits({ PAYMENT_LINK_CHECKOUT_LIMIT_PER_MINUTE: '2' });
    await sql`delete from rate_limit_counters`;
    const perLink = await newLink(m);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await confirm(perLink));
    expect(results.map((o) => (o.ok ? 'ok' : o.problem))).toEqual(['ok', 'ok', 'busy']);
    const [n] = await sql`select count(*)::int as n from checkouts where payment_link_id = ${perLink.id}`;
    expect(n!.n).toBe(2);
  });
});
