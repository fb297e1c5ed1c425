/** Column shapes every table uses: times with their zone, row stamps, amounts of cents. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every time column: a moment with its time zone, read as a Date. */
export const time = () => timestamp({ withTimezone: true, mode: 'date' });
/** When a row was created and last changed. */
export const stamps = () => ({ createdAt: time().notNull(), updatedAt: time().notNull() });

/** An amount of cents: whole, never negative. */
export const cents = () => integer().notNull();
/** A CHECK that an amount is never negative. */
export const nonNegative = (table: string, column: string, c: AnyPgColumn) =>
  check(`${table}_${column}_check`, sql`${c} >= 0`);
