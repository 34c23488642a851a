import { bigint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CurrencyCode } from '../../money/currencies';

/** Shared column builders: one definition of "an id", "a moment" and "an amount of money". */
export const id = () => uuid().primaryKey().defaultRandom();
export const moment = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => moment().notNull().defaultNow();
export const updatedAt = () => moment().notNull().defaultNow();
/** Integer minor units (pesewas, cents…). Never a float. */
export const money = () => bigint({ mode: 'bigint' });
/** An ISO 4217 code the service knows (lib/platform/money/currencies.ts); the currencies table holds them all. */
export const currencyCode = () => text().$type<CurrencyCode>();
