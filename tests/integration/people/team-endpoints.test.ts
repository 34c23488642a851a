import { describe, expect, it } from 'vitest';
import { ORGANIZATION_HTTP_PATHS } from '../../../lib/access/people/auth';
import { testSql } from '../../support/database';
import { merchantWithTeam, PASSWORD } from '../../support/members';
import { memberContext } from '../../../lib/surfaces/dashboard/member';
import { switchMerchant } from '../../../lib/surfaces/dashboard/people';
import * as people from '../../../lib/surfaces/dashboard/people';
import { PEER_HEADER, peerStamp } from '../../../lib/platform/http/peer-address';
import { totpCode } from '../../support/people';

/**
 * The sign-in library's own team endpoints are not offered over HTTP: a member calling them directly
 * (invite, change a role, remove, leave) gets a 404 and changes nothing, so every change to a team
 * goes through the dashboard's actions and their audit line.
 */
const sql = testSql();

describe("the library's team endpoints", () => {
  it('answer 404 over HTTP, even to an owner, and change nothing', async () => {
    const { merchant, team } = await merchantWithTeam();
    const before = await sql`select user_id, role from auth_members where organization_id = ${merchant.id} order by 1`;
    const calls: [string, unknown][] = [
      ['/organization/invite-member', { email: 'x@shop.test', role: 'owner', organizationId: merchant.id }],
      [
        '/organization/update-member-role',
        { memberId: team.viewer.userId, role: 'owner', organizationId: merchant.id },
      ],
      ['/organization/remove-member', { memberIdOrEmail: team.admin.email, organizationId: merchant.id }],
      ['/organization/leave', { organizationId: merchant.id }],
      ['/organization/create', { name: 'Shadow', slug: 'shadow' }],
    ];
    for (const [path, body] of calls) {
      const res = await team.owner.who.post(path, body);
      expect(res.status, `${path}: ${res.text}`).toBe(404);
    }
    expect((await team.owner.who.get('/organization/list-members')).status).toBe(404);
    expect(await sql`select user_id, role from auth_members where organization_id = ${merchant.id} order by 1`).toEqual(
      before,
    );
    expect(await sql`select id from auth_invitations where organization_id = ${merchant.id}`).toHaveLength(0);
    expect(ORGANIZATION_HTTP_PATHS).toContain('/organization/set-active');
  });
});

describe('the business switcher', () => {
  it('acts for the chosen business, and only for one the person belongs to', async () => {
    const { merchant, team } = await merchantWithTeam();
    const { merchant: second } = await merchantWithTeam();
    await sql`insert into auth_members (organization_id, user_id, role) values (${second.id}, ${team.viewer.userId}, 'viewer')`;
    const headers = () => team.viewer.headers();
    expect(await switchMerchant({ merchant_id: second.id }, headers())).toEqual({ ok: true });
    const there = await memberContext(headers(), 'test');
    expect(there.ok && there.ctx.merchant.id).toBe(second.id);
    expect(await switchMerchant({ merchant_id: merchant.id }, headers())).toEqual({ ok: true });
    const back = await memberContext(headers(), 'test');
    expect(back.ok && back.ctx.merchant.id).toBe(merchant.id);
    // A business they are not in: refused, and the session stays where it was.
    const stranger = await merchantWithTeam();
    expect(await switchMerchant({ merchant_id: stranger.merchant.id }, headers())).toMatchObject({ ok: false });
    const still = await memberContext(headers(), 'test');
    expect(still.ok && still.ctx.merchant.id).toBe(merchant.id);
  });
});

describe('where a sign-in goes on to', () => {
  it('carries a same-site `next` through the two-factor step, and drops any other', async () => {
    const { team } = await merchantWithTeam();
    const headers = new Headers({ [PEER_HEADER]: peerStamp('10.77.0.1') });
    const signIn = (next?: string) =>
      people.signIn({ email: team.owner.email, password: PASSWORD, ...(next ? { next } : {}) }, headers);
    expect(await signIn('/invitations/abc')).toEqual({ ok: true, next: '/two-factor?next=%2Finvitations%2Fabc' });
    expect(await signIn('https://evil.example/x')).toEqual({ ok: true, next: '/two-factor' });
    expect(await signIn('//evil.example/x')).toEqual({ ok: true, next: '/two-factor' });

    const code = async () => totpCode(team.owner.totpURI!);
    expect(await people.verifyCode({ code: await code(), next: '/invitations/abc' }, team.owner.headers())).toEqual({
      ok: true,
      next: '/invitations/abc',
    });
  });
});
