/** Opens the configured database: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR, private to this user. */
import { join } from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { LoadOptions } from '../content/loader.ts';
import { ensurePrivateDir, tightenTree } from '../lib/data-dir.ts';
import { type Database, openPglite, openPostgres } from './index.ts';
import { migrate } from './migrate.ts';

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  ensurePrivateDir(config.dataDir);
  const dir = join(config.dataDir, 'pglite');
  ensurePrivateDir(dir);
  const database = await openPglite({ dataDir: dir });
  tightenTree(config.dataDir);
  return database;
}

/**
 * What the server does at start: open, migrate and seed (the content's review dates on `content.today`,
 * an overdue one told to `content.warn`), then make every file PGlite wrote private.
 */
export async function prepareDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  content: LoadOptions = {},
): Promise<Database> {
  const database = await openDatabase(config);
  try {
    await migrate(database, content);
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
  if (database.kind === 'pglite') tightenTree(config.dataDir);
  return database;
}
