import { findTenant } from '../../lib/operator/merchants/tenants';
import type { Tenant } from '../../lib/platform/db/schema';
import { and, eq } from 'drizzle-orm';
import { getDb, getSql } from '../../lib/platform/db/client';
import { checkouts, paymentAttempts } from '../../lib/platform/db/schema';
import { createMerchant } from '../../lib/operator/merchants/create-merchant';
import { createCheckout } from '../../lib/checkout/create-checkout';
import { createCheckoutInput } from '../../lib/checkout/input';
import { startMobileMoney } from '../../lib/collections/hosted-page/pay';
import { recordMobileMoneyResult } from '../../lib/collections/rail-outcomes';

/**
 * Money in, as the service really writes it. `payCheckout` pays a GHS checkout through the real code
 * path: createCheckout, then the hosted page's mobile-money choice (startMobileMoney), then the rail's
 * success answer (recordMobileMoneyResult, what the sandbox's job or a provider callback calls). That
 * writes the checkout (`paid`), its payment attempt, the collection, the `deposit` customer transaction
 * (lib/books/deposits.ts: fee from the configured schedule, refunded_amount and
 * refunded_from_holding 0, …), its ledger entry with four lines, three events, and the wallet's holding
 * balance. `clonePaidCheckout` then copies every one of those rows in SQL, as many times as needed:
 * paying 10,000 checkouts one by one would take minutes, and a hand-written INSERT drifts from what
 * the code writes whenever the code changes. Graphile jobs (expiry, attempt time-out) are queue state,
 * not records, and are not copied.
 */

export interface BenchMerchant {
  id: string;
  name: string;
  kybStatus: 'verified';
  tenant: Tenant;
  apiKey: string;
}

export async function newMerchant(name: string): Promise<BenchMerchant> {
  const created = await createMerchant(getDb(), {
    input: {
      name,
      email: `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}@merchant.test`,
      kyb_status: 'verified',
    },
    createdBy: null,
  });
  const tenant = await findTenant(getDb(), created.merchant.id, 'test');
  return { id: created.merchant.id, name, kybStatus: 'verified', tenant, apiKey: created.api_key.secret_key };
}

export interface PaidCheckout {
  merchantId: string;
  checkoutId: string;
  walletId: string;
  transactionId: string;
  /** Minor units, as recorded on the deposit. */
  amount: bigint;
  fee: bigint;
  net: bigint;
}

/** One GHS checkout of `amount` (major units) paid by mobile money, through the real code path. */
export async function payCheckout(merchant: BenchMerchant, amount: number): Promise<PaidCheckout> {
  const db = getDb();
  const input = createCheckoutInput.parse({
    amount,
    currency_code: 'GHS',
    customer_email: 'ama@example.com',
    customer_name: 'Ama Mensah',
    customer_phone: '0241234567',
    meta_data: { order_id: 'bench' },
  });
  const created = await createCheckout({ db, merchant, tenant: merchant.tenant }, input);
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, created.id));
  await startMobileMoney(db, row!, { network: 'mtn_momo' });
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.checkoutId, created.id), eq(paymentAttempts.status, 'processing')));
  if (!attempt) throw new Error('The bench checkout has no live mobile-money attempt');
  await recordMobileMoneyResult(db, attempt.id, 'success');
  const [deposit] = await getSql()<
    { id: string; wallet_id: string; amount: string; fee_amount: string; net_amount: string; status: string }[]
  >`
    select t.id, t.wallet_id, t.amount::text, t.fee_amount::text, t.net_amount::text, c.status
      from customer_transactions t join checkouts c on c.id = t.checkout_session_id
     where t.checkout_session_id = ${created.id} and t.transaction_type = 'deposit'`;
  if (!deposit || deposit.status !== 'paid')
    throw new Error(`The bench checkout was not paid (${deposit?.status ?? 'no deposit'})`);
  return {
    merchantId: merchant.id,
    checkoutId: created.id,
    walletId: deposit.wallet_id,
    transactionId: deposit.id,
    amount: BigInt(deposit.amount),
    fee: BigInt(deposit.fee_amount),
    net: BigInt(deposit.net_amount),
  };
}

