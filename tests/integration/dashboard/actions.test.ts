import { beforeAll, describe, expect, it } from 'vitest';
import { allows, type DashboardAction } from '../../../lib/surfaces/dashboard/perform';
import {
  DASHBOARD_ACTIONS,
  runDashboardAction,
  type DashboardActionName,
} from '../../../lib/surfaces/dashboard/actions';
import type { MemberRole } from '../../../lib/platform/vocabulary';
import { testSql } from '../../support/database';
import { liveKeyOf, newMerchant } from '../../support/fixtures';
import { needsStepUp, POLICY } from '../../../lib/access/policy';
import { memberOf, merchantWithTeam, stepUpExpired, steppedUp, type Member } from '../../support/members';
import { totpCode } from '../../support/people';
import { databaseState } from '../../support/security-cases';
import { API_KEY_CASES } from './cases/api-keys';
import { CHECKOUT_CASES } from './cases/checkouts';
import { MONEY_OUT_CASES } from './cases/money-out';
import { TEAM_CASES } from './cases/team';
import { WEBHOOK_CASES } from './cases/webhooks';
import { CONVERSION_CASES } from './cases/conversion';
import { BRANDING_CASES } from './cases/branding';
import { EMBED_SESSION_CASES } from './cases/embed-sessions';
import { LANGUAGE_CASES } from './cases/language';
import { MAIL_PREFERENCE_CASES } from './cases/mail-preferences';
import { GO_LIVE_CASES } from './cases/go-live';
import { PAYMENT_LINK_CASES } from './cases/payment-links';
import type { ActionCase, World } from './cases/world';

/**
 * Every dashboard action, generically: a role the action's permission does not cover is refused,
 * another merchant's object is a not_found, a signed-out request and a mode without access are
 * refused, step-up is asked for as the policy table (lib/access/policy.ts) says, in test and in live
 * mode; each refusal changes nothing in the database. A success writes one audit line (who, what, from
 * where). An action without a case here does not compile.
 */
const CASES: Record<DashboardActionName, ActionCase> = {
  ...API_KEY_CASES,
  ...WEBHOOK_CASES,
  ...CONVERSION_CASES,
  ...BRANDING_CASES,
  ...EMBED_SESSION_CASES,
  ...PAYMENT_LINK_CASES,
  ...CHECKOUT_CASES,
  ...MONEY_OUT_CASES,
  ...TEAM_CASES,
  ...LANGUAGE_CASES,
  ...MAIL_PREFERENCE_CASES,
  ...GO_LIVE_CASES,
};
const sql = testSql();
const NAMES = Object.keys(DASHBOARD_ACTIONS) as DashboardActionName[];
const ROLES: MemberRole[] = ['owner', 'admin', 'developer', 'viewer'];

let world: World;
beforeAll(async () => {
  const { merchant, team } = await merchantWithTeam();
  const live = await liveKeyOf(await newMerchant({ name: 'Live Shop', kyb_status: 'verified' }));
  world = {
    merchant,
    team,
    other: await newMerchant({ name: 'Other Shop' }),
    live: { merchant: live, owner: await memberOf(live.id, 'owner') },
  };
  await Promise.all(Object.values(team).map(steppedUp));
}, 60_000);

const run = (name: DashboardActionName, member: Member | null, form: Record<string, string>) =>
  runDashboardAction(name, member ? member.headers() : new Headers(), { mode: 'test', ...form });

async function expectRefusedUnchanged(attempt: () => ReturnType<typeof run>, code: string) {
  const before = await databaseState();
  const outcome = await attempt();
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: false, code });
  expect(await databaseState()).toEqual(before);
  return outcome;
}

