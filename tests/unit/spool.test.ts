import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepInSpool, replaySpool, SPOOL_ENTRY_MAX_BYTES, spoolBacklog } from '../../lib/platform/ops/spool';

const dirs: string[] = [];
const newDir = () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'spool-test-')), 'spool');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

describe('the spool', () => {
  it('keeps entries on disk, readable by the owner only, and applies them oldest first', async () => {
    const dir = newDir();
    await keepInSpool(dir, { n: 1 });
    await keepInSpool(dir, { n: 2 });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.json'))).toBe(true);
    expect(fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect((await spoolBacklog(dir)).waiting).toBe(2);
    const seen: unknown[] = [];
    expect(await replaySpool(dir, async (e) => (seen.push(e), 'applied'))).toBe(2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stop: the entry and those after it wait for the next pass', async () => {
    const dir = newDir();
    await keepInSpool(dir, { n: 1 });
    await keepInSpool(dir, { n: 2 });
    let calls = 0;
    expect(await replaySpool(dir, async () => (calls++, 'stop'))).toBe(0);
    expect(calls).toBe(1);
    expect((await spoolBacklog(dir)).waiting).toBe(2);
  });

  it('later: the entry stays for the next pass, the rest go on', async () => {
    const dir = newDir();
    await keepInSpool(dir, { n: 1 });
    await keepInSpool(dir, { n: 2 });
    const applied = await replaySpool(dir, async (e) => ((e as { n: number }).n === 1 ? 'later' : 'applied'));
    expect(applied).toBe(1);
    expect(await spoolBacklog(dir)).toMatchObject({ waiting: 1, failed: 0 });
  });

  it('failed: set aside in failed/, out of the way of the rest', async () => {
    const dir = newDir();
    await keepInSpool(dir, { n: 1 });
    await keepInSpool(dir, { n: 2 });
    const applied = await replaySpool(dir, async (e) => ((e as { n: number }).n === 1 ? 'failed' : 'applied'));
    expect(applied).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(['failed']);
    expect(fs.readdirSync(path.join(dir, 'failed'))).toHaveLength(1);
    expect(await spoolBacklog(dir)).toMatchObject({ waiting: 0, failed: 1 });
  });

  it('keeps no entry larger than a callback can be, and no more than the limit', async () => {
    const dir = newDir();
    await expect(keepInSpool(dir, { body: 'x'.repeat(SPOOL_ENTRY_MAX_BYTES) })).rejects.toThrow('bytes at most');
    expect(await spoolBacklog(dir)).toMatchObject({ waiting: 0 });
  });

  it('a spool that does not exist yet has nothing waiting', async () => {
    const dir = newDir();
    // The clock moves between the reads of the spool: an empty spool still has no age.
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 5));
    expect(await spoolBacklog(dir)).toEqual({ waiting: 0, oldestSeconds: 0, failed: 0 });
    expect(await replaySpool(dir, async () => 'applied')).toBe(0);
  });
});
