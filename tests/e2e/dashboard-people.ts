import crypto from 'node:crypto';
import http from 'node:http';
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
 * A loopback address of this person's own (all of 127.0.0.0/8 reaches the server on this machine):
 * the sign-in library's limits count per address, and every test signs people up. Only requests
 * this process sends can choose their source; a browser's come from 127.0.0.1.
 */
const ownLoopback = () => `127.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`;

/** A JSON POST to /api/auth from `address`, as a browser on the app's own origin would send it. */
function send(path: string, body: string, address: string, cookie?: string) {
  const url = new URL(`${baseUrl()}/api/auth${path}`);
  return new Promise<{ status: number; text: string; cookies: string[] }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: address,
        headers: { 'content-type': 'application/json', origin: baseUrl(), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, cookies: res.headers['set-cookie'] ?? [] }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function post(path: string, body: unknown, address: string, cookie?: string) {
  const res = await send(path, JSON.stringify(body), address, cookie);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text}`);
  const session = res.cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('mp.session_token='));
  return { body: JSON.parse(res.text), cookie: session ?? cookie };
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
  const address = ownLoopback();
  const signUp = await post('/sign-up/email', { name: `${role} person`, email, password: PASSWORD }, address);
  const userId = signUp.body.user.id as string;
  await sql()`insert into auth_members (organization_id, user_id, role) values (${merchantId}, ${userId}, ${role})`;
  // As if the confirmation link had been opened (dashboard-sign-in.spec.ts opens it for real).
  await sql()`update auth_users set email_verified = true where id = ${userId}`;
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