/** The tables a paid checkout writes rows to, in foreign-key order, and how to find the template's rows. */
const CLONED_TABLES: Array<{ table: string; where: string; orderBy: string }> = [
  { table: 'checkouts', where: 'id = p.template_checkout', orderBy: 'created_at, id' },
  { table: 'payment_attempts', where: 'checkout_id = p.template_checkout', orderBy: 'created_at, id' },
  { table: 'collections', where: 'checkout_id = p.template_checkout', orderBy: 'received_at, id' },
  { table: 'customer_transactions', where: 'checkout_session_id = p.template_checkout', orderBy: 'created_at, id' },
  {
    table: 'ledger_entries',
    where:
      'customer_transaction_id in (select id from customer_transactions where checkout_session_id = p.template_checkout)',
    orderBy: 'created_at, id',
  },
  {
    table: 'ledger_lines',
    where: `entry_id in (select id from ledger_entries where customer_transaction_id in
              (select id from customer_transactions where checkout_session_id = p.template_checkout))`,
    orderBy: 'sequence',
  },
  // Events name their resource: the checkout (created, processing, paid) or any other row above.
  {
    table: 'events',
    where: 'merchant_id = p.template_merchant and resource_id = any(p.template_ids)',
    orderBy: 'sequence',
  },
];

/** Every statement below starts with this: the template's checkout, its merchant, the ids found so far. */
const TEMPLATE =
  'with p as (select $1::uuid as template_checkout, $2::uuid as template_merchant, $3::uuid[] as template_ids)';

/** Columns whose values must be unique per copy besides ids: they are given new values of the same shape. */
const REFERENCE_COLUMNS: Record<string, string[]> = {
  checkouts: ['payment_reference'],
  payment_attempts: ['provider_reference'],
  collections: ['rail_reference'],
  customer_transactions: ['provider_reference'],
};