describe.each(NAMES)('dashboard action %s', (name) => {
  const action = DASHBOARD_ACTIONS[name] as DashboardAction<unknown, unknown>;
  const cases = CASES[name];

  it('refuses a request with no session, changing nothing', async () => {
    const form = await cases.valid(world);
    await expectRefusedUnchanged(() => run(name, null, form), 'signed_out');
  });

  it.each(ROLES)("holds the %s role to the operation's permission", async (role) => {
    const member = world.team[role];
    const form = await cases.valid(world);
    if (!allows(role, action.allowed)) {
      await expectRefusedUnchanged(() => run(name, member, form), 'insufficient_permissions');
      return;
    }
    await steppedUp(member);
    const outcome = await run(name, member, form);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
  });

  it("answers another merchant's object as not found, changing nothing", async ({ skip }) => {
    if (!cases.foreign) return skip('the action names no object');
    const form = await cases.foreign(world);
    await steppedUp(world.team.owner);
    await expectRefusedUnchanged(() => run(name, world.team.owner, form), 'not_found');
  });

  it('refuses live mode while the merchant has none, and text PostgreSQL cannot store', async () => {
    const form = await cases.valid(world);
    await expectRefusedUnchanged(
      () => runDashboardAction(name, world.team.owner.headers(), { ...form, mode: 'live' }),
      'live_mode_not_enabled',
    );
    const [field] = Object.keys(form);
    if (field) {
      const outcome = await expectRefusedUnchanged(
        () => run(name, world.team.owner, { ...form, [field]: `${form[field]}\u0000` }),
        'validation_error',
      );
      expect(outcome.ok === false && outcome.fields[0]?.field).toBe(field);
    }
  });

  it('writes one audit line for a change: who, what, in which mode, from where', async () => {
    const owner = world.team.owner;
    await steppedUp(owner);
    const form = await cases.valid(world);
    const [{ n: before }] =
      (await sql`select count(*)::int as n from audit_log where merchant_id = ${world.merchant.id}`) as unknown as [
        { n: number },
      ];
    const outcome = await run(name, owner, form);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const lines = await sql`
      select action, actor_type, user_id, actor_email, mode, ip_address, user_agent from audit_log
       where merchant_id = ${world.merchant.id} order by created_at desc, id desc`;
    if (!action.audit) return expect(lines).toHaveLength(before);
    expect(lines).toHaveLength(before + 1);
    expect(lines[0]).toMatchObject({
      action: action.name,
      actor_type: 'person',
      user_id: owner.userId,
      actor_email: owner.email,
      mode: 'test',
      user_agent: 'integration-test',
    });
    expect(lines[0]!.ip_address).toMatch(/^10\./);
  });

  it.runIf(POLICY[action.name].stepUp === 'always')(
    'asks for a fresh second factor, then takes a right code once',
    async () => {
      // A new owner each time: every code counts against the step-up limit of its person and address.
      const owner = await memberOf(world.merchant.id, 'owner');
      await stepUpExpired(owner);
      const form = await cases.valid(world);
      await expectRefusedUnchanged(() => run(name, owner, form), 'step_up_required');
      await expectRefusedUnchanged(() => run(name, owner, { ...form, step_up_code: '000000' }), 'wrong_code');
      const code = await totpCode(owner.totpURI!);
      expect(await run(name, owner, { ...form, step_up_code: code })).toMatchObject({ ok: true });
      const [session] = await sql`select step_up_at from auth_sessions where user_id = ${owner.userId}`;
      expect(Date.now() - new Date(session!.step_up_at as string).getTime()).toBeLessThan(60_000);
      // The same code does not step up a second time.
      await stepUpExpired(owner);
      const again = await cases.valid(world);
      await expectRefusedUnchanged(() => run(name, owner, { ...again, step_up_code: code }), 'wrong_code');
    },
  );

  it(`follows the policy table in live mode (${POLICY[action.name].stepUp})`, async () => {
    // Live mode asks a fresh second factor of every change but those the table says never: it is
    // asked before the verb runs, so this form (of the test world's objects) changes nothing.
    const owner = world.live.owner;
    await stepUpExpired(owner);
    const form = { ...(await cases.valid(world)), mode: 'live' };
    if (needsStepUp(action.name, 'live')) {
      await expectRefusedUnchanged(() => runDashboardAction(name, owner.headers(), form), 'step_up_required');
    } else {
      const outcome = await runDashboardAction(name, owner.headers(), form);
      expect(outcome.ok || outcome.code, JSON.stringify(outcome)).not.toBe('step_up_required');
    }
  });

  it.runIf(POLICY[action.name].stepUp === 'when' && cases.stepUpForm !== null)(
    'asks for a second factor only for the change that needs it',
    async () => {
      const owner = world.team.owner;
      await stepUpExpired(owner);
      const plain = await cases.valid(world);
      expect(await run(name, owner, plain), 'a change that routes nothing').toMatchObject({ ok: true });
      const routing = await cases.stepUpForm!(world);
      await expectRefusedUnchanged(() => run(name, owner, routing), 'step_up_required');
    },
  );
});

describe('dashboard actions in general', () => {
  it('an unknown action name is refused', async () => {
    expect(await runDashboardAction('dropTables', world.team.owner.headers(), { mode: 'test' })).toMatchObject({
      ok: false,
      code: 'route_not_found',
    });
  });

  it('a member of no business is refused', async () => {
    const outsider = await memberOf(world.other.id, 'viewer');
    await sql`delete from auth_members where user_id = ${outsider.userId}`;
    const form = await API_KEY_CASES.createApiKey.valid();
    await expectRefusedUnchanged(() => run('createApiKey', outsider, form), 'no_merchant');
  });
});
