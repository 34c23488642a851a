import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CATALOG, EVENT_TYPES } from '@/lib/notifications/events/catalog';
import { PAYOUT_STATUSES } from '@/lib/platform/vocabulary';
import { CHECKOUT_TRANSITIONS } from '@/lib/checkout/state-machine';
import { FEE_OPERATIONS } from '@/lib/platform/settings/fee-schedule';
import { docFiles } from '../support/doc-files';

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
    // The policy table and the actions name audit lines the same way (`payment_account.create`): not events.
    if (/lib\/surfaces\/(dashboard|console)\/actions\/|lib\/access\/policy\.ts$/.test(file)) continue;
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

  it('says what causes every event, in a sentence (the webhook reference at /docs shows it)', () => {
    for (const type of EVENT_TYPES) expect(EVENT_CATALOG[type], type).toMatch(/^[A-Z][^\n]{10,}[^.\s]$/);
  });

  it('holds every event the docs name (the docs keep no list of their own)', () => {
    const named = docFiles().flatMap((file) =>
      [...inlineCode(fs.readFileSync(file, 'utf8'))]
        .filter((code) => EVENT_NAME.test(code) && !(FEE_OPERATIONS as readonly string[]).includes(code))
        .map((code) => `${path.relative(root, file)}: ${code}`),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((entry) => !(entry.split(': ')[1]! in EVENT_CATALOG))).toEqual([]);
  });
});

/** An event identifier as the docs write one: a resource the catalogue knows, a dot, a name (fee operations such as `payout.bank_transfer` look the same). */
const EVENT_NAME = new RegExp(`^(${[...new Set(EVENT_TYPES.map((t) => t.split('.')[0]))].join('|')})\\.[a-z_]+$`);

/** The text of every inline code span, outside fenced blocks. */
function* inlineCode(markdown: string): Generator<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of prose.matchAll(/`([^`\n]+)`/g)) yield match[1]!;
}
