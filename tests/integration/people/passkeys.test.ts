import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../lib/access/people/auth';
import { addPasskey, addPasskeyInput } from '../../../lib/access/people/passkeys';
import { relyingParty } from '../../../lib/access/people/passkeys-options';
import { getDb } from '../../../lib/platform/db/client';
import { runPasskeyAction } from '../../../app/(people)/dashboard/[mode]/settings/security/passkey-actions';
import { testSql } from '../../support/database';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { memberOf, steppedUp, stepUpExpired, type Member } from '../../support/members';
import { APP_ORIGIN, browser } from '../../support/people';
import { softwareAuthenticator, type Tamper } from './passkeys-authenticator';

/**
 * Passkeys on the real endpoints and database, with a software authenticator: added from the
 * Security page's actions (step-up, the audit line in the same transaction), used to sign in over
 * /api/auth (both factors at once), refused when the origin, the challenge, the relying party or user
 * verification is wrong, deleted only by their owner; the library's own passkey changes are closed
 * over HTTP, and passkeys are not offered where the public URL is an IP address.
 */
const sql = testSql();
const authenticator = softwareAuthenticator(APP_ORIGIN);
let merchant: Merchant;
let owner: Member;

beforeAll(async () => {
  merchant = await newMerchant();
  owner = await memberOf(merchant.id, 'owner');
}, 60_000);

/** The member's request headers plus the cookies an answer set (what a browser would send next). */
function withCookies(headers: Headers, setCookies: string[]): Headers {
  const next = new Headers(headers);
  const pairs = setCookies.map((line) => line.split(';')[0]!);
  next.set('cookie', [next.get('cookie'), ...pairs].filter(Boolean).join('; '));
  return next;
}

/** The ceremony's first step as the Security page's action runs it in-process, with the challenge cookie kept. */
async function registrationOptions(member: Member) {
  const answer = await auth().api.generatePasskeyRegistrationOptions({
    headers: member.headers(),
    returnHeaders: true,
  });
  return { options: answer.response, headers: withCookies(member.headers(), answer.headers.getSetCookie()) };
}

const add = (headers: Headers, form: Record<string, string>) =>
  runPasskeyAction('addPasskey', headers, { mode: 'test', ...form });

async function registered(member: Member, name = 'Work laptop', tamper: Tamper = {}) {
  await steppedUp(member);
  const { options, headers } = await registrationOptions(member);
  const credential = authenticator.create(options, tamper);
  const outcome = await add(headers, { name, response: JSON.stringify(credential) });
  return { outcome, credential };
}

const passkeysOf = (userId: string) =>
  sql<{ id: string; name: string | null; counter: string; last_used_at: Date | null }[]>`
    select id, name, counter, last_used_at from auth_passkeys where user_id = ${userId} order by created_at`;
const auditOf = (action: string, userId: string) =>
  sql<{ merchant_id: string; target: string; details: Record<string, unknown> }[]>`
    select merchant_id, target, details from audit_log where action = ${action} and user_id = ${userId}`;

/** Signing in with a passkey over HTTP, as the sign-in page does; `tamper` spoils the browser's answer. */
async function signInWith(credentialId: string, tamper: Tamper = {}, who = browser()) {
  const options = await who.get('/passkey/generate-authenticate-options');
  expect(options.status, options.text).toBe(200);
  const answer = authenticator.get(credentialId, options.body as { challenge: string }, tamper);
  const verified = await who.post('/passkey/verify-authentication', { response: answer });
  const session = (await who.get('/get-session')).body as { user: { id: string } } | null;
  return { verified, session, who, answer };
}

