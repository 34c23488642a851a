import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { memberContext } from '../../../lib/surfaces/dashboard/member';
import { signUp, signIn } from '../../../lib/surfaces/dashboard/people';
import { requestReset, resetPassword } from '../../../lib/surfaces/dashboard/passwords';
import { acceptInvitation, findInvitation } from '../../../lib/surfaces/dashboard/team/invitations';
import { auditLogFor, auditPage } from '../../../lib/surfaces/dashboard/team/audit';
import { listTeam } from '../../../lib/surfaces/dashboard/team/members';
import { PEER_HEADER, peerStamp } from '../../../lib/platform/http/peer-address';
import { testSql } from '../../support/database';
import { newMerchant, type Merchant } from '../../support/fixtures';
import {
  memberOf,
  merchantWithTeam,
  PASSWORD,
  signedUpPerson,
  steppedUp,
  type Member,
  type Team,
} from '../../support/members';
import { APP_ORIGIN, browser } from '../../support/people';
import { aMember } from './cases/team';

/**
 * The team, sessions, audit log and password reset, beyond the generic checks of actions.test.ts:
 * the owner rules (admins never touch an owner; a business keeps one), invitations accepted only by
 * their email, once, in time; sessions ended only the person's own; a password reset from the
 * outbox's email to the new password.
 */
const sql = testSql();
let merchant: Merchant;
let team: Team;

beforeAll(async () => {
  ({ merchant, team } = await merchantWithTeam());
}, 60_000);

/** Every team change asks for a fresh second factor (actions.test.ts checks the asking): given just now. */
const act = async (who: Member, name: string, form: Record<string, string>) => {
  await steppedUp(who);
  return runDashboardAction(name, who.headers(), { mode: 'test', ...form });
};

const roleOf = async (memberId: string) =>
  (await sql<{ role: string }[]>`select role from auth_members where id = ${memberId}`)[0]?.role;
const memberIdOf = async (userId: string, merchantId = merchant.id) =>
  (
    await sql<{ id: string }[]>`
      select id from auth_members where user_id = ${userId} and organization_id = ${merchantId}`
  )[0]!.id;
const stranger = () =>
  new Headers({ [PEER_HEADER]: peerStamp(`10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.7`) });

