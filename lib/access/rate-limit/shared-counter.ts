import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { failureFields } from '../../platform/db/unavailable';
import { log } from '../../platform/log';
import type { WindowCount } from './limit';

/**
 * A fixed-window counter counted in this process and settled with PostgreSQL in batches, as large API
 * gateways count: a request costs no database write. Each instance adds what it counted to the shared
 * row (`rate_limit_counters`) every `settleMs`, in one statement for every bucket, and learns the total
 * from every instance in the same answer. A bucket this process has not seen yet in the current window
 * settles at once, so its first request knows what the others counted.
 *
 * What it gives up: between two settlements an instance does not see the other instances' hits, so a
 * bucket can pass its limit by at most what the *other* instances admit in one interval (with one
 * instance, never). Hits counted but not yet settled are lost if the process dies (at most one
 * interval's). Windows are cut by the app's clock: instances must keep their clocks in step (NTP).
 */
interface Count {
  bucket: string;
  /** The window's start, in seconds since the epoch. */
  window: number;
  /** The shared total at the last settlement (every instance, this one included). */
  shared: number;
  /** Counted here since then. */
  pending: number;
}

export class SharedWindowCounter {
  private counts = new Map<string, Count>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private settling: Promise<void> | null = null;

  constructor(
    private readonly windowSeconds: number,
    private readonly settleMs: number,
  ) {}

  /** Counts one hit and answers the hits so far in the window (this one included). */
  async hit(db: Db, bucket: string, now = Date.now()): Promise<WindowCount> {
    const window = Math.floor(now / 1000 / this.windowSeconds) * this.windowSeconds;
    const key = `${bucket}\u0000${window}`;
    let count = this.counts.get(key);
    const first = !count;
    if (!count) this.counts.set(key, (count = { bucket, window, shared: 0, pending: 0 }));
    count.pending++;
    if (first) await this.settle(db);
    else this.schedule(db);
    const resetSeconds = Math.max(1, Math.ceil(window + this.windowSeconds - now / 1000));
    return { hits: count.shared + count.pending, resetSeconds };
  }

  /** Adds every pending count to the shared rows now (tests, and before the process stops). */
  async settle(db: Db): Promise<void> {
    // One settlement at a time; a hit that arrives meanwhile waits for the next one.
    while (this.settling) await this.settling;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.counts.values()].filter((c) => c.pending > 0);
    if (batch.length === 0) return;
    const sent = batch.map((c) => c.pending);
    for (const c of batch) c.pending = 0;
    this.settling = (async () => {
      try {
        const rows = await db.execute<{ bucket: string; window: string; hits: number }>(sql`
          insert into rate_limit_counters as c (bucket, window_start, hits)
          select b, to_timestamp(w), n
          from unnest(${sql.param(batch.map((c) => c.bucket))}::text[], ${sql.param(batch.map((c) => c.window))}::bigint[], ${sql.param(sent)}::int[]) as t(b, w, n)
          on conflict (bucket, window_start) do update set hits = c.hits + excluded.hits
          returning bucket, extract(epoch from window_start)::bigint::text as window, hits`);
        for (const row of rows) {
          const count = this.counts.get(`${row.bucket}\u0000${Number(row.window)}`);
          if (count) count.shared = row.hits;
        }
      } catch (error) {
        // Not counted this time: put them back for the next settlement (the limit must not forget them).
        batch.forEach((c, i) => (c.pending += sent[i]!));
        log.warn('rate limit counts not settled', failureFields(error));
      } finally {
        this.settling = null;
      }
      this.forgetPastWindows();
    })();
    await this.settling;
  }

  private schedule(db: Db): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.settle(db), this.settleMs);
    this.timer.unref?.();
  }

  private forgetPastWindows(now = Date.now()): void {
    const current = Math.floor(now / 1000 / this.windowSeconds) * this.windowSeconds;
    for (const [key, count] of this.counts) if (count.window < current && count.pending === 0) this.counts.delete(key);
  }
}
