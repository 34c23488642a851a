import crypto from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { generate } from 'otplib';
import { baseUrl, sql } from './support';

/**
 * People for the dashboard's browser tests, made the quick way: signed up through the sign-in
 * library's real endpoints, given a role in a merchant (its team table), enrolled in two-factor when
 * the role needs it, and their session cookie put in the browser context. The full sign-up and
 * enrolment through the pages is dashboard-sign-in.spec.ts.
 */
export const PASSWORD = 'correct horse battery staple';
export type Role = 'owner' | 'admin' | 'developer' | 'viewer';

/**
 * Every request of this browser context from an address of its own (the e2e server trusts
 * 127.0.0.1 as a proxy): the sign-in limits count per address, and every test signs people up.
 */
export async function ownAddress(context: BrowserContext): Promise<string> {
  const address = `10.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

async function post(path: string, body: unknown, address: string, cookie?: string) {
  const res = await fetch(`${baseUrl()}/api/auth${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: baseUrl(),
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('mp.session_token='));
  return { body: JSON.parse(text), cookie: session ?? cookie };
}

export interface Person {
  email: string;
  userId: string;
  /** The TOTP secret (base32), when enrolled. */
  secret: string | null;
  /** A code for the person's authenticator now (step-up, sign-in). */
  code(): Promise<string>;
}

/** A person with `role` in the merchant, signed in in `context` (two-factor for owners and admins). */
export async function signedInMember(context: BrowserContext, merchantId: string, role: Role): Promise<Person> {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@shop.test`;
  const address = await ownAddress(context);
  const signUp = await post('/sign-up/email', { name: `${role} person`, email, password: PASSWORD }, address);
  const userId = signUp.body.user.id as string;
  await sql()`insert into auth_members (organization_id, user_id, role) values (${merchantId}, ${userId}, ${role})`;
  let cookie = signUp.cookie!;
  let secret: string | null = null;
  if (role === 'owner' || role === 'admin') {
    const enabled = await post('/two-factor/enable', { password: PASSWORD }, address, cookie);
    secret = new URL(enabled.body.totpURI).searchParams.get('secret');
    cookie = (await post('/two-factor/verify-totp', { code: await generate({ secret: secret! }) }, address, cookie))
      .cookie!;
  }
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await context.addCookies([{ name, value, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
  return {
    email,
    userId,
    secret,
    code: async () => {
      if (!secret) throw new Error(`${email} has no authenticator`);
      // A code serves one step-up: wait for the next 30 s window when this one was used.
      return generate({ secret });
    },
  };
}