/** Rows per table of this merchant's, for every table with a merchant_id column. */
async function rowsByTable(merchantId: string): Promise<Map<string, number>> {
  const sql = getSql();
  const tables = await sql<{ table_name: string }[]>`
    select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'merchant_id' order by table_name`;
  const counts = new Map<string, number>();
  for (const { table_name: table } of tables) {
    const [row] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table} where merchant_id = $1`, [
      merchantId,
    ]);
    counts.set(table, row!.n);
  }
  return counts;
}

/** Tables kept by triggers on the copied ones (drizzle/0012): the copies update them by themselves. */
const TRIGGER_MAINTAINED = ['customer_transaction_counts', 'tenant_daily_stats'];

export interface DepositFixture {
  merchantId: string;
  walletId: string;
  deposits: number;
  /** What settling them all moves to available. */
  netTotal: bigint;
}

/**
 * `count` due GHS deposits for a fresh merchant: one checkout paid through the real code path (the
 * template), then `count − 1` copies of every row that payment wrote, each with new ids and new
 * references (also inside JSON: metadata, event payloads), its timestamps 100 µs apart after the
 * template's, its ledger lines' balance_after running on; then the wallet's holding balance. Checks
 * that the payment wrote to no table the copy leaves out, and that the copies reconcile.
 */
export async function seedPaidDeposits(name: string, count: number, amount: number): Promise<DepositFixture> {
  const merchant = await newMerchant(name);
  const before = await rowsByTable(merchant.id);
  const template = await payCheckout(merchant, amount);
  const after = await rowsByTable(merchant.id);
  const sql = getSql();

  // The template's rows, table by table; every id among them, and every reference.
  const ids = new Set<string>();
  const references = new Set<string>();
  const templateRows = new Map<string, number>();
  for (const { table, where } of CLONED_TABLES) {
    const rows = await sql.unsafe<Record<string, unknown>[]>(
      `${TEMPLATE} select t.* from ${table} t, p where ${where}`,
      [template.checkoutId, merchant.id, [...ids]],
    );
    templateRows.set(table, rows.length);
    for (const row of rows) {
      ids.add(String(row.id));
      for (const column of REFERENCE_COLUMNS[table] ?? []) if (row[column]) references.add(String(row[column]));
    }
  }
  const missed = [...after].filter(
    ([table, n]) =>
      !TRIGGER_MAINTAINED.includes(table) && n - (before.get(table) ?? 0) !== (templateRows.get(table) ?? 0),
  );
  if (missed.length) {
    throw new Error(
      `A paid checkout wrote rows the bench seed does not copy (table: rows written / rows found): ` +
        missed.map(([t, n]) => `${t} ${n - (before.get(t) ?? 0)}/${templateRows.get(t) ?? 0}`).join(', '),
    );
  }
  const [wallet] = await sql<
    { holding: string }[]
  >`select holding_balance::text as holding from wallets where id = ${template.walletId}`;
  if (BigInt(wallet!.holding) !== template.net)
    throw new Error('The settlement merchant’s wallet was not empty before its first deposit');

  // Old value → the column of bench_copies holding each copy's new value.
  const replacements = [
    ...[...ids].map((old) => ({ old, value: 'gen_random_uuid()::text' })),
    ...[...references].map((old) => {
      const prefix = old.slice(0, old.lastIndexOf('-') + 1);
      const length = old.length - prefix.length;
      if (!prefix || length > 32) throw new Error(`Cannot make new references shaped like ${old}`);
      return { old, value: `'${prefix}' || upper(substr(md5(random()::text || i), 1, ${length}))` };
    }),
  ];
  const copies = count - 1;
  await sql.begin(async (tx) => {
    await tx.unsafe(
      `create temp table bench_copies on commit drop as
       select i, ${replacements.map((r, k) => `${r.value} as k${k}`).join(', ')}
         from generate_series(1, $1::int) as i`,
      [copies],
    );
    for (const { table, where, orderBy } of CLONED_TABLES) {
      const columns = await tx<{ column_name: string; data_type: string }[]>`
        select column_name, data_type from information_schema.columns
         where table_schema = 'public' and table_name = ${table} and is_identity = 'NO' and is_generated = 'NEVER'
         order by ordinal_position`;
      const expression = ({ column_name: c, data_type: type }: { column_name: string; data_type: string }) => {
        if (type === 'timestamp with time zone') return `r.${c} + m.i * interval '100 microseconds'`;
        if (table === 'ledger_lines' && c === 'balance_after') return `r.${c} + m.i * ${template.net}::bigint`;
        return `r.${c}`;
      };
      const replaced = replacements.reduce(
        (text, _r, k) => `replace(${text}, $${k + 4}, m.k${k})`,
        'to_jsonb(t)::text',
      );
      await tx.unsafe(
        `${TEMPLATE}
         insert into ${table} (${columns.map((c) => c.column_name).join(', ')})
         select ${columns.map(expression).join(', ')}
           from bench_copies m
          cross join (select ${table}.* from ${table}, p where ${where}) t
          cross join lateral jsonb_populate_record(null::${table}, (${replaced})::jsonb) r
          order by m.i, ${orderBy
            .split(', ')
            .map((c) => `t.${c}`)
            .join(', ')}`,
        [template.checkoutId, merchant.id, [...ids], ...replacements.map((r) => r.old)],
      );
    }
    await tx`update wallets set holding_balance = holding_balance + ${(BigInt(copies) * template.net).toString()}::bigint where id = ${template.walletId}`;
  });

  const seeded = await rowsByTable(merchant.id);
  for (const [table, n] of templateRows) {
    if (seeded.get(table)! - (before.get(table) ?? 0) !== n * count) {
      throw new Error(
        `Copying the paid checkout left ${seeded.get(table)! - (before.get(table) ?? 0)} rows in ${table}, not ${n * count}`,
      );
    }
  }
  return {
    merchantId: merchant.id,
    walletId: template.walletId,
    deposits: count,
    netTotal: BigInt(count) * template.net,
  };
}
