import { type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller, expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * The checkout button (docs/checkout-button.md): the merchant's embed sessions, and the public calls
 * of the button's script, which are bound to the session's token, its allowed origins and its amounts.
 */

export const ORIGIN = 'https://shop.example';
export const TOKEN = /^pk_embed_[A-Za-z0-9_-]{43}$/;

// Every call of this file comes from the same (unknown) address: keep the per-address limits out of
// the way, except where a test lowers them on purpose.
const LIMIT_VARIABLES = [
  'EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_IP_READ_LIMIT_PER_MINUTE',
  'EMBED_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_READ_LIMIT_PER_MINUTE',
];
export const setLimits = (limits: Record<string, string>) => {
  for (const name of LIMIT_VARIABLES) process.env[name] = limits[name] ?? '100000';
  resetConfigForTests();
};
setLimits({});

export const sql = testSql();

export type SessionBody = BodyOf<typeof contract.createEmbedSession>;
export const definition = (extra: Partial<SessionBody> = {}) =>
  ({
    amount: 125.5,
    currency_code: 'GHS',
    description: 'Library fund donation',
    allowed_origins: [ORIGIN],
    meta_data: { campaign: 'library-2026' },
    ...extra,
  }) satisfies SessionBody;

/** The button's script, as a browser on `origin` would call (null: no Origin header at all). */
export const embed = (token: string, origin: string | null = ORIGIN, extra: Record<string, string> = {}) =>
  caller({ 'x-embed-token': token, ...(origin === null ? {} : { origin }), ...extra });

export const checkoutsOfSession = async (sessionId: string) =>
  sql`select c.* from checkouts c join embed_session_checkouts l on l.checkout_id = c.id where l.embed_session_id = ${sessionId}`;

export async function newSession(merchant: Merchant, extra: Partial<SessionBody> = {}) {
  const res = await merchant.call(contract.createEmbedSession, { body: definition(extra) });
  expectStatus(res, 200);
  return res.body.data;
}
