/** Applies the committed drizzle-kit migrations (server/drizzle) and the reference data. */
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { CONTENT_DIR, type LoadOptions, loadContent } from '../content/loader.ts';
import type { Database } from './index.ts';
import { seed } from './seed.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** An arbitrary constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK = 4_417_291_531;

/**
 * Migrations, reference data, then the course content (server/content; `contentDir` for tests;
 * `today` and `warn`: the review dates on the server's clock, an overdue one told, never fatal).
 */
export async function migrate(
  database: Database,
  { contentDir = CONTENT_DIR, ...content }: { contentDir?: string } & LoadOptions = {},
): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(database.db);
    await loadContent(database.db, contentDir, content);
    return;
  }
  const pool = (database as Database & { pool: pg.Pool }).pool;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg({ client, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seed(db as never);
    await loadContent(db as never, contentDir, content);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
