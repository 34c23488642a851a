import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { contract } from '../../support/contract';
import { expectReconciled, newMerchant, wallet, type Merchant } from '../../support/fixtures';
import { merchantWithTeam, stepUpExpired, steppedUp, teamOf, type Member, type Team } from '../../support/members';
import { totpCode } from '../../support/people';
import { databaseState } from '../../support/security-cases';
import { journal, sql } from '../payouts/helpers';
import { anAccount, fund, payoutForm } from './cases/money-out';

/**
 * Money out from the dashboard is the API's money out: the same verb, so the same debit (amount and
 * fee), the same journal, the same refusals; roles that may not move money are refused before
 * anything moves, and nothing moves without a fresh second factor.
 */
let merchant: Merchant;
let team: Team;
beforeAll(async () => {
  ({ merchant, team } = await merchantWithTeam());
}, 60_000);

/** A newly rendered form of the member's (its own key). */
const act = (member: Member, name: string, form: Record<string, string>) =>
  runDashboardAction(name, member.headers(), { mode: 'test', form_key: crypto.randomUUID(), ...form });

const payoutBody = {
  amount: 12.5,
  currency_code: 'GHS',
  payout_type: 'bank_transfer' as const,
  recipient_details: {
    recipient_name: 'Ama Mensah',
    bank_account_number: '0011223344',
    bank_name: 'Stanbic',
    account_holder_name: 'Ama Mensah',
  },
  payout_reason: 'supplier invoice 118',
};

/** The merchant's GHS available balance, in minor units. */
async function available(): Promise<bigint> {
  const [row] = await sql`
    select w.available_balance::text as minor from wallets w join currencies c on c.id = w.currency_id
     where w.tenant_id = ${merchant.tenant.id} and c.code = 'GHS'`;
  return BigInt(row!.minor as string);
}

const debited = async (id: string) => {
  const [row] = await sql`select amount::text as minor from customer_transactions where id = ${id}`;
  return BigInt(row!.minor as string);
};

/** A journal with its entry's own amounts, comparable between two payouts of the same amount. */
const linesOf = async (id: string) => (await journal(id)).sort();

describe('a payout from the dashboard', () => {
  it('pays out once per rendered form: five parallel posts of one form make one payout', async () => {
    await fund(merchant);
    await steppedUp(team.owner);
    const start = await available();
    const form = { mode: 'test', form_key: crypto.randomUUID(), ...payoutForm };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => runDashboardAction('createPayout', team.owner.headers(), form)),
    );
    for (const o of outcomes) if (!o.ok) expect(o.code).toBe('idempotency_key_in_use');
    const again = await runDashboardAction('createPayout', team.owner.headers(), form);
    expect(again, JSON.stringify(again)).toMatchObject({ ok: true });
    const ids = new Set(
      [...outcomes, again].flatMap((o) => (o.ok ? [(o.data as { transaction_id: string }).transaction_id] : [])),
    );
    expect(ids.size).toBe(1);
    // 12.50 and its fee, once.
    expect(start - (await available())).toBe(await debited([...ids][0]!));
    await expectReconciled(merchant.id);
  });

  it('debits the wallet exactly as the API does, in a balanced ledger', async () => {
    await fund(merchant);
    const start = await available();
    const byApi = (await merchant.ok(contract.createPayout, { body: payoutBody })).body.data;
    const afterApi = await available();

    await steppedUp(team.owner);
    const outcome = await act(team.owner, 'createPayout', payoutForm);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const byDashboard = outcome.ok ? (outcome.data as typeof byApi) : byApi;
    const afterDashboard = await available();

    expect(byDashboard).toMatchObject({
      kind: 'payout',
      status: 'pending',
      amount: byApi.amount,
      fee_amount: byApi.fee_amount,
      net_amount: 12.5,
      bank_account_number: '0011223344',
      // The rendered form's key: the same form posted again pays out once.
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // 12.50 and the fee out each time: the same step down, in minor units.
    const taken = start - afterApi;
    expect(taken).toBe(await debited(byApi.transaction_id));
    expect(afterApi - afterDashboard).toBe(taken);
    expect(await linesOf(byDashboard.transaction_id)).toEqual(await linesOf(byApi.transaction_id));
    await expectReconciled(merchant.id);

    // The audit line says how much and where, never the whole account number.
    const [line] = await sql`
      select action, target, details from audit_log
       where merchant_id = ${merchant.id} and action = 'payout.create' order by created_at desc limit 1`;
    expect(line).toMatchObject({
      target: byDashboard.transaction_id,
      details: { amount: 12.5, currency: 'GHS', destination: 'Stanbic ******3344' },
    });
    expect(JSON.stringify(line!.details)).not.toContain('0011223344');
  });

  it.each(['viewer', 'developer'] as const)('is refused to a %s, and nothing moves', async (role) => {
    await fund(merchant);
    await steppedUp(team[role]);
    const accountId = await anAccount(merchant);
    const before = await databaseState();
    expect(await act(team[role], 'createPayout', payoutForm)).toMatchObject({
      ok: false,
      code: 'insufficient_permissions',
    });
    expect(
      await act(team[role], 'createWithdrawal', { amount: '10', currency_code: 'GHS', payment_account_id: accountId }),
    ).toMatchObject({ ok: false, code: 'insufficient_permissions' });
    expect(await databaseState()).toEqual(before);
  });

  it('needs a fresh second factor: without one nothing moves, with a right code it is sent', async () => {
    await fund(merchant);
    await stepUpExpired(team.admin);
    const before = await databaseState();
    expect(await act(team.admin, 'createPayout', payoutForm)).toMatchObject({
      ok: false,
      code: 'step_up_required',
      // What was typed comes back, for the form to keep.
      values: { amount: '12.50', recipient_name: 'Ama Mensah' },
    });
    expect(await databaseState()).toEqual(before);
    const outcome = await act(team.admin, 'createPayout', {
      ...payoutForm,
      step_up_code: await totpCode(team.admin.totpURI!),
    });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true, data: { status: 'pending' } });
  });

  it("shows the API's refusals: too little money, a wrong field", async () => {
    const poor = await newMerchant({ name: 'Poor Shop' });
    const poorTeam = await teamOf(poor.id);
    await fund(poor);
    await steppedUp(poorTeam.owner);
    const before = await databaseState();
    expect(await act(poorTeam.owner, 'createPayout', { ...payoutForm, amount: '500' })).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
    });
    expect(await act(poorTeam.owner, 'createPayout', { ...payoutForm, amount: '12.345' })).toMatchObject({
      ok: false,
      code: 'validation_error',
      fields: [{ field: 'amount' }],
    });
    expect(await act(poorTeam.owner, 'createPayout', { ...payoutForm, bank_account_number: 'x' })).toMatchObject({
      ok: false,
      code: 'validation_error',
      fields: [{ field: 'recipient_details.bank_account_number' }],
    });
    expect(await act(poorTeam.owner, 'createPayout', { ...payoutForm, amount: '0x10' })).toMatchObject({
      ok: false,
      fields: [{ field: 'amount', message: 'must be a number' }],
    });
    expect(await databaseState()).toEqual(before);
  });
});

