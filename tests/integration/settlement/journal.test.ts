import { describe, expect, it } from 'vitest';
import { admin, newMerchant, paidCheckout, expectReconciled, wallet } from '../../support/fixtures';
import { expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql } from './helpers';

describe('GET /api/admin/v1/ledger/reconciliation', () => {
  it('notices a wallet that disagrees with the journal', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    const ghs = await wallet(shop);
    await sql`update wallets set holding_balance = holding_balance + 1 where id = ${ghs.id}`;
    try {
      const res = await admin().call(contract.getLedgerReconciliation, { query: { merchant_id: shop.id } });
      expectStatus(res, 200);
      expect(res.body.data.balanced).toBe(false);
      expect(res.body.data.wallet_differences).toEqual([
        {
          wallet_id: ghs.id,
          merchant_id: shop.id,
          currency_code: 'GHS',
          bucket: 'holding',
          wallet_balance: '9901',
          journal_balance: '9900',
        },
      ]);
    } finally {
      await sql`update wallets set holding_balance = holding_balance - 1 where id = ${ghs.id}`;
    }
    await expectReconciled(shop.id);
  });
});

describe('database guards on the journal', () => {
  it('refuses UPDATE and DELETE of ledger lines and entries', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 10 });
    const [line] = await sql<{ id: string; amount: string }[]>`
      select l.id, l.amount::text as amount from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.customer_transaction_id = ${deposit.transaction_id} limit 1`;
    const [entry] = await sql<
      { id: string; description: string }[]
    >`select id, description from ledger_entries where customer_transaction_id = ${deposit.transaction_id}`;

    const attempts = [
      () => sql`update ledger_lines set amount = amount + 1 where id = ${line!.id}`,
      () => sql`delete from ledger_lines where id = ${line!.id}`,
      () => sql`update ledger_entries set description = 'edited' where id = ${entry!.id}`,
      () => sql`delete from ledger_entries where id = ${entry!.id}`,
      () => sql`update ledger_lines set purpose = purpose`,
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ message: expect.stringContaining('append-only') });
    }
    const [after] = await sql`select amount::text as amount from ledger_lines where id = ${line!.id}`;
    expect(after!.amount).toBe(line!.amount);
    const [entryAfter] = await sql`select description from ledger_entries where id = ${entry!.id}`;
    expect(entryAfter!.description).toBe(entry!.description);
  });

  it('an unbalanced entry is refused at COMMIT; a balanced one written line by line commits', async () => {
    const shop = await newMerchant();
    const countEntries = async () =>
      (await sql`select count(*)::int as n from ledger_entries where merchant_id = ${shop.id}`)[0]!.n as number;
    const before = await countEntries();

    let insertedInside = false;
    const unbalanced = sql.begin(async (tx) => {
      const [entry] = await tx`
        insert into ledger_entries (merchant_id, tenant_id, kind, description) values (${shop.id}, ${shop.tenant.id}, 'deposit', 'unbalanced') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, tenant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, ${shop.tenant.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      // The statement itself is accepted: the check is deferred to COMMIT.
      const [seen] = await tx`select count(*)::int as n from ledger_lines where entry_id = ${entry!.id}`;
      insertedInside = seen!.n === 1;
    });
    await expect(unbalanced).rejects.toMatchObject({
      code: '23514',
      message: expect.stringContaining('does not balance'),
    });
    expect(insertedInside).toBe(true);
    expect(await countEntries()).toBe(before);

    // Balanced in total but not per currency: still refused.
    const crossCurrency = sql.begin(async (tx) => {
      const [entry] =
        await tx`insert into ledger_entries (merchant_id, tenant_id, kind, description) values (${shop.id}, ${shop.tenant.id}, 'deposit', 'cross') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, tenant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, ${shop.tenant.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      await tx`insert into ledger_lines (entry_id, merchant_id, tenant_id, account, currency_code, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, ${shop.tenant.id}, 'fees', 'USD', 'credit', 500, 'fee')`;
    });
    await expect(crossCurrency).rejects.toMatchObject({ code: '23514' });
    expect(await countEntries()).toBe(before);

    // Positive control: two lines, two statements, balanced at COMMIT (no wallet involved).
    await sql.begin(async (tx) => {
      const [entry] = await tx`
        insert into ledger_entries (merchant_id, tenant_id, kind, description) values (${shop.id}, ${shop.tenant.id}, 'deposit', 'balanced') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, tenant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, ${shop.tenant.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      await tx`insert into ledger_lines (entry_id, merchant_id, tenant_id, account, currency_code, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, ${shop.tenant.id}, 'fees', 'GHS', 'credit', 500, 'fee')`;
    });
    expect(await countEntries()).toBe(before + 1);
  });
});
