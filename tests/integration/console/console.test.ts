import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { needsStepUp } from '../../../lib/access/policy';
import { createAdminKey } from '../../../lib/operator/admin-keys/admin-keys';
import { getDb } from '../../../lib/platform/db/client';
import { OPERATOR_ACTIONS, runOperatorAction, type OperatorActionName } from '../../../lib/surfaces/console/actions';
import { CONSOLE_VIEWS, readConsoleView, type ConsoleViewName } from '../../../lib/surfaces/console/views';
import type { ConsoleOutcome } from '../../../lib/surfaces/console/perform-operator';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { hostedPage, newMerchant, type Merchant } from '../../support/fixtures';
import { enrol, memberOf, signedUpPerson, stepUpExpired, steppedUp, type Member } from '../../support/members';
import { totpCode } from '../../support/people';
import { databaseState } from '../../support/security-cases';
import { submittedApplication } from '../../support/go-live';

/**
 * The operator console, generically over every console action and every page's data: nobody but an
 * operator with two-factor gets anything (a merchant's owner, an operator not enrolled, no session),
 * and each refusal changes nothing in the database; money and live mode ask for a fresh second
 * factor; each success writes its audit line, on the merchant it concerns, naming the operator.
 */
const sql = testSql();

interface World {
  /** KYB verified: live mode may be enabled. */
  merchant: Merchant;
  owner: Member;
  operator: Member;
}

interface ConsoleCase {
  /** A form that succeeds for an operator (a fresh object each call when the action consumes one). */
  valid: (world: World) => Promise<Record<string, string>>;
  /** The merchant the audit line must name (null: the operator's own change, no merchant's). */
  concerns: (world: World, form: Record<string, string>, data: unknown) => string | null;
}

