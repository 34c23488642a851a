import { describe, expect, it } from 'vitest';
import { writeThroughOutage } from '../../lib/platform/db/through-outage';

/** A write that fails like postgres.js does while the server is away, `times` times, then succeeds. */
function flaky(times: number, code = 'ECONNREFUSED') {
  let calls = 0;
  const write = async () => {
    calls++;
    if (calls <= times) throw Object.assign(new Error('connect failed'), { code });
    return 'written';
  };
  return { write, calls: () => calls };
}

describe('writeThroughOutage', () => {
  it('writes again while the database is away, until it is back', async () => {
    const { write, calls } = flaky(3);
    await expect(writeThroughOutage(write, 10_000)).resolves.toBe('written');
    expect(calls()).toBe(4);
  });

  it('a broken connection (a failover under the statement) counts as an outage too', async () => {
    const { write, calls } = flaky(1, 'CONNECTION_CLOSED');
    await expect(writeThroughOutage(write, 10_000)).resolves.toBe('written');
    expect(calls()).toBe(2);
  });

  it('any other failure (a constraint, a bug) is thrown at once, not repeated', async () => {
    const { write, calls } = flaky(1, '23505');
    await expect(writeThroughOutage(write, 10_000)).rejects.toThrow('connect failed');
    expect(calls()).toBe(1);
  });

  it('an outage longer than the window ends in its failure', async () => {
    const { write, calls } = flaky(100);
    const started = Date.now();
    await expect(writeThroughOutage(write, 1_000)).rejects.toThrow('connect failed');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(calls()).toBeGreaterThan(1);
  });
});
