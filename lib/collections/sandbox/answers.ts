import type { Db } from '../../platform/db/client';
import { answerSandboxRequest } from '../../rails/providers/sandbox';
import { onLiveCallback } from '../live/mobile-money';

/**
 * The sandbox provider's simulated customer: they answer a prompt at the sandbox, which then calls
 * back like a real provider, and the service asks the sandbox's status query before it records
 * anything (the same path as a live payment). A prompt answered already calls back nothing.
 */
export async function answerSandboxPrompt(
  db: Db,
  attemptId: string,
  outcome: 'success' | 'declined' | 'insufficient_funds',
): Promise<void> {
  const callback = await answerSandboxRequest(
    db,
    attemptId,
    outcome === 'success' ? { status: 'succeeded' } : { status: 'failed', failure: outcome },
  );
  if (callback) await onLiveCallback(db, attemptId, callback);
}
