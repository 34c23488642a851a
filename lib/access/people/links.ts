import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { authPasskeys, authTwoFactors, authUsers } from '../../platform/db/schema';
import { localPath } from '../../platform/http/local-path';

/**
 * The links people get by mail, built from the configured base URL and the token only, never from a
 * URL a request chose, with the token in the query string (which no log records).
 */
export const resetUrl = (base: string, token: string) => `${base}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * The confirmation link: better-auth's endpoint, then back into the dashboard (or to a path of this
 * site the sign-up named, such as the invitation being accepted), never elsewhere.
 */
export function confirmationUrl(base: string, token: string, libraryUrl: string): string {
  const asked = URL.parse(libraryUrl)?.searchParams.get('callbackURL');
  const next = localPath(asked) ?? '/dashboard';
  const back = next === '/' ? '/dashboard' : next;
  return `${base}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(back)}`;
}

/**
 * A reset link, used, proves the address. If it had never been proved, whatever was set up on the
 * account before (an authenticator, passkeys) may be someone else's who signed up with it first:
 * it goes, and the owner of the address sets up their own.
 */
export async function afterPasswordReset(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ verified: authUsers.emailVerified })
      .from(authUsers)
      .where(eq(authUsers.id, userId))
      .for('update');
    if (!before) return;
    if (!before.verified) {
      await tx.delete(authTwoFactors).where(eq(authTwoFactors.userId, userId));
      await tx.delete(authPasskeys).where(eq(authPasskeys.userId, userId));
    }
    await tx
      .update(authUsers)
      .set({ emailVerified: true, ...(before.verified ? {} : { twoFactorEnabled: false }) })
      .where(and(eq(authUsers.id, userId)));
  });
}
