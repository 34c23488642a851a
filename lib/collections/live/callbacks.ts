import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { attemptOfCallback } from '../../rails/callback-address';
import { onLiveCallback } from './mobile-money';

/** A provider's callback: an address we issued (else 404), then the status query (mobile-money.ts). */
export async function receiveMobileMoneyCallback(db: Db, token: string, body: unknown) {
  const attemptId = attemptOfCallback(token);
  if (!attemptId) throw notFound('Callback address');
  return { provider_status: await onLiveCallback(db, attemptId, body) };
}