/** A bank transfer the customer says they sent: processing, waiting for the operator. */
async function awaitingTransfer(merchant: Merchant) {
  const created = await merchant.ok(contract.createCheckout, {
    body: { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' },
  });
  const { page } = hostedPage(created.body.data);
  await page.ok(contract.chooseBankTransferPayment);
  await page.ok(contract.claimBankTransferPayment);
  return created.body.data.id;
}

const CASES: Record<OperatorActionName, ConsoleCase> = {
  createMerchant: {
    valid: async () => ({ name: 'Console Shop', email: 'ops@console.test', kyb_status: 'pending' }),
    concerns: (_w, _f, data) => (data as { merchant: { id: string } }).merchant.id,
  },
  setKybStatus: {
    valid: async (w) => ({ merchant_id: w.merchant.id, kyb_status: 'verified' }),
    concerns: (w) => w.merchant.id,
  },
  setLiveMode: {
    valid: async (w) => ({ merchant_id: w.merchant.id, live_enabled: 'true' }),
    concerns: (w) => w.merchant.id,
  },
  approveCheckout: {
    valid: async (w) => ({ checkout_id: await awaitingTransfer(w.merchant), admin_notes: 'Seen on the statement' }),
    concerns: (w) => w.merchant.id,
  },
  rejectCheckout: {
    valid: async (w) => ({ checkout_id: await awaitingTransfer(w.merchant), rejection_reason: 'No transfer found' }),
    concerns: (w) => w.merchant.id,
  },
  settlementHold: {
    valid: async (w) => ({
      merchant_id: w.merchant.id,
      currency_code: 'GHS',
      wallet_mode: 'test',
      settlement_hold: 'true',
      settlement_hold_reason: 'Chargeback review',
    }),
    concerns: (w) => w.merchant.id,
  },
  runSettlement: {
    valid: async (w) => ({ merchant_id: w.merchant.id }),
    concerns: (w) => w.merchant.id,
  },
  createAdminKey: {
    valid: async () => ({ name: 'Reconciliation job' }),
    concerns: () => null,
  },
  revokeAdminKey: {
    valid: async (w) => ({ key_id: (await createAdminKey(getDb(), { userId: w.operator.userId, name: 'Old' })).id }),
    concerns: () => null,
  },
  approveGoLive: {
    valid: async () => ({ merchant_id: await applied(), reason: 'Documents match the registry' }),
    concerns: (_w, form) => form.merchant_id!,
  },
  rejectGoLive: {
    valid: async () => ({ merchant_id: await applied(), reason: 'The registration number is not in the registry' }),
    concerns: (_w, form) => form.merchant_id!,
  },
  requestGoLiveInfo: {
    valid: async () => ({ merchant_id: await applied(), reason: 'Add a bank statement of the settlement account' }),
    concerns: (_w, form) => form.merchant_id!,
  },
  revealGoLiveAccount: {
    valid: async () => ({ merchant_id: await applied() }),
    concerns: (_w, form) => form.merchant_id!,
  },
};

/** A business not yet verified whose go-live application waits for the operator. */
async function applied(): Promise<string> {
  const merchant = await newMerchant({ name: 'Applying Shop', kyb_status: 'pending' });
  await submittedApplication(merchant.id);
  return merchant.id;
}

// An admin key retires the bootstrap token the other tests onboard merchants with: none outlives its test.
afterEach(async () => {
  await sql`update admin_keys set revoked_at = now() where revoked_at is null`;
});

/** A signed-up person made operator with SQL (only the command line does it for real). */
async function newOperator(options: { twoFactor: boolean }): Promise<Member> {
  const person = await signedUpPerson('Operator person');
  await sql`update auth_users set operator = true where id = ${person.userId}`;
  const totpURI = options.twoFactor ? await enrol(person.who) : null;
  return { ...person, role: 'owner', totpURI, headers: () => person.who.headers() };
}

let world: World;
beforeAll(async () => {
  const merchant = await newMerchant({ name: 'Console Verified', kyb_status: 'verified' });
  const [owner, operator] = await Promise.all([memberOf(merchant.id, 'owner'), newOperator({ twoFactor: true })]);
  world = { merchant, owner, operator };
  await Promise.all([steppedUp(owner), steppedUp(operator)]);
}, 60_000);

const NAMES = Object.keys(OPERATOR_ACTIONS) as OperatorActionName[];
const VIEWS = Object.keys(CONSOLE_VIEWS) as ConsoleViewName[];
const run = (name: string, who: Member | null, form: Record<string, string>) =>
  runOperatorAction(name, who ? who.headers() : new Headers(), form);

async function expectRefusedUnchanged(attempt: () => Promise<ConsoleOutcome<unknown>>, code: string) {
  const before = await databaseState();
  const outcome = await attempt();
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: false, code });
  expect(await databaseState(), 'the refusal changed the database').toEqual(before);
  return outcome;
}

describe.each(NAMES)('console action %s', (name) => {
  const action = OPERATOR_ACTIONS[name];
  const cases = CASES[name];

  it('refuses a request with no session, changing nothing', async () => {
    const form = await cases.valid(world);
    await expectRefusedUnchanged(() => run(name, null, form), 'signed_out');
  });

  it("refuses a merchant's owner (two-factor, stepped up): not an operator, changing nothing", async () => {
    const form = await cases.valid(world);
    await steppedUp(world.owner);
    await expectRefusedUnchanged(() => run(name, world.owner, form), 'not_operator');
    const code = await totpCode(world.owner.totpURI!);
    await expectRefusedUnchanged(() => run(name, world.owner, { ...form, step_up_code: code }), 'not_operator');
  });

  it('refuses an operator without two-factor, changing nothing', async () => {
    const unenrolled = await newOperator({ twoFactor: false });
    const form = await cases.valid(world);
    await expectRefusedUnchanged(() => run(name, unenrolled, form), 'two_factor_required');
  });

  it('writes one audit line on the merchant it concerns, naming the operator', async () => {
    await steppedUp(world.operator);
    const form = await cases.valid(world);
    const before = (await sql`select count(*)::int as n from audit_log`)[0]!.n as number;
    const outcome = await run(name, world.operator, form);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const merchantId = cases.concerns(world, form, outcome.ok ? outcome.data : null);
    const lines = await sql`
      select merchant_id, action, actor_type, user_id, actor_email, ip_address, user_agent from audit_log
       order by created_at desc, id desc`;
    expect(lines).toHaveLength(before + 1);
    expect(lines[0]).toMatchObject({
      merchant_id: merchantId,
      action: action.name,
      actor_type: 'operator',
      user_id: world.operator.userId,
      actor_email: world.operator.email,
      user_agent: 'integration-test',
    });
    expect(lines[0]!.ip_address).toMatch(/^10\./);
  });

  it.runIf(needsStepUp(action.name, null))('asks for a fresh second factor, then takes a right code', async () => {
    // A new operator each time: every code counts against the step-up limit of its person and address.
    const operator = await newOperator({ twoFactor: true });
    await stepUpExpired(operator);
    const form = await cases.valid(world);
    await expectRefusedUnchanged(() => run(name, operator, form), 'step_up_required');
    await expectRefusedUnchanged(() => run(name, operator, { ...form, step_up_code: '000000' }), 'wrong_code');
    const code = await totpCode(operator.totpURI!);
    expect(await run(name, operator, { ...form, step_up_code: code })).toMatchObject({ ok: true });
  });

  it.runIf(!needsStepUp(action.name, null))('needs no step-up (the policy table says so)', async () => {
    const operator = await newOperator({ twoFactor: true });
    await stepUpExpired(operator);
    expect(await run(name, operator, await cases.valid(world))).toMatchObject({ ok: true });
  });
});

