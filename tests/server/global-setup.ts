/**
 * Runs once per `vitest` run of the server project:
 * - PGlite: a migrated, seeded template data dir, dumped to a tarball every test file loads
 *   (creating a database takes ~5 s, loading a dump <1 s). Cached under node_modules/.cache,
 *   keyed by the migrations, the seed data and the PGlite version.
 * - TEST_DATABASE_URL set: a migrated template *database* on that server, cloned per test file
 *   with CREATE DATABASE … TEMPLATE; every database this run made is dropped at the end.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { contentVersion } from '../../server/content/loader.ts';
import { openPglite, openPostgres } from '../../server/db/index.ts';
import { MIGRATIONS_FOLDER, migrate } from '../../server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgres: { adminUrl: string; template: string; prefix: string } | null;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

function templateKey(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (f.endsWith('.sql')) h.update(readFileSync(join(MIGRATIONS_FOLDER, f)));
  }
  h.update(readFileSync(join(root, 'server/db/seed.ts')));
  h.update(readFileSync(join(root, 'server/lib/catalog.ts')));
  h.update(contentVersion()); // the course content loaded after the migrations
  // the loader and its parts (loader-*.ts, markdown.ts, articles.ts…)
  for (const f of readdirSync(join(root, 'server/content')).sort())
    if (f.endsWith('.ts')) h.update(readFileSync(join(root, 'server/content', f)));
  h.update(readFileSync(join(root, 'server/lib/search-text.ts')));
  h.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const dir = join(root, 'node_modules/.cache/amina-server-tests');
  const file = join(dir, `pglite-template-${templateKey()}.tar.gz`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const db = await openPglite();
  await migrate(db);
  const dump = await db.client.dumpDataDir('gzip');
  await db.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate());

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgres', null);
    return;
  }
  const prefix = `amina_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_tpl`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();
  const db = openPostgres(withDatabase(url, template), { max: 1 });
  await migrate(db);
  await db.close();
  project.provide('postgres', { adminUrl: url, template, prefix });

  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
    await c.end();
  };
}
