import { afterEach, describe, expect, it } from 'vitest';
import { testSql } from '../support/database';
import { expectReconciled, hostedPage, newMerchant, wallet } from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { resetConfigForTests } from '../../lib/platform/config';
import { caller, expectErrorShape, expectStatus, fieldErrors, invalidFields, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * What the hosted page's interface tells the customer about their money and their options: money
 * received (short, over, topped up, duplicate), the CFA francs with Orange Money, network prefixes,
 * bank transfer's minimum time, the service's support contact, and what an expired link still does.
 */
const sql = testSql();
async function checkoutWithPage(
  body: Partial<BodyOf<typeof contract.createCheckout>> = {},
  kyb: 'verified' | 'unverified' = 'verified',
) {
  const merchant = await newMerchant({ kyb_status: kyb });
  const created = await merchant.call(contract.createCheckout, {
    body: {
      customer_email: 'ada@example.com',
      amount: 100,
      currency_code: 'GHS',
      ...body,
    },
  });
  expectStatus(created, 200);
  const checkout = created.body.data;
  return { merchant, checkout, ...hostedPage(checkout) };
}

const transfer = (reference: string, body: Omit<BodyOf<typeof contract.simulateBankTransfer>, 'payment_reference'>) =>
  caller().call(contract.simulateBankTransfer, { body: { payment_reference: reference, ...body } });

describe('money received, told as it is', () => {
  it('a short transfer shows what arrived and what is missing; sending the difference pays in full', async () => {
    const { merchant, checkout, page } = await checkoutWithPage();
    await page.call(contract.chooseBankTransferPayment);
    expect((await transfer(checkout.payment_reference, { amount: 90 })).status).toBe(200);

    const short = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(short.checkout.status).toBe('processing');
    expect(short.received).toMatchObject({ amount: 90, outstanding: 10, overpaid: 0, duplicate: 0, refunded: 0 });
    expect(short.received.provider_reference).toMatch(/^SBX-BT-/);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.received).toEqual(short.received);

    // The customer sends the missing 10 with the same reference: the two transfers add up.
    await transfer(checkout.payment_reference, { amount: 10 });
    const paid = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(paid.checkout.status).toBe('paid');
    expect(paid.received).toMatchObject({ amount: 100, outstanding: 0, overpaid: 0 });
    const kinds =
      await sql`select kind, amount::text from collections where checkout_id = ${checkout.id} order by received_at, id`;
    expect(kinds.map((k) => [k.kind, k.amount])).toEqual([
      ['underpayment', '9000'],
      ['payment', '1000'],
    ]);
    // One deposit for both transfers, 1 % fee on 100.
    expect(await wallet(merchant)).toMatchObject({ holding_balance: 99 });
    await expectReconciled(merchant.id);
  });

  it('an over transfer says how much too much; a second payment after paid is a duplicate to refund', async () => {
    const { checkout, page } = await checkoutWithPage();
    await transfer(checkout.payment_reference, { amount: 120 });
    expect((await page.ok(contract.getCheckoutSession)).body.data.received).toMatchObject({
      amount: 120,
      outstanding: 0,
      overpaid: 20,
      duplicate: 0,
    });
    await transfer(checkout.payment_reference, { amount: 100 });
    expect((await page.ok(contract.getCheckoutSession)).body.data.received).toMatchObject({
      amount: 120,
      overpaid: 20,
      duplicate: 100,
    });
  });

  it('shows refunds of the money as they are made', async () => {
    const { merchant, checkout, page } = await checkoutWithPage();
    await transfer(checkout.payment_reference, { scenario: 'duplicate' });
    const refunded = await merchant.call(contract.createRefund, {
      body: {
        checkout_id: checkout.id,
        amount: 5,
        reason: 'goodwill',
      },
    });
    expectStatus(refunded, 200);
    expect((await page.ok(contract.getCheckoutSession)).body.data.received).toMatchObject({
      amount: 100,
      duplicate: 100,
      refunded: 5,
    });
  });
});

