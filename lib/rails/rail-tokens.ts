import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { railTokens } from '../platform/db/schema';
import { getDb } from '../platform/db/client';
import type { DarajaTokenStore } from './providers/mpesa';

/**
 * The Daraja token store of the service: one row in `rail_tokens` per Daraja app, read and claimed in
 * single statements (nothing is held open while the token is fetched).
 */
export function railTokenStore(rail: string, baseUrl: string, consumerKey: string): DarajaTokenStore {
  const app = `${rail}:${crypto.createHash('sha256').update(`${baseUrl}\n${consumerKey}`).digest('hex').slice(0, 32)}`;
  return {
    async read() {
      const [row] = await getDb()
        .select({ token: railTokens.token, usableUntil: railTokens.usableUntil })
        .from(railTokens)
        .where(sql`${railTokens.app} = ${app}`);
      return row?.token && row.usableUntil ? { token: row.token, usableUntil: row.usableUntil } : null;
    },
    async claim(ms, seen) {
      const claimed = await getDb().execute(sql`
        insert into ${railTokens} as t (app, claimed_until) values (${app}, now() + ${ms} * interval '1 millisecond')
        on conflict (app) do update set claimed_until = excluded.claimed_until, updated_at = now()
          where (t.claimed_until is null or t.claimed_until < now()) and t.token is not distinct from ${seen}
        returning app`);
      return claimed.length > 0;
    },
    async save(token) {
      await getDb()
        .update(railTokens)
        .set({
          ...(token && { token: token.token, usableUntil: token.usableUntil }),
          claimedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(sql`${railTokens.app} = ${app}`);
    },
  };
}
