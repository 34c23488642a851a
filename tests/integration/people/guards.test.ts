import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auth } from '../../../lib/access/people/auth';
import { hitsWithin } from '../../../lib/access/rate-limit/limit';
import { getDb } from '../../../lib/platform/db/client';
import { memberContext } from '../../../lib/surfaces/dashboard/member';
import { authHeaders, safeNext, signIn, verifyCode } from '../../../lib/surfaces/dashboard/people';
import { requestReset, resetPassword } from '../../../lib/surfaces/dashboard/passwords';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { operatorContext } from '../../../lib/surfaces/console/operator';
import { PEER_HEADER, peerStamp } from '../../../lib/platform/http/peer-address';
import { sendRequest } from '../../support/api';
import { testSql } from '../../support/database';
import { newMerchant } from '../../support/fixtures';
import { enrol, PASSWORD, signedUpPerson } from '../../support/members';
import { APP_ORIGIN, browser, totpCode } from '../../support/people';

/**
 * Who may sign in and act, tried as an attacker would: password guesses spread over many addresses,
 * codes tried from many addresses on a stolen session, the library's own endpoints called directly,
 * a `next` that normalises to another site, an address header the client wrote, an email nobody
 * proved. Each case failed before the guards (lib/access/people/guards.ts, http.ts) existed.
 */
const sql = testSql();
const from = (peer: string) => browser({ peer });
const address = () => `10.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}.${crypto.randomInt(1, 250)}`;