describe('CFA francs and Orange Money', () => {
  it('XOF 1500 by Orange Money in Senegal: whole francs end to end (checkout, fee, wallet, deposit)', async () => {
    const { merchant, checkout, page } = await checkoutWithPage({ amount: 1500, currency_code: 'XOF' });
    expect(checkout.amount).toBe(1500);
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    const networks = session.methods.find((m) => m.method === 'mobile_money')!.networks;
    expect(networks.map((n) => `${n.id}:${n.country}`)).toEqual([
      'orange_money:SN',
      'orange_money:CI',
      'mtn_momo:CI',
      'orange_money:ML',
      'orange_money:BF',
    ]);
    expect(networks[0]).toMatchObject({ label: 'Orange Money', country_calling_code: '221', example: '77 123 45 67' });

    const started = await page.call(contract.startMobileMoneyPayment, {
      body: {
        network: 'orange_money',
        country: 'SN',
        phone: '77 123 45 67',
      },
    });
    expectStatus(started, 200);
    expect(started.body.data.latest_attempt).toMatchObject({
      network: 'orange_money',
      amount: 1500,
      currency_code: 'XOF',
    });
    const [attempt] = await sql`select phone, amount::text from payment_attempts where checkout_id = ${checkout.id}`;
    expect(attempt).toMatchObject({ phone: '+221771234567', amount: '1500' });

    await runJobsNow(['sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('paid');
    // 1.50 % of 1500 = 22.5 → 23 (half up, to the franc).
    const deposits = await merchant.ok(contract.listCustomerTransactions, { query: { currency_code: 'XOF' } });
    expect(deposits.body.data[0]).toMatchObject({
      amount: 1500,
      fee_amount: 23,
      net_amount: 1477,
      currency_code: 'XOF',
    });
    expect(await wallet(merchant, 'XOF')).toMatchObject({ holding_balance: 1477, available_balance: 0, balance: 1477 });
    await expectReconciled(merchant.id);
  });

  it('refuses fractions of a franc', async () => {
    const merchant = await newMerchant();
    const res = await merchant.call(contract.createCheckout, {
      body: {
        customer_email: 'ada@example.com',
        amount: 1500.5,
        currency_code: 'XOF',
      },
    });
    expect(invalidFields(res)).toEqual(['amount']);
    expect(fieldErrors(res)[0]!.message).toMatch(/more decimals than XOF allows \(0\)/);
  });

  it('XAF by Orange Money in Cameroon needs no country: it is the only Orange Money market of the currency', async () => {
    const { page } = await checkoutWithPage({ amount: 2500, currency_code: 'XAF' });
    const started = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'orange_money', phone: '690 12 34 56' },
    });
    expectStatus(started, 200);
  });

  it('where a network spans several countries, the country comes from `country` or the +code', async () => {
    const { checkout, page } = await checkoutWithPage({ amount: 1500, currency_code: 'XOF' });
    expect(
      invalidFields(
        await page.call(contract.startMobileMoneyPayment, { body: { network: 'orange_money', phone: '77 123 45 67' } }),
      ),
    ).toEqual(['country']);
    expect(
      invalidFields(
        await page.call(contract.startMobileMoneyPayment, {
          body: { network: 'orange_money', country: 'CM', phone: '690123456' },
        }),
      ),
    ).toEqual(['country']);
    expect((await sql`select count(*)::int as n from payment_attempts where checkout_id = ${checkout.id}`)[0]!.n).toBe(
      0,
    );
    const byCode = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'orange_money', phone: '+225 07 12 34 56 78' },
    });
    expectStatus(byCode, 200);
  });
});

describe('mobile-money numbers are checked against the network before any prompt', () => {
  it('a Telecel number under MTN MoMo is refused, naming the network, and nothing is sent', async () => {
    const { checkout, page } = await checkoutWithPage();
    const res = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '020 123 4567' },
    });
    expect(invalidFields(res)).toEqual(['phone']);
    expect(fieldErrors(res)[0]!.message).toBe('is a Telecel Cash number, not MTN MoMo');
    expect((await page.ok(contract.getCheckoutSession)).body.data.checkout.status).toBe('pending');
    expect((await sql`select count(*)::int as n from payment_attempts where checkout_id = ${checkout.id}`)[0]!.n).toBe(
      0,
    );
    expect(
      (await page.call(contract.startMobileMoneyPayment, { body: { network: 'vodafone_cash', phone: '020 123 4567' } }))
        .status,
    ).toBe(200);
  });

  it('the session names how to approve from the network’s menu where one exists', async () => {
    const { page } = await checkoutWithPage();
    const [mtn, telecel] = (await page.ok(contract.getCheckoutSession)).body.data.methods[0]!.networks;
    expect(mtn!.manual_approval).toEqual({ dial: '*170#', menu: ['My Wallet', 'My Approvals'] });
    expect(telecel!.manual_approval).toEqual({ dial: '*110#', menu: null });
    const kes = await checkoutWithPage({ currency_code: 'KES' });
    expect(
      (await kes.page.ok(contract.getCheckoutSession)).body.data.methods[0]!.networks[0]!.manual_approval,
    ).toBeNull();
  });
});

