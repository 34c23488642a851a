import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { createOwnMerchant } from '../../../lib/operator/merchants/create-merchant';
import { sendRequest } from '../../support/api';
import { expectErrorShape } from '../../support/caller';
import { testSql } from '../../support/database';
import { signUp } from '../../../lib/surfaces/dashboard/people';
import { PEER_HEADER, peerStamp } from '../../../lib/platform/http/peer-address';
import { APP_ORIGIN, browser, totpCode, type Browser } from '../../support/people';

/**
 * People signing in to the dashboard, through better-auth's real endpoints (/api/auth) on the real
 * database: sign-up, a business of their own, TOTP enrolment, the two-factor challenge at sign-in,
 * CSRF (a request from another origin changes nothing) and the sign-in rate limit per address.
 */
const sql = testSql();
const PASSWORD = 'correct horse battery staple';

async function signedUp(who: Browser = browser()) {
  const email = `owner-${crypto.randomUUID()}@shop.test`;
  const res = await who.post('/sign-up/email', { name: 'Ama Owusu', email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  const userId = (res.body as { user: { id: string } }).user.id;
  return { who, email, userId };
}

async function enrolled() {
  const person = await signedUp();
  const enabled = await person.who.post('/two-factor/enable', { password: PASSWORD });
  expect(enabled.status, enabled.text).toBe(200);
  const { totpURI } = enabled.body as { totpURI: string; backupCodes: string[] };
  const verified = await person.who.post('/two-factor/verify-totp', { code: await totpCode(totpURI) });
  expect(verified.status, verified.text).toBe(200);
  return { ...person, totpURI };
}

const session = async (who: Browser) => (await who.get('/get-session')).body as { user: { email: string } } | null;

describe('signing up and in', () => {
  it('sign-up signs the person in, with an HttpOnly SameSite cookie, and mails a confirmation link', async () => {
    const { who, email } = await signedUp();
    expect((await session(who))?.user.email).toBe(email);
    const [mail] = await sql`select subject, text from mail_outbox where "to" = ${email}`;
    expect(mail!.subject).toMatch(/Confirm your email/);
    expect(mail!.text).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  it('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const email = `c-${crypto.randomUUID()}@shop.test`;
    const res = await browser().post('/sign-up/email', { name: 'Kofi', email, password: PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mp.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('a business of their own: the merchant, its team with them as owner, its test tenant', async () => {
    const { userId, email } = await signedUp();
    const merchant = await createOwnMerchant(getDb(), { userId, name: 'Ama Foods', email });
    expect(merchant.kybStatus).toBe('unverified');
    const [team] = await sql`select name from auth_organizations where id = ${merchant.id}`;
    expect(team!.name).toBe('Ama Foods');
    const members = await sql`select user_id, role from auth_members where organization_id = ${merchant.id}`;
    expect(members).toEqual([{ user_id: userId, role: 'owner' }]);
    const tenants = await sql`select mode from tenants where merchant_id = ${merchant.id}`;
    expect(tenants.map((t) => t.mode)).toEqual(['test']);
  });

  it('a wrong password is refused and gives no session', async () => {
    const { email } = await signedUp();
    const who = browser();
    const res = await who.post('/sign-in/email', { email, password: 'not the password at all' });
    expect(res.status).toBe(401);
    expect(await session(who)).toBeNull();
  });
});

describe('two-factor', () => {
  it('enrolled: the password alone gives no session, the code completes the sign-in', async () => {
    const { email, totpURI } = await enrolled();
    const who = browser();
    const first = await who.post('/sign-in/email', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(await session(who)).toBeNull();

    expect((await who.post('/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    expect(await session(who)).toBeNull();
    const done = await who.post('/two-factor/verify-totp', { code: await totpCode(totpURI) });
    expect(done.status, done.text).toBe(200);
    expect((await session(who))?.user.email).toBe(email);
  });

  it('the two-factor secret is stored encrypted, never as the authenticator shows it', async () => {
    const { userId, totpURI } = await enrolled();
    const secret = new URL(totpURI).searchParams.get('secret')!;
    const [row] = await sql`select secret from auth_two_factors where user_id = ${userId}`;
    expect(row!.secret).not.toContain(secret);
  });
});

describe('CSRF and rate limits', () => {
  it('a POST from another origin, with the session cookie, is refused and changes nothing', async () => {
    const { who } = await signedUp();
    const cookies = who.cookies();
    // The attacker's page posts from its own origin; the browser adds the victim's cookie.
    const forged = await sendRequest('POST', '/api/auth/two-factor/enable', {
      headers: { origin: 'https://evil.example', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: { password: PASSWORD },
    });
    expect(forged.status).toBe(403);
    expect(
      await sql`select id from auth_two_factors where user_id = (
      select user_id from auth_sessions where token = ${cookies.get('mp.session_token')!.split('.')[0]!})`,
    ).toHaveLength(0);
  });

  it('the sixth sign-in within a minute from one address is refused with 429', async () => {
    const { email } = await signedUp();
    const who = browser({ peer: '198.51.100.23' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await who.post('/sign-in/email', { email, password: 'wrong password 1' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address is not held back by it.
    const other = browser({ peer: '198.51.100.24' });
    expect((await other.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('bad input to the sign-in endpoints', () => {
  it('is a 4xx in the error shape and changes nothing: NUL, lone surrogates, deep JSON, huge, not JSON', async () => {
    const email = `bad-${crypto.randomUUID()}@shop.test`;
    const who = browser();
    const cases: [unknown, number][] = [
      [{ name: 'Ama\u0000', email, password: PASSWORD }, 422],
      [{ name: 'Ama\ud800', email, password: PASSWORD }, 422],
      [{ name: 'Ama', email: `${email}\u0000`, password: PASSWORD }, 422],
      [JSON.stringify({ name: 'Ama', email, password: PASSWORD, x: JSON.parse('['.repeat(40) + ']'.repeat(40)) }), 422],
      ['{"name": "Ama", "email":', 400],
      [JSON.stringify({ name: 'x'.repeat(1_100_000), email, password: PASSWORD }), 413],
    ];
    for (const [body, status] of cases) {
      const res = await who.post('/sign-up/email', body);
      expect(res.status, res.text.slice(0, 200)).toBe(status);
      expectErrorShape(res.body);
    }
    expect(await sql`select id from auth_users where email = ${email}`).toHaveLength(0);
    const verify = await who.get(`/verify-email?token=${encodeURIComponent('a\u0000b')}`);
    expect(verify.status).toBe(422);
    expectErrorShape(verify.body);
  });
});

describe("the dashboard's sign-up form", () => {
  it('refuses text PostgreSQL cannot store, naming the field, before anything is written', async () => {
    const email = `form-${crypto.randomUUID()}@shop.test`;
    const form = { name: 'Ama', business: 'Ama Foods', email, password: PASSWORD };
    const headers = new Headers({ [PEER_HEADER]: peerStamp('10.9.8.7') });
    for (const field of ['name', 'business', 'password'] as const) {
      expect(await signUp({ ...form, [field]: `${form[field]}\u0000` }, headers)).toEqual({
        ok: false,
        problem: 'invalid_input',
        field,
      });
    }
    expect(await sql`select id from auth_users where email = ${email}`).toHaveLength(0);
    expect(await signUp(form, headers)).toMatchObject({ ok: true, next: '/verify-email' });
    expect(await signUp(form, headers)).toEqual({ ok: false, problem: 'email_taken', field: 'email' });
  });

  it("sets up the new owner's authenticator at once, without the password again: a QR code drawn here", async () => {
    const email = `owner-${crypto.randomUUID()}@shop.test`;
    const made = await signUp(
      { name: 'Ama', business: 'Ama Foods', email, password: PASSWORD },
      new Headers({ [PEER_HEADER]: peerStamp('10.9.8.6') }),
    );
    if (!made.ok || !made.enrolment) throw new Error(JSON.stringify(made));
    expect(made.next).toBe('/verify-email');
    expect(made.enrolment.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(made.enrolment.backupCodes).toHaveLength(10);
    const secret = new URL(made.enrolment.totpURI).searchParams.get('secret');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // The secret is kept (not on until the first code), and the confirmation mail is on its way.
    const [user] = await sql<
      { id: string }[]
    >`select id, email_verified, two_factor_enabled from auth_users where email = ${email}`;
    expect(user).toMatchObject({ email_verified: false, two_factor_enabled: false });
    expect(await sql`select verified from auth_two_factors where user_id = ${user!.id}`).toEqual([{ verified: false }]);
    const [mail] = await sql<{ text: string }[]>`select text from mail_outbox where "to" = ${email}`;
    expect(mail!.text).toContain(`${APP_ORIGIN}/api/auth/verify-email?token=`);
    expect(mail!.text).toContain(`callbackURL=${encodeURIComponent('/dashboard')}`);
  });

  it.each([
    ['a right-to-left override in the name', { name: 'Ama \u202Eoof' }, 'name'],
    ['an isolate in the business', { business: 'Shop \u2066x\u2069' }, 'business'],
    ['a line break', { name: 'Ama\nOwusu' }, 'name'],
    ['a web address', { business: 'Pay at https://evil.example' }, 'business'],
    ['a name of 101 characters', { name: 'a'.repeat(101) }, 'name'],
  ])('refuses %s, writing nothing', async (_what, change, field) => {
    const email = `names-${crypto.randomUUID()}@shop.test`;
    const form = { name: 'Ama', business: 'Ama Foods', email, password: PASSWORD, ...change };
    expect(await signUp(form, new Headers({ [PEER_HEADER]: peerStamp('10.9.8.5') }))).toEqual({
      ok: false,
      problem: 'invalid_input',
      field,
    });
    expect(await sql`select id from auth_users where email = ${email}`).toHaveLength(0);
  });

  it('refuses a password that is long but easy to guess, on every way in', async () => {
    const email = `weak-${crypto.randomUUID()}@shop.test`;
    const headers = new Headers({ [PEER_HEADER]: peerStamp('10.9.8.4') });
    for (const password of ['aaaaaaaaaaaa', 'password2024!', '123456789012', `${email.split('@')[0]}!!`]) {
      expect(await signUp({ name: 'Ama', business: 'Ama Foods', email, password }, headers)).toMatchObject({
        ok: false,
        problem: password.length < 12 ? 'invalid_input' : 'weak_password',
      });
      const res = await browser().post('/sign-up/email', { name: 'Ama', email, password });
      expect(res.status, password).toBe(400);
    }
    expect(await sql`select id from auth_users where email = ${email}`).toHaveLength(0);
  });
});
