import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, updatedAt } from './columns';
import { type KybStatus } from '../../vocabulary';

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    kybStatus: text().$type<KybStatus>().notNull().default('unverified'),
    /** Set by the operator, only for a KYB-verified merchant: from then on its live tenant takes real money. */
    liveEnabledAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_kyb_status_check', sql`${t.kybStatus} in ('unverified', 'pending', 'verified', 'rejected')`),
  ],
);
