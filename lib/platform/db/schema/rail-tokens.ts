import { pgTable, text } from 'drizzle-orm/pg-core';
import { moment, updatedAt } from './columns';

/**
 * A live rail's OAuth token, shared by every instance (lib/rails/rail-tokens.ts). Daraja invalidates
 * an app's previous token whenever a new one is issued, so instances that each kept their own would
 * keep logging each other out. `claimed_until`: one instance is fetching a new token until then; the
 * others wait for it. A token lives an hour at most.
 */
export const railTokens = pgTable('rail_tokens', {
  /** The rail and a digest of the app it serves (base URL and consumer key), never the key itself. */
  app: text().primaryKey(),
  token: text(),
  usableUntil: moment(),
  claimedUntil: moment(),
  updatedAt: updatedAt(),
});
