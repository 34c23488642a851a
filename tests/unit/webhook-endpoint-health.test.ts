import { describe, expect, it } from 'vitest';
import { endpointHealth, type FinishedAttempt } from '../../lib/notifications/webhooks/record';
import type { ClaimedDelivery } from '../../lib/notifications/webhooks/claim';

/**
 * Attempts recorded together leave each endpoint where recording them one by one would have: the
 * fold behind a batch's one health update per endpoint.
 */

const T0 = Date.parse('2026-11-24T10:00:00Z');
function attempt(endpointId: string, second: number, statusCode: number | null): FinishedAttempt {
  return {
    delivery: { id: crypto.randomUUID(), endpointId } as ClaimedDelivery,
    result: {
      statusCode,
      error: statusCode === null ? 'timeout' : null,
      latencyMs: 1,
      responseBody: null,
      retryAfterSeconds: null,
    },
    at: new Date(T0 + second * 1000),
  };
}
const at = (second: number) => new Date(T0 + second * 1000);

describe('endpointHealth', () => {
  it('successes only: the last success, nothing failing', () => {
    const [health] = endpointHealth([attempt('a', 2, 200), attempt('a', 1, 204)]);
    expect(health).toMatchObject({ lastSuccessAt: at(2), failingFrom: null, gone: null });
  });

  it('failures only: failing from the first, kept from before the batch (not restarted)', () => {
    const [health] = endpointHealth([attempt('a', 3, 500), attempt('a', 1, null)]);
    expect(health).toMatchObject({ lastSuccessAt: null, failingFrom: at(1), restarted: false });
    expect(health!.lastFailure!.at).toEqual(at(3));
  });

  it('a failure after a success: failing from that failure, restarted (an older failing_since no longer counts)', () => {
    const [health] = endpointHealth([
      attempt('a', 1, 500),
      attempt('a', 2, 200),
      attempt('a', 3, 503),
      attempt('a', 4, 500),
    ]);
    expect(health).toMatchObject({ lastSuccessAt: at(2), failingFrom: at(3), restarted: true });
  });

  it('a success after failures: healthy again', () => {
    const [health] = endpointHealth([attempt('a', 1, 500), attempt('a', 2, 200)]);
    expect(health).toMatchObject({ lastSuccessAt: at(2), failingFrom: null, lastFailure: null });
  });

  it('a 410 marks the endpoint gone from its first one, whatever else happened', () => {
    const [health] = endpointHealth([attempt('a', 1, 200), attempt('a', 2, 410), attempt('a', 3, 410)]);
    expect(health).toMatchObject({ lastSuccessAt: at(1), gone: at(2), failingFrom: null });
  });

  it('each endpoint separately', () => {
    const health = endpointHealth([attempt('a', 1, 200), attempt('b', 1, 500)]);
    expect(health.map((h) => [h.endpointId, h.failingFrom === null])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });
});
