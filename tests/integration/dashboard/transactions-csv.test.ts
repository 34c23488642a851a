import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../lib/surfaces/dashboard/views/transactions-csv';
import { sendRequest } from '../../support/api';
import { newMerchant, paidCheckout } from '../../support/fixtures';
import { memberOf } from '../../support/members';
import { testSql } from '../../support/database';

/**
 * The transactions CSV: streamed through the real route handler, one business and one mode only,
 * exact amounts, every row once across the 1,000-row batches, and nothing for a stranger.
 */
const sql = testSql();
const csvOf = async (member: { headers: () => Headers }, query = '', mode = 'test') => {
  const headers = Object.fromEntries(member.headers().entries());
  return sendRequest('GET', `/dashboard/${mode}/transactions/export${query}`, { headers });
};

describe('the transactions CSV export', () => {
  it("holds the business's own transactions, with exact amounts, and no other merchant's", async () => {
    const merchant = await newMerchant();
    const other = await newMerchant({ name: 'Other Shop' });
    await paidCheckout(merchant, { amount: 12.5, currency_code: 'GHS' });
    await paidCheckout(merchant, { amount: 1000, currency_code: 'NGN' });
    await paidCheckout(other, { amount: 77.77, currency_code: 'GHS' });
    const viewer = await memberOf(merchant.id, 'viewer');

    const res = await csvOf(viewer);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="transactions-test-/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,type,status,currency,amount,fee,net/);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split(',').slice(4, 6).join(' '))).toEqual(
      expect.arrayContaining(['GHS 12.50', 'NGN 1000.00']),
    );
    expect(res.text).not.toContain('77.77');

    const ghs = await csvOf(viewer, '?currency_code=GHS');
    expect(ghs.text.trim().split('\r\n')).toHaveLength(2);
  });

  it("carries a payment's reference and the merchant's order id; a withdrawal's cells stay empty", async () => {
    const merchant = await newMerchant();
    const { checkout } = await paidCheckout(merchant, { amount: 20, meta_data: { order_id: 'ORD-5521' } });
    const bare = await paidCheckout(merchant, { amount: 30 });
    const owner = await memberOf(merchant.id, 'owner');
    const [header, ...rows] = (await csvOf(owner)).text.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(9, 12)).toEqual(['checkout_id', 'payment_reference', 'order_id']);
    const cells = rows.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i], v])));
    expect(cells).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          checkout_id: checkout.id,
          payment_reference: checkout.payment_reference,
          order_id: 'ORD-5521',
        }),
        expect.objectContaining({
          checkout_id: bare.checkout.id,
          payment_reference: bare.checkout.payment_reference,
          order_id: '',
        }),
      ]),
    );
    // A deposit written with no checkout (as the bulk rows below) has neither.
    const [wallet] = (await sql`
      select w.tenant_id, w.id, w.currency_id from wallets w
        join currencies c on c.id = w.currency_id
        join tenants t on t.id = w.tenant_id
       where t.merchant_id = ${merchant.id} and t.mode = 'test' and c.code = 'GHS'`) as unknown as [
      { tenant_id: string; id: string; currency_id: string },
    ];
    await sql`
      insert into customer_transactions (merchant_id, tenant_id, wallet_id, currency_id, currency_code,
        transaction_type, status, amount, fee_amount, net_amount)
      values (${merchant.id}, ${wallet.tenant_id}, ${wallet.id}, ${wallet.currency_id}, 'GHS', 'deposit', 'completed', 5, 0, 5)`;
    const first = (await csvOf(owner)).text.split('\r\n')[1]!.split(',');
    expect(first.slice(9, 12)).toEqual(['', '', '']);
  });

  it('streams every row exactly once across batches', async () => {
    const merchant = await newMerchant();
    const [wallet] = (await sql`
      select w.tenant_id, w.id, w.currency_id from wallets w
        join currencies c on c.id = w.currency_id
        join tenants t on t.id = w.tenant_id
       where t.merchant_id = ${merchant.id} and t.mode = 'test' and c.code = 'GHS'`) as unknown as [
      { tenant_id: string; id: string; currency_id: string },
    ];
    // 2,500 deposits, many in the same microsecond: the keyset must neither skip nor repeat.
    await sql`
      insert into customer_transactions (merchant_id, tenant_id, wallet_id, currency_id, currency_code,
        transaction_type, status, amount, fee_amount, net_amount, created_at)
      select ${merchant.id}, ${wallet.tenant_id}, ${wallet.id}, ${wallet.currency_id}, 'GHS', 'deposit', 'completed',
             g, 0, g, now() - (g / 3) * interval '1 second'
        from generate_series(1, 2500) g`;
    const owner = await memberOf(merchant.id, 'owner');
    const res = await csvOf(owner);
    const ids = res.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
  });

  it('refuses a signed-out request, a mode that is not one, live mode not enabled, and unknown filters', async () => {
    const merchant = await newMerchant();
    const owner = await memberOf(merchant.id, 'owner');
    expect((await csvOf({ headers: () => new Headers() })).status).toBe(401);
    expect((await csvOf(owner, '', 'staging')).status).toBe(404);
    expect((await csvOf(owner, '', 'live')).status).toBe(401);
    expect((await csvOf(owner, '?drop=tables')).status).toBe(422);
    expect((await csvOf(owner, '?from=yesterday')).status).toBe(422);
  });

  it('never writes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+233 24 000')).toBe("'+233 24 000");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
  });
});