describe.each(VIEWS)("the console's %s page data", (name) => {
  it('is refused to no session, a merchant owner and an operator without two-factor, changing nothing', async () => {
    const unenrolled = await newOperator({ twoFactor: false });
    await expectRefusedUnchanged(() => readConsoleView(name, new Headers()), 'signed_out');
    await expectRefusedUnchanged(() => readConsoleView(name, world.owner.headers()), 'not_operator');
    await expectRefusedUnchanged(() => readConsoleView(name, unenrolled.headers()), 'two_factor_required');
  });

  it('is shown to an operator with two-factor', async () => {
    expect(await readConsoleView(name, world.operator.headers())).toMatchObject({ ok: true });
  });
});

describe('the console in particular', () => {
  it('an unknown action name is refused', async () => {
    expect(await run('dropTables', world.operator, {})).toMatchObject({ ok: false, code: 'route_not_found' });
  });

  it('live mode for a business not verified is the verb’s refusal, changing nothing', async () => {
    const pending = await newMerchant({ name: 'Console Pending', kyb_status: 'pending' });
    await steppedUp(world.operator);
    await expectRefusedUnchanged(
      () => run('setLiveMode', world.operator, { merchant_id: pending.id, live_enabled: 'true' }),
      'kyb_not_verified',
    );
  });

  it("bad input is the operator API's 422 field errors; an unknown merchant is not found", async () => {
    await steppedUp(world.operator);
    const bad = await expectRefusedUnchanged(
      () => run('createMerchant', world.operator, { name: '', email: 'not-an-email' }),
      'validation_error',
    );
    expect(bad.ok === false && bad.fields.map((f) => f.field).sort()).toEqual(['email', 'name']);
    await expectRefusedUnchanged(() => run('runSettlement', world.operator, {}), 'validation_error');
    await expectRefusedUnchanged(
      () => run('setKybStatus', world.operator, { merchant_id: crypto.randomUUID(), kyb_status: 'verified' }),
      'not_found',
    );
    expect(await readConsoleView('unresolved', world.operator.headers(), { older_than_minutes: 'soon' })).toMatchObject(
      { ok: false, code: 'validation_error' },
    );
  });

  it('an approval pays the checkout, with the operator as approver', async () => {
    await steppedUp(world.operator);
    const checkoutId = await awaitingTransfer(world.merchant);
    const queue = await readConsoleView('approvals', world.operator.headers());
    expect(queue.ok && queue.data.map((c) => c.id)).toContain(checkoutId);
    await run('approveCheckout', world.operator, { checkout_id: checkoutId });
    const [row] = await sql`select status, approved_by_admin_id from checkouts where id = ${checkoutId}`;
    expect(row).toMatchObject({ status: 'paid', approved_by_admin_id: world.operator.userId });
    await expectRefusedUnchanged(
      () => run('approveCheckout', world.operator, { checkout_id: checkoutId }),
      'not_awaiting_approval',
    );
  });
});