describe('adding a passkey and signing in with it', () => {
  it('added with step-up, audited in the active business, then signs in with no code', async () => {
    const { outcome, credential } = await registered(owner);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true, data: { name: 'Work laptop' } });
    const [row] = await passkeysOf(owner.userId);
    expect(row).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(await auditOf('passkey.create', owner.userId)).toEqual([
      { merchant_id: merchant.id, target: row!.id, details: { name: 'Work laptop' } },
    ]);

    // The owner has TOTP: a password sign-in would ask for a code; the passkey stands for both factors.
    const { verified, session } = await signInWith(credential.id);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).not.toHaveProperty('twoFactorRedirect');
    expect(session?.user.id).toBe(owner.userId);
    const [used] = await passkeysOf(owner.userId);
    expect(Number(used!.counter)).toBe(1);
    expect(used!.last_used_at).not.toBeNull();
  });

  it('an answer cannot be replayed: its challenge is spent', async () => {
    const member = await memberOf(merchant.id, 'admin');
    const { credential } = await registered(member, 'Phone');
    const first = await signInWith(credential.id);
    expect(first.verified.status).toBe(200);
    const again = browser();
    await again.get('/passkey/generate-authenticate-options');
    expect((await again.post('/passkey/verify-authentication', { response: first.answer })).status).toBe(400);
  });

  it('without a fresh second factor nothing starts and nothing is added', async () => {
    const member = await memberOf(merchant.id, 'developer', { twoFactor: true });
    await stepUpExpired(member);
    const started = await runPasskeyAction('startPasskey', member.headers(), { mode: 'test', name: 'Key' });
    expect(started).toMatchObject({ ok: false, code: 'step_up_required' });
    const { options, headers } = await registrationOptions(member);
    await stepUpExpired(member);
    const outcome = await add(headers, { response: JSON.stringify(authenticator.create(options)) });
    expect(outcome).toMatchObject({ ok: false, code: 'step_up_required' });
    expect(await passkeysOf(member.userId)).toHaveLength(0);
  });

  it('the start action, stepped up, answers the options for this relying party, resident and verifying', async () => {
    await steppedUp(owner);
    const started = await runPasskeyAction('startPasskey', owner.headers(), { mode: 'test', name: 'Key' });
    expect(started).toMatchObject({
      ok: true,
      data: {
        rp: { id: 'api.payments.test' },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
      },
    });
  });
});

describe('refused answers leave nothing behind', () => {
  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another challenge', { challenge: crypto.randomBytes(32).toString('base64url') }],
    ['another relying party', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
  ] as const)('registration with %s', async (_what, tamper) => {
    const member = await memberOf(merchant.id, 'admin');
    const { outcome } = await registered(member, 'Bad', tamper);
    expect(outcome).toMatchObject({ ok: false, code: 'validation_error', fields: [{ field: 'response' }] });
    expect(await passkeysOf(member.userId)).toHaveLength(0);
    expect(await auditOf('passkey.create', member.userId)).toHaveLength(0);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['another challenge', { challenge: crypto.randomBytes(32).toString('base64url') }],
    ['another relying party', { rpId: 'evil.example' }],
    ['no user verification', { userVerified: false }],
  ] as const)('sign-in with %s', async (_what, tamper) => {
    const member = await memberOf(merchant.id, 'admin');
    const { credential } = await registered(member, 'Laptop');
    const { verified, session } = await signInWith(credential.id, tamper);
    expect(verified.status).toBeGreaterThanOrEqual(400);
    expect(verified.status).toBeLessThan(500);
    expect(session).toBeNull();
  });

  it('text that is not a WebAuthn answer is a validation error naming the field', async () => {
    await steppedUp(owner);
    for (const response of ['not json', '{"id":"x"}', 'x'.repeat(20_001)]) {
      const outcome = await add(owner.headers(), { response });
      expect(outcome).toMatchObject({ ok: false, code: 'validation_error' });
      const fields = (outcome as { fields: { field: string }[] }).fields.map((f) => f.field);
      expect(fields.length).toBeGreaterThan(0);
      expect(
        fields.every((f) => f.startsWith('response')),
        fields.join(),
      ).toBe(true);
    }
  });

  it('the passkey and its audit line commit together: a rolled-back transaction keeps neither', async () => {
    const member = await memberOf(merchant.id, 'admin');
    const { options, headers } = await registrationOptions(member);
    const input = addPasskeyInput.parse({ response: JSON.stringify(authenticator.create(options)) });
    await expect(
      getDb().transaction(async (tx) => {
        await addPasskey(tx, headers, input);
        expect(await passkeysOf(member.userId)).toHaveLength(0); // not visible outside the transaction
        throw new Error('the audit line failed');
      }),
    ).rejects.toThrow('the audit line failed');
    expect(await passkeysOf(member.userId)).toHaveLength(0);
  });
});

