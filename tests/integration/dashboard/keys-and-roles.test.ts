import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { paidCheckout, settleEverything, type Merchant } from '../../support/fixtures';
import { merchantWithTeam, steppedUp, type Member, type Team } from '../../support/members';
import { payoutForm } from './cases/money-out';

/**
 * Keys never outrank the people who made them: a developer (who moves no money) mints only RESTRICTED
 * keys within read, checkout and webhook, and cannot revoke a FULL_ACCESS one; a key made by a key
 * answers to the same person; removing a member revokes the keys they made (and the keys those keys
 * made), a smaller role revokes those beyond it, and the audit line lists them.
 */
const sql = testSql();
let merchant: Merchant;
let team: Team;
beforeAll(async () => {
  ({ merchant, team } = await merchantWithTeam());
}, 60_000);

async function mint(member: Member, form: Record<string, string>) {
  await steppedUp(member);
  return runDashboardAction('createApiKey', member.headers(), { mode: 'test', ...form });
}
const keyOf = (outcome: Awaited<ReturnType<typeof mint>>) => {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.data as { id: string; secret_key: string };
};

describe('a developer', () => {
  it('cannot mint a FULL_ACCESS key, nor one with write; a key within their role works', async () => {
    for (const form of [
      { name: 'Full', scope: 'FULL_ACCESS' } as Record<string, string>,
      { name: 'Writes', scope: 'RESTRICTED', permission_read: 'on', permission_write: 'on' },
    ]) {
      const refused = await mint(team.developer, form);
      expect(refused, form.name).toMatchObject({ ok: false, code: 'insufficient_permissions' });
    }
    const key = keyOf(
      await mint(team.developer, { name: 'Shop server', scope: 'RESTRICTED', permission_checkout: 'on' }),
    );
    expect(await sql`select creator_user_id, scope from api_keys where id = ${key.id}`).toEqual([
      { creator_user_id: team.developer.userId, scope: 'RESTRICTED' },
    ]);
    const res = await caller({ 'x-api-key': key.secret_key }).call(contract.createCheckout, {
      body: { customer_email: 'ama@example.com', amount: 10, currency_code: 'GHS' },
    });
    expectStatus(res, 200);
  });

  it("cannot move money with a key either: today's hole (a FULL_ACCESS key, then a payout) is closed", async () => {
    await paidCheckout(merchant, { amount: 101.01 });
    await settleEverything(merchant.id);
    const key = keyOf(
      await mint(team.developer, { name: 'Dev', scope: 'RESTRICTED', permission_read: 'on', permission_webhook: 'on' }),
    );
    const payout = await caller({ 'x-api-key': key.secret_key }).call(contract.createPayout, {
      body: {
        amount: 12.5,
        currency_code: 'GHS',
        payout_type: 'bank_transfer',
        payout_reason: payoutForm.payout_reason,
        recipient_details: {
          recipient_name: 'Ama Mensah',
          bank_account_number: '0011223344',
          bank_name: 'Stanbic',
          account_holder_name: 'Ama Mensah',
        },
      },
    });
    expectStatus(payout, 403);
    expectErrorShape(payout.body, 'insufficient_permissions');
  });

  it("cannot revoke the owner's FULL_ACCESS key", async () => {
    const owners = keyOf(await mint(team.owner, { name: 'Production', scope: 'FULL_ACCESS' }));
    await steppedUp(team.developer);
    const outcome = await runDashboardAction('revokeApiKey', team.developer.headers(), {
      mode: 'test',
      key_id: owners.id,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'insufficient_permissions' });
    expect(await sql`select status from api_keys where id = ${owners.id}`).toEqual([{ status: 'active' }]);
  });
});

describe('keys answer to the person who made them', () => {
  it('removing a member revokes their keys, and the keys those keys made; the audit line lists them', async () => {
    const { merchant: shop, team: crew } = await merchantWithTeam();
    const mine = keyOf(await mint(crew.admin, { name: 'Admin full', scope: 'FULL_ACCESS' }));
    // A key made through the API by that key answers to the admin too.
    const child = await caller({ 'x-api-key': mine.secret_key }).ok(contract.createApiKey, { body: { name: 'Child' } });
    expect(await sql`select creator_user_id, created_by from api_keys where id = ${child.body.data.id}`).toEqual([
      { creator_user_id: crew.admin.userId, created_by: shop.id },
    ]);
    const ownersKey = keyOf(await mint(crew.owner, { name: 'Owner', scope: 'FULL_ACCESS' }));

    const [member] = await sql<{ id: string }[]>`
      select id from auth_members where user_id = ${crew.admin.userId} and organization_id = ${shop.id}`;
    await steppedUp(crew.owner);
    const removed = await runDashboardAction('removeTeamMember', crew.owner.headers(), {
      mode: 'test',
      member_id: member!.id,
    });
    expect(removed).toMatchObject({ ok: true });

    for (const secret of [mine.secret_key, child.body.data.secret_key]) {
      const res = await caller({ 'x-api-key': secret }).call(contract.listWallets, {});
      expectStatus(res, 401);
      expectErrorShape(res.body, 'revoked_api_key');
    }
    expectStatus(await caller({ 'x-api-key': ownersKey.secret_key }).call(contract.listWallets, {}), 200);
    const [line] = await sql<{ details: { revoked_keys: { id: string }[] } }[]>`
      select details from audit_log where action = 'member.remove' and target = ${member!.id}`;
    expect(line!.details.revoked_keys.map((k) => k.id).sort()).toEqual([mine.id, child.body.data.id].sort());
  });

  it('a smaller role revokes only the keys beyond it', async () => {
    const { merchant: shop, team: crew } = await merchantWithTeam();
    const full = keyOf(await mint(crew.admin, { name: 'Full', scope: 'FULL_ACCESS' }));
    const reader = keyOf(await mint(crew.admin, { name: 'Reader', scope: 'RESTRICTED', permission_read: 'on' }));
    const [member] = await sql<{ id: string }[]>`
      select id from auth_members where user_id = ${crew.admin.userId} and organization_id = ${shop.id}`;
    await steppedUp(crew.owner);
    const changed = await runDashboardAction('changeMemberRole', crew.owner.headers(), {
      mode: 'test',
      member_id: member!.id,
      role: 'developer',
    });
    expect(changed).toMatchObject({ ok: true });
    expect(
      await sql`select id, status from api_keys where id in ${sql([full.id, reader.id])} order by key_name`,
    ).toEqual([
      { id: full.id, status: 'revoked' },
      { id: reader.id, status: 'active' },
    ]);
  });
});
