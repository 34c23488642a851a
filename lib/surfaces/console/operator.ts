import { getDb, type Db } from '../../platform/db/client';
import { addressOf, currentPerson, type Person } from '../dashboard/people';

/**
 * Who is acting in the operator console: a signed-in person whose account is an operator's (set only
 * from the command line, `npm run operator:create`), with two-factor on. Every console page and every
 * console action starts here; anyone else gets a reason, never the data.
 */
export interface OperatorCtx {
  db: Db;
  person: Person;
  /** Where the request came from, as the API resolves it (for the audit log). */
  address: string;
  userAgent: string | null;
}

/** Why there is no operator: the page redirects (signed out, no two-factor) or refuses (not an operator). */
export type NoOperator = 'signed_out' | 'not_operator' | 'email_unverified' | 'two_factor_required';

export async function operatorContext(
  headers: Headers,
): Promise<{ ok: true; ctx: OperatorCtx } | { ok: false; reason: NoOperator; person?: Person }> {
  const person = await currentPerson(headers);
  if (!person) return { ok: false, reason: 'signed_out' };
  // The flag comes with the session's user row, read from the table on every request (no cookie
  // cache): a revoked operator stops at their next request.
  if (!person.user.operator) return { ok: false, reason: 'not_operator', person };
  const db = getDb();
  if (!person.user.emailVerified) return { ok: false, reason: 'email_unverified', person };
  if (!person.user.twoFactor) return { ok: false, reason: 'two_factor_required', person };
  return {
    ok: true,
    ctx: { db, person, address: addressOf(headers), userAgent: headers.get('user-agent') },
  };
}