describe('owners and admins', () => {
  it('an admin cannot change, remove or make an owner, nor cancel an invitation to be owner', async () => {
    const ownerId = await memberIdOf(team.owner.userId);
    for (const [name, form] of [
      ['changeMemberRole', { member_id: ownerId, role: 'viewer' }],
      ['removeTeamMember', { member_id: ownerId }],
      ['changeMemberRole', { member_id: await aMember(merchant.id, 'viewer'), role: 'owner' }],
      ['inviteMember', { email: `boss-${crypto.randomUUID()}@shop.test`, role: 'owner' }],
    ] as const) {
      expect(await act(team.admin, name, form), name).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect(await roleOf(ownerId)).toBe('owner');
    const invitation = await act(team.owner, 'inviteMember', {
      email: `co-owner-${crypto.randomUUID()}@shop.test`,
      role: 'owner',
    });
    expect(invitation).toMatchObject({ ok: true });
    const id = (invitation as { data: { id: string } }).data.id;
    expect(await act(team.admin, 'cancelTeamInvitation', { invitation_id: id })).toMatchObject({ code: 'forbidden' });
    expect(await act(team.owner, 'cancelTeamInvitation', { invitation_id: id })).toMatchObject({ ok: true });
  });

  it('an admin manages everyone else; developers and viewers only read', async () => {
    const viewer = await aMember(merchant.id, 'viewer');
    expect(await act(team.admin, 'changeMemberRole', { member_id: viewer, role: 'admin' })).toMatchObject({ ok: true });
    expect(await roleOf(viewer)).toBe('admin');
    for (const who of [team.developer, team.viewer]) {
      expect(await act(who, 'removeTeamMember', { member_id: viewer })).toMatchObject({
        code: 'insufficient_permissions',
      });
    }
    expect(await act(team.admin, 'removeTeamMember', { member_id: viewer })).toMatchObject({ ok: true });
    expect(await roleOf(viewer)).toBeUndefined();
  });

  it('the last owner can be neither demoted nor removed; with a second owner, they can', async () => {
    const shop = await newMerchant({ name: 'One Owner Shop' });
    const owner = await memberOf(shop.id, 'owner');
    const ownerId = await memberIdOf(owner.userId, shop.id);
    expect(await act(owner, 'changeMemberRole', { member_id: ownerId, role: 'admin' })).toMatchObject({
      code: 'forbidden',
    });
    expect(await act(owner, 'removeTeamMember', { member_id: ownerId })).toMatchObject({ code: 'forbidden' });
    const second = await aMember(shop.id, 'admin');
    expect(await act(owner, 'changeMemberRole', { member_id: second, role: 'owner' })).toMatchObject({ ok: true });
    expect(await act(owner, 'changeMemberRole', { member_id: ownerId, role: 'admin' })).toMatchObject({ ok: true });
    expect(await roleOf(ownerId)).toBe('admin');
  });
});

describe('invitations', () => {
  /** An invitation by the owner, and the secret its mail carries (the only thing that accepts it). */
  async function invited(role = 'viewer') {
    const email = `invitee-${crypto.randomUUID()}@shop.test`;
    const outcome = await act(team.owner, 'inviteMember', { email: email.toUpperCase(), role });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const [mail] = await sql<{ text: string }[]>`select text from mail_outbox where "to" = ${email}`;
    const secret = /\/invitations\/accept\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    return { email, id: (outcome as { data: { id: string } }).data.id, secret };
  }

  it('mails a link with a secret (never the id), in the same transaction as the audit line', async () => {
    const { email, id, secret } = await invited();
    const [mail] = await sql<
      { subject: string; text: string }[]
    >`select subject, text from mail_outbox where "to" = ${email}`;
    expect(mail!.text).toContain(`${APP_ORIGIN}/invitations/accept?token=${secret}`);
    expect(mail!.text).not.toContain(id);
    expect(mail!.subject).toContain('invited you to');
    // Only the secret's hash is kept.
    const [row] = await sql`select token_hash from auth_invitations where id = ${id}`;
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toBe(secret);
    const [line] = await sql`select action, target, details from audit_log where target = ${id}`;
    expect(line).toMatchObject({ action: 'invitation.create', details: { email, role: 'viewer' } });
    expect(await findInvitation(secret)).toMatchObject({
      state: 'pending',
      role: 'viewer',
      merchant: expect.any(String),
    });
    expect(await findInvitation(id)).toBeNull();
  });

  it('only those who manage the team see invitations: a viewer gets no ids, no emails', async () => {
    await invited();
    for (const role of ['developer', 'viewer'] as const) {
      const ctx = await memberContext(team[role].headers(), 'test');
      if (!ctx.ok) throw new Error(ctx.reason);
      expect((await listTeam(ctx.ctx)).invitations, role).toBeNull();
    }
    const owner = await memberContext(team.owner.headers(), 'test');
    if (!owner.ok) throw new Error(owner.reason);
    expect((await listTeam(owner.ctx)).invitations!.length).toBeGreaterThan(0);
  });

  it('is accepted only with its secret, by its email once confirmed, once: the member joins with its role', async () => {
    const { email, id, secret } = await invited('developer');
    const someoneElse = await signedUpPerson('Someone Else');
    expect(await acceptInvitation(secret, someoneElse.who.headers())).toEqual({ ok: false, problem: 'wrong_email' });
    expect(await acceptInvitation(secret, new Headers())).toEqual({ ok: false, problem: 'signed_out' });

    // An account made from the invitation's page makes no business of its own, and waits for its email.
    const who = browser();
    const next = `/invitations/accept?token=${secret}`;
    const made = await signUp({ name: 'Invited Person', email, password: PASSWORD, next }, stranger());
    expect(made).toEqual({ ok: true, next: `/verify-email?next=${encodeURIComponent(next)}`, enrolment: null });
    const res = await who.post('/sign-in/email', { email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    const [user] = await sql<{ id: string }[]>`select id from auth_users where email = ${email}`;
    expect(await sql`select 1 from auth_members where user_id = ${user!.id}`).toHaveLength(0);

    // The row id accepts nothing; the secret does not either before the address is proved.
    expect(await acceptInvitation(id, who.headers())).toEqual({ ok: false, problem: 'unavailable' });
    expect(await acceptInvitation(secret, who.headers())).toEqual({ ok: false, problem: 'email_unverified' });
    expect(await sql`select 1 from auth_members where user_id = ${user!.id}`).toHaveLength(0);

    // The confirmation link from the mail proves it, and comes back to the invitation.
    const [confirm] = await sql<{ text: string }[]>`
      select text from mail_outbox where "to" = ${email} and subject like 'Confirm%'`;
    const link = confirm!.text.match(/https?:\/\/\S+/)![0];
    const landing = await who.get(link.slice(`${APP_ORIGIN}/api/auth`.length));
    expect(landing.status, landing.text).toBe(302);
    expect(landing.headers.get('location')).toBe(next);

    expect(await acceptInvitation(secret, who.headers())).toEqual({ ok: true, merchantId: merchant.id });
    expect(await sql`select role from auth_members where user_id = ${user!.id}`).toEqual([{ role: 'developer' }]);
    const ctx = await memberContext(who.headers(), 'test');
    expect(ctx.ok && ctx.ctx.merchant.id).toBe(merchant.id);
    expect(await acceptInvitation(secret, who.headers())).toEqual({ ok: false, problem: 'unavailable' });
    expect(await findInvitation(secret)).toMatchObject({ state: 'accepted' });
    const [line] =
      await sql`select action, user_id, actor_type from audit_log where target = ${id} and action = 'invitation.accept'`;
    expect(line).toMatchObject({ user_id: user!.id, actor_type: 'person' });
  });

  it('an expired, cancelled or unknown invitation is refused and shown as such', async () => {
    const expired = await invited();
    await sql`update auth_invitations set expires_at = now() - interval '1 minute' where id = ${expired.id}`;
    const person = await signedUpPerson();
    await sql`update auth_users set email = ${expired.email} where id = ${person.userId}`;
    expect(await findInvitation(expired.secret)).toMatchObject({ state: 'expired' });
    expect(await acceptInvitation(expired.secret, person.who.headers())).toEqual({ ok: false, problem: 'unavailable' });
    expect(await sql`select 1 from auth_members where user_id = ${person.userId}`).toHaveLength(0);

    const cancelled = await invited();
    expect(await act(team.admin, 'cancelTeamInvitation', { invitation_id: cancelled.id })).toMatchObject({ ok: true });
    expect(await findInvitation(cancelled.secret)).toMatchObject({ state: 'canceled' });
    for (const token of ['nonsense', crypto.randomUUID(), 'A'.repeat(43), "'; drop table auth_members; --"]) {
      expect(await findInvitation(token)).toBeNull();
      expect(await acceptInvitation(token, person.who.headers())).toEqual({ ok: false, problem: 'unavailable' });
    }
  });

  it('a new invitation to the same address replaces the pending one; a member cannot be invited', async () => {
    const first = await invited();
    const again = await act(team.owner, 'inviteMember', { email: first.email, role: 'viewer' });
    expect(again).toMatchObject({ ok: true });
    expect(await findInvitation(first.secret)).toMatchObject({ state: 'canceled' });
    expect(await act(team.owner, 'inviteMember', { email: team.viewer.email, role: 'admin' })).toMatchObject({
      code: 'validation_error',
      fields: [{ field: 'email' }],
    });
  });

  it('a business sends at most 20 invitations an hour', async () => {
    const shop = await newMerchant({ name: 'Busy Shop' });
    const owner = await memberOf(shop.id, 'owner');
    const outcomes = [];
    for (let i = 0; i < 21; i++)
      outcomes.push(
        await act(owner, 'inviteMember', { email: `bulk${i}-${crypto.randomUUID()}@shop.test`, role: 'viewer' }),
      );
    expect(outcomes.slice(0, 20).every((o) => o.ok)).toBe(true);
    expect(outcomes[20]).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(await sql`select 1 from auth_invitations where organization_id = ${shop.id}`).toHaveLength(20);
  });
});

describe('sessions', () => {
  it("ends only the person's own other sessions, never the current one", async () => {
    const person = await memberOf(merchant.id, 'viewer');
    const second = browser();
    expect((await second.post('/sign-in/email', { email: person.email, password: PASSWORD })).status).toBe(200);
    const [mine] = await sql<{ id: string }[]>`
      select id from auth_sessions where user_id = ${person.userId} order by created_at desc limit 1`;
    const [theirs] = await sql<{ id: string }[]>`select id from auth_sessions where user_id = ${team.developer.userId}`;

    expect(await act(person, 'revokeOwnSession', { session_id: theirs!.id })).toMatchObject({
      ok: true,
      data: { ended: 0 },
    });
    expect(await sql`select 1 from auth_sessions where id = ${theirs!.id}`).toHaveLength(1);
    expect(await act(person, 'revokeOwnSession', { session_id: mine!.id })).toMatchObject({
      ok: true,
      data: { ended: 1 },
    });
    expect((await second.get('/get-session')).body).toBeNull();

    const third = browser();
    await third.post('/sign-in/email', { email: person.email, password: PASSWORD });
    expect(await act(person, 'signOutOtherSessions', {})).toMatchObject({ ok: true, data: { ended: 1 } });
    expect((await third.get('/get-session')).body).toBeNull();
    expect((await person.who.get('/get-session')).body).not.toBeNull();
    expect(await sql`select 1 from auth_sessions where id = ${theirs!.id}`).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('is for owners only, newest first, a page at a time without gaps or repeats', async () => {
    for (const role of ['admin', 'developer', 'viewer'] as const) {
      const ctx = await memberContext(team[role].headers(), 'test');
      expect(ctx.ok && (await auditLogFor(ctx.ctx, null))).toBeNull();
    }
    const shop = await newMerchant({ name: 'Audited Shop' });
    const owner = await memberOf(shop.id, 'owner');
    for (let i = 0; i < 5; i++) {
      await act(owner, 'inviteMember', { email: `a${i}-${crypto.randomUUID()}@shop.test`, role: 'viewer' });
    }
    // Two lines in the same microsecond still page in a stable order.
    await sql`update audit_log set created_at = (select max(created_at) from audit_log where merchant_id = ${shop.id})
               where merchant_id = ${shop.id}`;
    const ctx = await memberContext(owner.headers(), 'test');
    if (!ctx.ok) throw new Error(ctx.reason);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof auditPage>> = await auditPage(ctx.ctx.db, shop.id, after, 2);
      seen.push(...page.rows.map((r) => r.id));
      after = page.next;
    } while (after);
    // The five invitations, and the onboarding by the operator's (bootstrap) token.
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    const other = await auditLogFor(ctx.ctx, null);
    expect(other!.rows.map((r) => r.id)).toEqual(seen);
    const byOwner = other!.rows.filter((r) => r.actorEmail === owner.email);
    expect(byOwner.map((r) => r.action)).toEqual(Array(5).fill('invitation.create'));
    expect(other!.rows.filter((r) => r.actorEmail !== owner.email)).toMatchObject([{ action: 'merchant.create' }]);
  });
});

describe('password reset', () => {
  it('from the emailed link to a new password; every session ends; the link works once', async () => {
    const person = await signedUpPerson();
    const headers = stranger();
    expect(await requestReset({ email: person.email.toUpperCase() }, headers)).toEqual({ ok: true });
    const [mail] = await sql<{ text: string }[]>`
      select text from mail_outbox where "to" = ${person.email} and subject like 'Reset%'`;
    const link = mail!.text.match(/https?:\/\/\S+/)![0];
    // Straight to our page, the token in the query string (which no log records), not in a path.
    const to = new URL(link);
    expect(`${to.origin}${to.pathname}`).toBe(`${APP_ORIGIN}/reset-password`);
    const token = to.searchParams.get('token')!;

    expect(await resetPassword({ token, password: 'short' }, headers)).toMatchObject({ problem: 'invalid_input' });
    const newPassword = 'a brand new passphrase';
    expect(await resetPassword({ token, password: newPassword }, headers)).toEqual({ ok: true });
    expect((await person.who.get('/get-session')).body).toBeNull();
    expect(await signIn({ email: person.email, password: PASSWORD }, stranger())).toMatchObject({
      problem: 'wrong_credentials',
    });
    expect(await signIn({ email: person.email, password: newPassword }, stranger())).toMatchObject({ ok: true });
    expect(await resetPassword({ token, password: 'another new passphrase' }, headers)).toEqual({
      ok: false,
      problem: 'invalid_token',
    });
    expect(await resetPassword({ token: 'made-up', password: 'another new passphrase' }, headers)).toEqual({
      ok: false,
      problem: 'invalid_token',
    });
  });

  it('answers the same for an unknown email, sending nothing; too many requests are refused', async () => {
    const nobody = `nobody-${crypto.randomUUID()}@shop.test`;
    const headers = stranger();
    expect(await requestReset({ email: nobody }, headers)).toEqual({ ok: true });
    expect(await sql`select 1 from mail_outbox where "to" = ${nobody}`).toHaveLength(0);
    expect(await requestReset({ email: 'not an email' }, headers)).toMatchObject({ problem: 'invalid_input' });

    // Per account, whatever the address: the 11th request in 15 minutes is refused.
    const person = await signedUpPerson();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await requestReset({ email: person.email }, stranger()));
    expect(answers.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(answers[10]).toEqual({ ok: false, problem: 'too_many_attempts' });
    const mails = await sql`select 1 from mail_outbox where "to" = ${person.email} and subject like 'Reset%'`;
    expect(mails).toHaveLength(10);
  });
});
