/** Idempotent reference data: safe to run at every start. */
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { AVATARS, SECURITY_QUESTIONS } from '../lib/catalog.ts';
import { avatars, securityQuestions } from './schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: seeding works on any Drizzle pg database
export async function seed(db: PgDatabase<PgQueryResultHKT, any>): Promise<void> {
  await db
    .insert(avatars)
    .values(AVATARS.map((a, i) => ({ id: a.id, sortOrder: i })))
    .onConflictDoUpdate({ target: avatars.id, set: { sortOrder: sql`excluded.sort_order` } });
  await db
    .insert(securityQuestions)
    .values(SECURITY_QUESTIONS.map((q, i) => ({ id: q.id, sortOrder: i })))
    .onConflictDoUpdate({ target: securityQuestions.id, set: { sortOrder: sql`excluded.sort_order` } });
}
