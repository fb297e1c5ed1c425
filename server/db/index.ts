/**
 * The database: embedded PGlite (a file data dir, or in memory for tests) or PostgreSQL through a
 * pg Pool. Both sit behind one Drizzle type; code never branches on which one it has.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { Mutex } from '../lib/semaphore.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /**
   * Runs fn in a transaction. On PGlite (one connection) transactions are serialised by a mutex,
   * so concurrent requests can never interleave statements inside each other's transactions.
   * Inside fn use only `tx`: touching `db` there would wait for the transaction itself.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Tells every process on this database (PostgreSQL NOTIFY; on PGlite, one process, only this one).
   * Used to drop what processes keep in memory, e.g. a revoked session. Payload ≤ 7,000 bytes.
   */
  broadcast(channel: string, payload: string): Promise<void>;
  /** Hears `channel`'s broadcasts, this process's own included (PostgreSQL LISTEN on a connection of its own). */
  subscribe(channel: string, fn: (payload: string) => void): void;
  close(): Promise<void>;
}

/** The listeners of one process, by channel. */
function listeners() {
  const byChannel = new Map<string, Set<(payload: string) => void>>();
  return {
    add(channel: string, fn: (payload: string) => void) {
      const set = byChannel.get(channel) ?? new Set();
      set.add(fn);
      byChannel.set(channel, set);
    },
    emit(channel: string, payload: string) {
      for (const fn of byChannel.get(channel) ?? []) fn(payload);
    },
    channels: () => [...byChannel.keys()],
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export interface PgliteOptions {
  /** A directory for a durable database; omitted: in memory. */
  dataDir?: string;
  /** A tarball from `dumpDataDir()`: start from a copy of it (tests clone a migrated template). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  // pg_trgm: the article search's fuzzy match (migration 0003 creates the extension)
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Db;
  const mutex = new Mutex();
  const local = listeners();
  let closed = false;
  return {
    kind: 'pglite',
    db,
    client,
    transaction: (fn) => mutex.run(() => db.transaction(fn)),
    async broadcast(channel, payload) {
      local.emit(channel, payload);
    },
    subscribe: local.add,
    async close() {
      if (closed) return;
      closed = true;
      await mutex.run(async () => {}); // let a running transaction finish
      await client.close();
    },
  };
}

export function openPostgres(url: string, poolOptions: pg.PoolConfig = {}): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, ...poolOptions });
  // an idle client losing its connection must not crash the process; the pool replaces it
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  let closed = false;
  const local = listeners();
  // one connection of its own for LISTEN, opened at the first subscribe, reopened if it drops
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  const listen = (): Promise<void> => {
    listening ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      listener = c;
      const retry = () => {
        if (listener !== c) return;
        listener = null;
        listening = null;
        if (!closed) setTimeout(() => listen().catch(() => {}), 1000).unref();
      };
      c.on('error', retry);
      c.on('end', retry);
      c.on('notification', (n) => local.emit(n.channel, n.payload ?? ''));
      await c.connect();
      for (const channel of local.channels()) await c.query(`listen ${channel}`);
    })().catch((e) => {
      listener = null;
      listening = null;
      throw e;
    });
    return listening;
  };
  return {
    kind: 'postgres',
    db,
    pool,
    transaction: (fn) => db.transaction(fn),
    async broadcast(channel, payload) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel ${channel}`);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, fn) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel ${channel}`);
      const known = local.channels().includes(channel);
      local.add(channel, fn);
      if (known) return;
      const current = listener;
      if (current && listening) listening.then(() => current.query(`listen ${channel}`)).catch(() => {});
      else listen().catch(() => {});
    },
    async close() {
      if (closed) return;
      closed = true;
      const c = listener;
      listener = null;
      await c?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** SQLSTATE of a driver error, looking through Drizzle's wrapper. */
export function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as never, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
