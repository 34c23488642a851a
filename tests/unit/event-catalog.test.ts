import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOG, EVENT_TYPES } from '@/lib/notifications/events/catalog';
import { PAYOUT_STATUSES } from '@/lib/platform/db/schema';
import { CHECKOUT_TRANSITIONS } from '@/lib/checkout/state-machine';

const root = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** Every event identifier the code can write, found in the source. */
function writtenEventTypes(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'lib'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/eventType: '([a-z_]+\.[a-z_]+)'/g)) found.add(match[1]!);
    for (const match of text.matchAll(/'((?:wallet|payment_account)\.[a-z_]+)'/g)) found.add(match[1]!);
  }
  for (const move of Object.values(CHECKOUT_TRANSITIONS)) if (move.event) found.add(move.event);
  for (const kind of ['withdrawal', 'payout'])
    for (const status of PAYOUT_STATUSES) found.add(`${kind}.${status === 'pending' ? 'created' : status}`);
  return [...found].sort();
}

describe('the event catalogue', () => {
  it('lists every event the code writes (webhook subscriptions accept only catalogued identifiers)', () => {
    const written = writtenEventTypes();
    expect(written.length).toBeGreaterThan(20);
    expect(written.filter((t) => !(t in EVENT_CATALOG))).toEqual([]);
  });

  it('is the README event table, row for row', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const type of EVENT_TYPES) expect(readme).toContain(`| \`${type}\` | ${EVENT_CATALOG[type]} |`);
  });
});