describe('bank transfer only when there is time for one to arrive', () => {
  it('is not offered within BANK_TRANSFER_MIN_MINUTES of expiry, and says why', async () => {
    const { page } = await checkoutWithPage({ expires_in_minutes: 10 });
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(session.methods.map((m) => m.method)).toEqual(['mobile_money']);
    expect(session.methods_unavailable).toEqual([{ method: 'bank_transfer', reason: 'too_little_time' }]);
    const chosen = await page.call(contract.chooseBankTransferPayment);
    expectStatus(chosen, 409);
    expectErrorShape(chosen.body, 'method_unavailable');
  });

  it('a transfer already chosen keeps its instructions as the time runs down', async () => {
    const { checkout, page } = await checkoutWithPage();
    expect((await page.call(contract.chooseBankTransferPayment)).status).toBe(200);
    await sql`update checkouts set expires_at = now() + interval '5 minutes' where id = ${checkout.id}`;
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(session.methods.map((m) => m.method)).toContain('bank_transfer');
    expect(session.methods_unavailable).toEqual([]);
    expect((await page.call(contract.claimBankTransferPayment)).status).toBe(200);
  });

  it('shows only the account fields of the currency', async () => {
    const fieldsOf = async (currency_code: string) => {
      const { page } = await checkoutWithPage({ currency_code });
      const account = (await page.ok(contract.chooseBankTransferPayment)).body.data.latest_attempt!.bank_account!;
      return Object.entries(account)
        .filter(([, v]) => v !== null)
        .map(([k]) => k)
        .sort();
    };
    expect(await fieldsOf('NGN')).toEqual(['account_name', 'account_number', 'bank_name', 'reference']);
    expect(await fieldsOf('GHS')).toEqual(['account_name', 'account_number', 'bank_name', 'branch_code', 'reference']);
    expect(await fieldsOf('EUR')).toEqual(['account_name', 'bank_name', 'iban', 'reference', 'swift_code']);
    expect(await fieldsOf('GBP')).toEqual(['account_name', 'account_number', 'bank_name', 'reference', 'sort_code']);
  });
});

describe('an expired link', () => {
  it('still reads the outcome for 30 days, but pays nothing after the grace hour', async () => {
    const { checkout, page } = await checkoutWithPage();
    await sql`update checkouts set expires_at = now() - interval '2 hours', created_at = now() - interval '3 hours' where id = ${checkout.id}`;
    const read = await page.call(contract.getCheckoutSession);
    expectStatus(read, 200);
    expect(read.body.data.checkout.status).toBe('expired');
    expect(read.body.data.merchant.display_name).toBe('Test Shop');
    for (const write of [
      await page.call(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '024 412 3456' } }),
      await page.call(contract.chooseBankTransferPayment),
      await page.call(contract.claimBankTransferPayment),
    ]) {
      expectStatus(write, 410);
      expectErrorShape(write.body, 'checkout_link_expired');
    }
    expect((await sql`select count(*)::int as n from payment_attempts where checkout_id = ${checkout.id}`)[0]!.n).toBe(
      0,
    );
  });

  it('within the grace hour a prompt sent just before expiry can still be answered', async () => {
    const { checkout, page } = await checkoutWithPage();
    expect(
      (await page.call(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '024 412 3456' } }))
        .status,
    ).toBe(200);
    await sql`update checkouts set expires_at = now() - interval '10 minutes' where id = ${checkout.id}`;
    await sql`update payment_attempts set created_at = now() - interval '1 minute' where checkout_id = ${checkout.id}`;
    // Resending the prompt of a payment in flight is still allowed: the checkout does not expire under it.
    expect((await page.call(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo' } })).status).toBe(200);
  });
});

describe('the service’s support contact', () => {
  afterEach(() => {
    delete process.env.SUPPORT_EMAIL;
    delete process.env.SUPPORT_URL;
    resetConfigForTests();
  });

  it('is null until configured, then given for the page to show where a merchant set none', async () => {
    const { page } = await checkoutWithPage();
    expect((await page.ok(contract.getCheckoutSession)).body.data.service_support).toBeNull();
    process.env.SUPPORT_EMAIL = 'help@payments.example';
    process.env.SUPPORT_URL = 'https://payments.example/help';
    resetConfigForTests();
    expect((await page.ok(contract.getCheckoutSession)).body.data.service_support).toEqual({
      name: 'Merchant Payments',
      email: 'help@payments.example',
      phone: null,
      url: 'https://payments.example/help',
    });
  });
});
