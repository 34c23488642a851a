import { eq, sql } from 'drizzle-orm';
import { paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';

/**
 * What the provider last said about an attempt, and when: what an operator reads for attempts left
 * unresolved, and what the transfer sweep uses to pace its questions.
 */
export async function noteProviderAnswer(db: Db, attemptId: string, providerStatus: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({
      providerMetadata: sql`coalesce(${paymentAttempts.providerMetadata}, '{}'::jsonb) || ${JSON.stringify({
        provider_status: providerStatus,
        provider_checked_at: new Date().toISOString(),
      })}::jsonb`,
    })
    .where(eq(paymentAttempts.id, attemptId));
}
