import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { MemberRole } from '../../lib/platform/vocabulary';
import { testSql } from './database';
import { newMerchant, type Merchant } from './fixtures';
import { browser, totpCode, type Browser } from './people';

/**
 * People of a merchant's team, signed in through better-auth's real endpoints: each has a browser
 * (cookie jar, own address), a role in the merchant, and two-factor when their role needs it (or
 * when asked). `headers()` is what a server action of theirs would see.
 */
const sql = testSql();
export const PASSWORD = 'correct horse battery staple';

export interface Member {
  userId: string;
  email: string;
  role: MemberRole;
  who: Browser;
  totpURI: string | null;
  headers: () => Headers;
}

/**
 * A person signed up through the endpoint, with their email confirmed (as the link in their mail
 * would; tests/integration/people/ follow the link itself), unless `confirmed` is false.
 */
export async function signedUpPerson(name = 'Ama Owusu', options: { confirmed?: boolean } = {}) {
  const who = browser();
  const email = `person-${crypto.randomUUID()}@shop.test`;
  const res = await who.post('/sign-up/email', { name, email, password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  const userId = (res.body as { user: { id: string } }).user.id;
  if (options.confirmed !== false) await sql`update auth_users set email_verified = true where id = ${userId}`;
  return { who, email, userId };
}

/** TOTP enrolment through the endpoints; the browser holds the new session it gives. */
export async function enrol(who: Browser): Promise<string> {
  const enabled = await who.post('/two-factor/enable', { password: PASSWORD });
  expect(enabled.status, enabled.text).toBe(200);
  const { totpURI } = enabled.body as { totpURI: string };
  const verified = await who.post('/two-factor/verify-totp', { code: await totpCode(totpURI) });
  expect(verified.status, verified.text).toBe(200);
  return totpURI;
}

/** A new person with `role` in the merchant; two-factor for owners and admins (they need it), or on request. */
export async function memberOf(
  merchantId: string,
  role: MemberRole,
  options: { twoFactor?: boolean } = {},
): Promise<Member> {
  const person = await signedUpPerson(`${role} person`);
  await sql`insert into auth_members (organization_id, user_id, role) values (${merchantId}, ${person.userId}, ${role})`;
  const twoFactor = options.twoFactor ?? (role === 'owner' || role === 'admin');
  const totpURI = twoFactor ? await enrol(person.who) : null;
  return { ...person, role, totpURI, headers: () => person.who.headers() };
}

/** Everyone a merchant's team can hold, one of each role. */
export async function teamOf(merchantId: string) {
  const [owner, admin, developer, viewer] = await Promise.all(
    (['owner', 'admin', 'developer', 'viewer'] as const).map((role) => memberOf(merchantId, role)),
  );
  return { owner: owner!, admin: admin!, developer: developer!, viewer: viewer! };
}
export type Team = Awaited<ReturnType<typeof teamOf>>;

/** A merchant onboarded by the operator (with its API key caller) and its team. */
export async function merchantWithTeam(): Promise<{ merchant: Merchant; team: Team }> {
  const merchant = await newMerchant();
  return { merchant, team: await teamOf(merchant.id) };
}

/** As if the member had just given a second factor (step-up), without spending a code. */
export async function steppedUp(member: Member): Promise<void> {
  await sql`update auth_sessions set step_up_at = now() where user_id = ${member.userId}`;
}

export async function stepUpExpired(member: Member): Promise<void> {
  await sql`update auth_sessions set step_up_at = now() - interval '6 minutes' where user_id = ${member.userId}`;
}
