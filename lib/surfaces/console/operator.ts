import { eq } from 'drizzle-orm';
import { getDb, type Db } from '../../platform/db/client';
import { authUsers } from '../../platform/db/schema';
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
export type NoOperator = 'signed_out' | 'not_operator' | 'two_factor_required';

/** Read from the table, not the session cookie: a revoked operator stops at their next request. */
export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ operator: authUsers.operator }).from(authUsers).where(eq(authUsers.id, userId));
  return row?.operator === true;
}

/** The person with their operator flag, for the pages that treat operators apart (two-factor enrolment). */
export async function withOperatorFlag(person: Person): Promise<Person & { user: { operator: boolean } }> {
  return { ...person, user: { ...person.user, operator: await isOperator(getDb(), person.user.id) } };
}

export async function operatorContext(
  headers: Headers,
): Promise<{ ok: true; ctx: OperatorCtx } | { ok: false; reason: NoOperator; person?: Person }> {
  const person = await currentPerson(headers);
  if (!person) return { ok: false, reason: 'signed_out' };
  const db = getDb();
  if (!(await isOperator(db, person.user.id))) return { ok: false, reason: 'not_operator', person };
  if (!person.user.twoFactor) return { ok: false, reason: 'two_factor_required', person };
  return {
    ok: true,
    ctx: { db, person, address: addressOf(headers), userAgent: headers.get('user-agent') },
  };
}