describe('password guessing', () => {
  it('is limited per account, from however many addresses: the right password then waits too', async () => {
    const { email } = await signedUpPerson();
    // Ten wrong guesses from five addresses: each address stays under its own limit.
    for (let i = 0; i < 10; i++) {
      const res = await from(`10.200.${i % 5}.1`).post('/sign-in/email', { email, password: `wrong guess ${i}` });
      expect(res.status, res.text).toBe(401);
    }
    // Today's attacker got in at the sixteenth try; now a sixth address is refused, right password or not.
    const attacker = await from('10.200.9.9').post('/sign-in/email', { email, password: PASSWORD });
    expect(attacker.status).toBe(429);
    // In-process (the sign-in form's server action) counts the same.
    const form = await signIn({ email, password: PASSWORD }, new Headers({ [PEER_HEADER]: peerStamp('10.200.9.8') }));
    expect(form).toEqual({ ok: false, problem: 'too_many_attempts' });
  });

  it('never locks the owner out: a browser that signed in to the account before is held to its own count', async () => {
    const { email } = await signedUpPerson();
    const owner = from(address());
    expect((await owner.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
    expect([...owner.cookies().keys()]).toContain('mp.known_device');
    await owner.post('/sign-out');
    for (let i = 0; i < 12; i++) await from(address()).post('/sign-in/email', { email, password: `nope ${i}` });
    expect((await from(address()).post('/sign-in/email', { email, password: PASSWORD })).status).toBe(429);
    const again = await owner.post('/sign-in/email', { email, password: PASSWORD });
    expect(again.status, again.text).toBe(200);
  });

  it('counts one address on one account on its own: the sixth guess from there is refused', async () => {
    const { email } = await signedUpPerson();
    const one = from(address());
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await one.post('/sign-in/email', { email, password: `x${i}yz` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('second-factor codes', () => {
  it('are limited per account: a stolen session cannot try codes from 25 addresses', async () => {
    const person = await signedUpPerson();
    const totpURI = await enrol(person.who);
    const cookie = person.who.headers().get('cookie')!;
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const res = await sendRequest('POST', '/api/auth/two-factor/verify-totp', {
        headers: { cookie, origin: APP_ORIGIN },
        body: { code: String(100000 + i) },
        peer: `10.201.${i}.1`,
      });
      statuses.push(res.status);
    }
    // Enrolment spent two of the account's ten (its password check and its first code).
    expect(statuses.slice(0, 8), statuses.join()).toEqual(Array(8).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // The right code too, now, from yet another address.
    const right = await sendRequest('POST', '/api/auth/two-factor/verify-totp', {
      headers: { cookie, origin: APP_ORIGIN },
      body: { code: await totpCode(totpURI) },
      peer: '10.201.99.1',
    });
    expect(right.status).toBe(429);
  });

  it('a locked second step is a refusal the form shows, never an error page', async () => {
    const { email, who } = await signedUpPerson();
    await enrol(who);
    const challenge = from(address());
    await challenge.post('/sign-in/email', { email, password: PASSWORD });
    const outcomes = [];
    for (let i = 0; i < 12; i++) outcomes.push(await verifyCode({ code: String(200000 + i) }, challenge.headers()));
    expect(outcomes.at(-1)).toEqual({ ok: false, problem: 'too_many_attempts' });
    expect(outcomes.every((o) => !o.ok)).toBe(true);
  });

  it('backup codes work at sign-in and for step-up, once each', async () => {
    const { email, who } = await signedUpPerson();
    const enabled = await who.post('/two-factor/enable', { password: PASSWORD });
    const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
    await who.post('/two-factor/verify-totp', { code: await totpCode(totpURI) });

    // Signing in on a new phone-less browser: the password, then a backup code in the code form.
    const lost = from(address());
    expect((await lost.post('/sign-in/email', { email, password: PASSWORD })).body).toMatchObject({
      twoFactorRedirect: true,
    });
    expect(await verifyCode({ code: backupCodes[0]! }, lost.headers())).toEqual({ ok: true, next: '/dashboard' });
    const again = from(address());
    await again.post('/sign-in/email', { email, password: PASSWORD });
    expect(await verifyCode({ code: backupCodes[0]! }, again.headers())).toMatchObject({
      ok: false,
      problem: 'wrong_code',
    });
    // The same over HTTP, which keeps the session this test then acts with.
    const viaHttp = await again.post('/two-factor/verify-backup-code', { code: backupCodes[1]! });
    expect(viaHttp.status, viaHttp.text).toBe(200);

    // Step-up with another backup code, as an owner of a business (a key is made only after one).
    const merchant = await newMerchant();
    const [{ user_id: userId }] =
      (await sql`select id as user_id from auth_users where email = ${email}`) as unknown as [{ user_id: string }];
    await sql`insert into auth_members (organization_id, user_id, role) values (${merchant.id}, ${userId}, 'owner')`;
    const form = { mode: 'test', name: 'Backup-coded key', scope: 'RESTRICTED', permission_read: 'on' };
    const stepped = await runDashboardAction('createApiKey', again.headers(), {
      ...form,
      step_up_code: backupCodes[2]!,
    });
    expect(stepped, JSON.stringify(stepped)).toMatchObject({ ok: true });
    await sql`update auth_sessions set step_up_at = null where user_id = ${userId}`;
    const reused = await runDashboardAction('createApiKey', again.headers(), {
      ...form,
      step_up_code: backupCodes[2]!,
    });
    expect(reused).toMatchObject({ ok: false, code: 'wrong_code' });
  });
});

describe('a code used once', () => {
  it('is remembered across a counting window’s end: a step-up code cannot serve twice at a minute boundary', async () => {
    const bucket = `step-up-code:${crypto.randomUUID()}:123456`;
    // Its first use, in the minute before this one (the old fixed window forgot it at the boundary).
    await sql`insert into rate_limit_counters (bucket, window_start, hits)
              values (${bucket}, date_trunc('minute', now()) - interval '1 minute', 1)`;
    expect(await hitsWithin(getDb(), bucket, 120)).toBe(2);
    expect(await hitsWithin(getDb(), `step-up-code:${crypto.randomUUID()}:654321`, 120)).toBe(1);
  });
});

describe("the sign-in library's own endpoints", () => {
  it.each([
    ['POST', '/update-user', { name: 'x'.repeat(200_000) }],
    ['POST', '/change-password', { currentPassword: PASSWORD, newPassword: 'another good passphrase' }],
    ['POST', '/change-email', { newEmail: 'attacker@evil.example' }],
    ['POST', '/delete-user', {}],
    ['POST', '/two-factor/disable', { password: PASSWORD }],
    ['POST', '/two-factor/get-totp-uri', { password: PASSWORD }],
    ['POST', '/two-factor/generate-backup-codes', { password: PASSWORD }],
    ['POST', '/request-password-reset', { email: 'a@b.test', redirectTo: 'https://evil.example' }],
    ['POST', '/send-verification-email', { email: 'a@b.test', callbackURL: 'https://evil.example' }],
    ['GET', '/reset-password/some-token', undefined],
    ['GET', '/list-sessions', undefined],
    ['POST', '/revoke-sessions', {}],
    ['POST', '/organization/accept-invitation', { invitationId: crypto.randomUUID() }],
  ])('%s %s answers 404 over HTTP, changing nothing', async (method, path, body) => {
    const person = await signedUpPerson();
    const before = await sql`select name, email from auth_users where id = ${person.userId}`;
    const res =
      method === 'GET' ? await person.who.get(path) : await person.who.post(path, body as Record<string, unknown>);
    expect(res.status, res.text).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', error: { code: 'route_not_found' } });
    expect(await sql`select name, email from auth_users where id = ${person.userId}`).toEqual(before);
  });

  it('a name is bounded whichever way it comes in: the library in-process refuses a 200,000-character one', async () => {
    const person = await signedUpPerson();
    await expect(
      auth().api.updateUser({ body: { name: 'x'.repeat(200_000) }, headers: person.who.headers() }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      auth().api.updateUser({ body: { name: 'Ama \u202Eevil' }, headers: person.who.headers() }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const [row] = await sql`select name from auth_users where id = ${person.userId}`;
    expect(row!.name).toBe('Ama Owusu');
  });
});

describe('links and addresses', () => {
  it('`next` is checked after normalisation: no way off this site', () => {
    for (const next of [
      '/dashboard/../..//evil.example/phish',
      '/./..//evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      'https://evil.example',
    ]) {
      const safe = safeNext(next);
      expect(safe === null || !/^\/[/\\]/.test(safe), `${next} → ${safe}`).toBe(true);
    }
    expect(safeNext('/dashboard/../dashboard/test?x=1')).toBe('/dashboard/test?x=1');
  });

  it('a session remembers the address by the trusted-proxy rule, never a header the client wrote', async () => {
    const { email, userId } = await signedUpPerson();
    const headers = new Headers({
      [PEER_HEADER]: peerStamp('10.202.3.4'),
      'x-mp-client-address': '6.6.6.6',
      origin: APP_ORIGIN,
    });
    expect(authHeaders(headers).get('x-mp-client-address')).toBe('10.202.3.4');
    expect(await signIn({ email, password: PASSWORD }, headers)).toMatchObject({ ok: true });
    const rows = await sql`select ip_address from auth_sessions where user_id = ${userId}`;
    expect(rows.map((r) => r.ip_address)).not.toContain('6.6.6.6');
    expect(rows.map((r) => r.ip_address)).toContain('10.202.3.4');
  });
});

describe('a confirmed email', () => {
  it('comes before any page, business or console: an unconfirmed member and operator get nothing', async () => {
    const merchant = await newMerchant();
    const person = await signedUpPerson('Not Yet Confirmed', { confirmed: false });
    await sql`insert into auth_members (organization_id, user_id, role) values (${merchant.id}, ${person.userId}, 'viewer')`;
    expect(await memberContext(person.who.headers(), 'test')).toMatchObject({ ok: false, reason: 'email_unverified' });
    const outcome = await runDashboardAction('revokeOwnSession', person.who.headers(), {
      mode: 'test',
      session_id: crypto.randomUUID(),
    });
    expect(outcome).toMatchObject({ ok: false, code: 'email_unverified' });
    await sql`update auth_users set operator = true where id = ${person.userId}`;
    expect(await operatorContext(person.who.headers())).toMatchObject({ ok: false, reason: 'email_unverified' });
  });

  it("someone who signed up with another person's address first loses their authenticator when the owner resets", async () => {
    // The attacker signs up with the victim's address and sets up their own authenticator.
    const squatter = await signedUpPerson('Squatter', { confirmed: false });
    await enrol(squatter.who);
    // The real owner cannot sign up ("email taken"), so they reset the password from their mailbox.
    expect(await requestReset({ email: squatter.email }, new Headers({ [PEER_HEADER]: peerStamp(address()) }))).toEqual(
      {
        ok: true,
      },
    );
    const [mail] = await sql<{ text: string }[]>`
      select text from mail_outbox where "to" = ${squatter.email} and subject like 'Reset%'`;
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const headers = new Headers({ [PEER_HEADER]: peerStamp(address()) });
    expect(await resetPassword({ token, password: 'the real owner passphrase' }, headers)).toEqual({ ok: true });
    const [user] = await sql`select email_verified, two_factor_enabled from auth_users where id = ${squatter.userId}`;
    expect(user).toEqual({ email_verified: true, two_factor_enabled: false });
    expect(await sql`select 1 from auth_two_factors where user_id = ${squatter.userId}`).toHaveLength(0);
    expect((await squatter.who.get('/get-session')).body).toBeNull();
  });
});