describe('deleting', () => {
  it('someone else’s passkey is not found and stays; one’s own goes, with its audit line, and no longer signs in', async () => {
    const member = await memberOf(merchant.id, 'viewer', { twoFactor: true });
    const { credential } = await registered(member, 'Tablet');
    const [mine] = await passkeysOf(member.userId);
    const other = await memberOf(merchant.id, 'admin');
    await steppedUp(other);
    const form = { mode: 'test', passkey_id: mine!.id };
    expect(await runPasskeyAction('deletePasskey', other.headers(), form)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    expect(await passkeysOf(member.userId)).toHaveLength(1);

    await stepUpExpired(member);
    expect(await runPasskeyAction('deletePasskey', member.headers(), form)).toMatchObject({ code: 'step_up_required' });
    await steppedUp(member);
    expect(await runPasskeyAction('deletePasskey', member.headers(), form)).toMatchObject({ ok: true });
    expect(await passkeysOf(member.userId)).toHaveLength(0);
    expect(await auditOf('passkey.delete', member.userId)).toEqual([
      { merchant_id: merchant.id, target: mine!.id, details: { name: 'Tablet' } },
    ]);
    const { verified, session } = await signInWith(credential.id);
    expect(verified.status).toBe(401);
    expect(session).toBeNull();
  });

  it('an id that is not a UUID is a validation error; an unknown name is refused', async () => {
    await steppedUp(owner);
    expect(await runPasskeyAction('deletePasskey', owner.headers(), { mode: 'test', passkey_id: 'x' })).toMatchObject({
      code: 'validation_error',
    });
    expect(await runPasskeyAction('listEverything', owner.headers(), { mode: 'test' })).toMatchObject({
      code: 'route_not_found',
    });
  });
});

describe('over HTTP', () => {
  it('the library’s own passkey changes answer 404; signing in is offered', async () => {
    const who = owner.who;
    for (const [method, path] of [
      ['GET', '/passkey/generate-register-options'],
      ['POST', '/passkey/verify-registration'],
      ['GET', '/passkey/list-user-passkeys'],
      ['POST', '/passkey/delete-passkey'],
      ['POST', '/passkey/update-passkey'],
    ] as const) {
      const res = method === 'GET' ? await who.get(path) : await who.post(path, { id: crypto.randomUUID() });
      expect(res.status, path).toBe(404);
    }
    expect((await browser().get('/passkey/generate-authenticate-options')).status).toBe(200);
  });

  it('the sixth passkey answer within a minute from one address is refused with 429', async () => {
    const who = browser({ peer: '198.51.100.77' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await who.post('/passkey/verify-authentication', { response: { id: 'x' } })).status);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe('where passkeys are offered', () => {
  it('at a domain name; never at an IP address', () => {
    expect(relyingParty('https://pay.example.com')).toEqual({
      available: true,
      id: 'pay.example.com',
      origin: 'https://pay.example.com',
    });
    expect(relyingParty('http://localhost:3000')).toMatchObject({ available: true, id: 'localhost' });
    expect(relyingParty('http://127.0.0.1:3000')).toEqual({
      available: false,
      reason: 'ip_address',
      host: '127.0.0.1',
    });
    expect(relyingParty('http://[::1]:3000')).toEqual({ available: false, reason: 'ip_address', host: '::1' });
  });
});
