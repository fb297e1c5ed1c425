/**
 * The server tests' one database fixture. At the top of a test file,
 *
 *   const { db, app } = await setupTestDb();
 *
 * gives the file a database of its own (a clone of the template global-setup.ts migrated: a PGlite
 * copy, or a PostgreSQL database with TEST_DATABASE_URL), an app on it (cheap argon2, a manual
 * clock: `app.clock`), and closes and drops the database after the file's tests.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../server/db/index.ts';
import { withDatabase } from './global-setup.ts';
import { cheapHasher, type TestApp, type TestAppOptions, testApp } from './helpers.ts';

export const usingPostgres = (): boolean => inject('postgres') !== null;

/** The migrated PGlite template as PGlite loads it (`loadDataDir`). */
export const pgliteTemplate = (): Blob => new Blob([readFileSync(inject('pgliteTemplate'))]);

let counter = 0;
/** A database of its own (a PGlite clone, or a PostgreSQL database from the template); the caller closes it. */
export async function createTestDb(): Promise<Database> {
  const postgres = inject('postgres');
  if (!postgres) return openPglite({ loadDataDir: pgliteTemplate() });
  const name = `${postgres.prefix}_${process.pid}_${++counter}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${postgres.template}"`);
  await admin.end();
  const db = openPostgres(withDatabase(postgres.adminUrl, name));
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      const c = new pg.Client({ connectionString: postgres.adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  });
}

export interface TestDbOptions extends Omit<TestAppOptions, 'db'> {
  /** Runs on the new database before the app is made (e.g. loading fixture content). */
  prepare?: (db: Database) => Promise<unknown>;
}

/**
 * The file's database and an app on it (options as testApp's; the hasher defaults to cheapHasher()),
 * closed after the file. Call it once, at the top level of a test file, with `await`.
 */
export async function setupTestDb({
  prepare,
  ...app
}: TestDbOptions = {}): Promise<{ db: Database; app: TestApp }> {
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
  });
  db = await createTestDb();
  await prepare?.(db);
  return { db, app: testApp({ db, hasher: cheapHasher(), ...app }) };
}