describe('a withdrawal from the dashboard', () => {
  it('goes to a saved account, and cancelling it gives all of it back', async () => {
    await fund(merchant);
    await steppedUp(team.owner);
    const start = await wallet(merchant);
    const accountId = await anAccount(merchant);
    // A French decimal comma is the same amount.
    const made = await act(team.owner, 'createWithdrawal', {
      amount: '10,50',
      currency_code: 'GHS',
      payment_account_id: accountId,
    });
    expect(made, JSON.stringify(made)).toMatchObject({
      ok: true,
      data: { kind: 'withdrawal', status: 'PENDING', net_amount: 10.5, payment_account_id: accountId },
    });
    const id = made.ok ? (made.data as { transaction_id: string }).transaction_id : '';
    expect((await wallet(merchant)).available_balance).toBeLessThan(start.available_balance);
    expect(await act(team.owner, 'cancelWithdrawal', { transaction_id: id, reason: '' })).toMatchObject({
      ok: false,
      fields: [{ field: 'reason' }],
    });
    expect(await act(team.owner, 'cancelWithdrawal', { transaction_id: id, reason: 'Wrong amount' })).toMatchObject({
      ok: true,
      data: { status: 'CANCELLED' },
    });
    expect((await wallet(merchant)).available_balance).toBe(start.available_balance);
    // A payout's cancel does not reach a withdrawal.
    expect(await act(team.owner, 'cancelPayout', { transaction_id: id, reason: 'x' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    await expectReconciled(merchant.id);
  });
});

describe('payment accounts from the dashboard', () => {
  it('adds one, makes it primary, deactivates it (a withdrawal to it is refused), deletes another', async () => {
    const shop = await newMerchant({ name: 'Accounts Shop' });
    const { owner } = await teamOf(shop.id);
    await steppedUp(owner);
    const first = await act(owner, 'addPaymentAccount', {
      account_type: 'mobile_money',
      currency_code: 'GHS',
      phone_number: '024 412 3456',
      network_provider: 'mtn_momo',
      // A bank field typed before switching type is left out, as the form shows it.
      account_number: '0123456789',
    });
    expect(first, JSON.stringify(first)).toMatchObject({
      ok: true,
      data: { phone_number: '+233244123456', is_primary: true, account_number: null },
    });
    const second = await act(owner, 'addPaymentAccount', {
      account_type: 'bank_account',
      currency_code: 'GHS',
      account_number: '0123456789',
      bank_name: 'GCB Bank',
      account_holder_name: 'Accounts Shop',
    });
    expect(second).toMatchObject({ ok: true, data: { is_primary: false } });
    const firstId = first.ok ? (first.data as { id: string }).id : '';
    const secondId = second.ok ? (second.data as { id: string }).id : '';
    expect(await act(owner, 'deletePaymentAccount', { account_id: firstId })).toMatchObject({
      ok: false,
      code: 'primary_account',
    });
    expect(await act(owner, 'makePaymentAccountPrimary', { account_id: secondId })).toMatchObject({
      ok: true,
      data: { is_primary: true },
    });
    expect(await act(owner, 'setPaymentAccountStatus', { account_id: secondId, status: 'inactive' })).toMatchObject({
      ok: true,
      data: { status: 'inactive' },
    });
    await fund(shop);
    expect(
      await act(owner, 'createWithdrawal', { amount: '10', currency_code: 'GHS', payment_account_id: secondId }),
    ).toMatchObject({ ok: false, code: 'payment_account_not_active' });
    expect(await act(owner, 'deletePaymentAccount', { account_id: firstId })).toMatchObject({ ok: true });
    const listed = await shop.ok(contract.listPaymentAccounts, { query: {} });
    expect(listed.body.data.map((a) => a.id)).toEqual([secondId]);
    const details = await sql`select details from audit_log where merchant_id = ${shop.id}`;
    expect(JSON.stringify(details)).not.toContain('0123456789');
  });
});
