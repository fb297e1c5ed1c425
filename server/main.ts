/**
 * Entry point: configuration → database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL) →
 * migrations and seed → app → HTTP server. SIGTERM/SIGINT stop accepting connections, let
 * requests in flight finish (up to 10 s), then close the database.
 *
 * With PostgreSQL the server runs `config.workers` processes (WORKERS, default one per core): the
 * primary forks a first worker and migrates while it loads the app, then starts the others once it
 * listens; each worker answers once the primary says the database is ready. They share the port (node:cluster); the primary restarts
 * one that dies and never loads the app itself (a cold start is mostly loading modules). Per-address limits and lockouts are in the database (or Redis with REDIS_URL), so
 * every worker, and every machine on the same database, counts into the same buckets.
 */
import cluster from 'node:cluster';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { join } from 'node:path';
import { bookingKeyWarnings, ConfigError, loadConfig, pepperWarnings, type ServerConfig } from './config.ts';
import type { Database } from './db/index.ts';
import { openDatabase, prepareDatabase } from './db/open.ts';
import { systemClock } from './lib/clock.ts';
import { tightenTree } from './lib/data-dir.ts';
import { type LimitStore, postgresLimitStore, redisLimitStore } from './lib/limit-store.ts';
import { createLogger, describeError, type Logger } from './lib/log.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): ServerConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

/** Where the limits count: Redis with REDIS_URL, the PostgreSQL table, or (PGlite) this process's memory. */
async function openLimitStore(config: ServerConfig, database: Database): Promise<LimitStore | null> {
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    return redisLimitStore(new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }));
  }
  return database.kind === 'postgres' ? postgresLimitStore(database) : null;
}

/** The cluster's primary: migrate once, fork the workers, restart one that dies, stop them on a signal. */
async function primary(config: ServerConfig, log: Logger) {
  log.info('starting workers', { workers: config.workers, port: config.port });
  let stopping = false;
  let migrated = false;
  // the first worker also runs the hourly sweep; its replacement takes it over
  const roles = new Map<number, string>();
  const fork = (sweeper: boolean) => {
    const worker = cluster.fork({ AMINA_SWEEPER: sweeper ? '1' : '' });
    roles.set(worker.id, sweeper ? '1' : '');
    // a worker asks once it listens for the answer; one started after the migrations (a replacement)
    // is answered at once, the first ones when the migrations are done (below)
    worker.on('message', (m) => m === ASK_MIGRATED && migrated && worker.send(MIGRATED));
  };
  // the first worker loads the app while the database is migrated (once, here); the others start
  // when it listens, so the first answer does not wait for every worker to load at once
  fork(true);
  cluster.once('listening', () => {
    for (let i = 1; i < config.workers; i++) if (!stopping) fork(false);
  });
  try {
    const database = await prepareDatabase(config, contentAtStart(log));
    await database.close();
  } catch (e) {
    log.error('migrations failed', { error: describeError(e) });
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
    process.exit(1);
  }
  migrated = true;
  for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send(MIGRATED);
  cluster.on('exit', (worker, code, signal) => {
    const sweeper = roles.get(worker.id) === '1';
    roles.delete(worker.id);
    if (stopping) {
      if (roles.size === 0) {
        log.info('stopped');
        process.exit(0);
      }
      return;
    }
    log.error('worker exited; starting another', { code, signal: signal ?? undefined });
    setTimeout(() => fork(sweeper), 500).unref();
  });
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info('shutting down', { signal });
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    if (roles.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * The content's review dates are read on the server's clock; a page whose review is overdue is
 * logged (to stderr, where the team looks) and stays online: only `npm run content:check` fails.
 */
const contentAtStart = (log: Logger) => ({
  today: systemClock.now().toISOString().slice(0, 10),
  warn: (message: string, fields: { pages: string[] }) => log.error(`warning: ${message}`, fields),
});

/** The primary's word to its workers that the database is migrated: they may answer requests. */
const MIGRATED = 'amina:migrated';
const ASK_MIGRATED = 'amina:migrated?';

async function main() {
  const config = configOrExit();
  const log = createLogger({ level: config.logLevel });
  if (config.workers > 1 && cluster.isPrimary) return primary(config, log);
  const migrated = cluster.isWorker
    ? new Promise<void>((resolve) => {
        process.on('message', (m) => m === MIGRATED && resolve());
        process.send?.(ASK_MIGRATED);
      })
    : null;
  // loaded here, not at the top: the cluster's primary never needs them
  const [{ serve }, { createApp }, { purgeExpired }, { resealDetails }] = await Promise.all([
    import('@hono/node-server'),
    import('./app.ts'),
    import('./domain/accounts.ts'),
    import('./domain/consultations-keys.ts'),
  ]);
  // a worker opens what the primary migrates; a single process migrates itself
  const database = cluster.isWorker
    ? await openDatabase(config)
    : await prepareDatabase(config, contentAtStart(log));
  const limitStore = await openLimitStore(config, database);
  // DIST_DIR: serve another build than dist/ (a side build while dist/ is in use)
  const distDir = process.env.DIST_DIR || undefined;
  const app = createApp({ db: database, clock: systemClock, config, logger: log, distDir, limitStore });
  const sweeper = !cluster.isWorker || process.env.AMINA_SWEEPER === '1';
  // a worker answers once the primary has migrated the database
  await migrated;

  // public reads a second old or newer are answered from memory before the app (lib/hot-cache.ts)
  const server = serve(
    {
      fetch: app.fetch,
      port: config.port,
      hostname: config.host,
      createServer: ((options: ServerOptions, listener: RequestListener) =>
        createServer(options, app.hot.listener(log, listener))) as typeof createServer,
    },
    (info) => {
      log.info('listening', {
        url: `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`,
        port: info.port,
        database:
          database.kind === 'pglite'
            ? `PGlite in ${join(config.dataDir, 'pglite')}`
            : 'PostgreSQL (DATABASE_URL)',
        authKey:
          config.pepperSource === 'env'
            ? 'from AUTH_PEPPER'
            : config.pepperSource === 'pepperFile'
              ? 'from AUTH_PEPPER_FILE'
              : `from ${join(config.dataDir, 'secrets')}`,
        bookingKey: `${config.consultations?.dataKeys.current.id} ${
          config.bookingKeySource === 'env'
            ? 'from BOOKING_DATA_KEY'
            : config.bookingKeySource === 'keyFile'
              ? 'from BOOKING_DATA_KEY_FILE'
              : `from ${join(config.dataDir, 'secrets')}`
        }`,
        // the provider charged (issue 20): the sandbox takes test cards only, and every page says so
        payments: `${config.payments} (test cards only: no real card is charged)`,
        rateLimit: `${config.rateLimit.limit} per ${config.rateLimit.windowMs / 60_000} min per address`,
        limits: limitStore ? `shared (${limitStore.kind})` : 'in memory (one process)',
        ...(cluster.isWorker ? { worker: cluster.worker?.id, pid: process.pid } : {}),
        trustProxy: config.trustProxy,
      });
    },
  ) as Server;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  for (const line of [...pepperWarnings(config), ...bookingKeyWarnings(config)]) log.info(line);
  // details sealed under an older key (or before key ids, issue 20) are sealed again under the current one
  const keys = config.consultations?.dataKeys;
  if (sweeper && keys)
    resealDetails(database.db, keys)
      .then((r) => {
        if (r.resealed)
          log.info('booking details re-sealed under the current key', {
            count: r.resealed,
            key: keys.current.id,
          });
        for (const [key, count] of Object.entries(r.unreadable))
          log.error('booking details sealed under a key that is not configured', { key, count });
      })
      .catch((e) => log.error('re-sealing booking details failed', { error: describeError(e) }));
  if (app.site.hasApp) log.info(app.site.status);
  else log.error(app.site.status);

  // PGlite makes new files 0666 as it runs (WAL segments, relations): keep them private
  const tighten =
    database.kind === 'pglite' ? setInterval(() => tightenTree(config.dataDir), 60_000) : undefined;
  tighten?.unref();

  // consultations (issue 10): unpaid holds past their 10 minutes are released every minute (every
  // read and write already treats them as expired by the clock)
  const holds = setInterval(() => {
    app.consultations.sweep().catch((e) => log.error('hold sweep failed', { error: describeError(e) }));
  }, 60_000);
  holds.unref();

  // a paid charge is never left without an order or a refund (issue 20): her requests left half
  // way are finished or refunded at start and every five minutes, in every worker (each step is
  // idempotent; the start is spread so workers seldom meet)
  const reconcile = () =>
    app.completion
      .reconcile()
      .then((r) => {
        if (r.continued || r.abandoned || r.refunded) log.info('payments reconciled', { ...r });
      })
      .catch((e) => log.error('payment reconciliation failed', { error: describeError(e) }));
  void reconcile();
  const payments = setInterval(reconcile, 5 * 60_000 + Math.floor(Math.random() * 30_000));
  payments.unref();

  const sweep = setInterval(() => {
    if (!sweeper) return;
    const now = systemClock.now().getTime();
    Promise.all([
      purgeExpired(database, systemClock),
      limitStore?.sweep(now, Math.max(config.rateLimit.windowMs, 15 * 60_000)),
    ]).catch((e) => log.error('purge failed', { error: describeError(e) }));
  }, 60 * 60_000);
  sweep.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      log.error('second signal: exiting now', { signal });
      process.exit(1);
    }
    stopping = true;
    log.info('shutting down', { signal });
    clearInterval(sweep);
    clearInterval(tighten);
    clearInterval(holds);
    clearInterval(payments);
    const force = setTimeout(() => {
      log.error('requests still running after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await limitStore?.close();
        await database.close();
        if (database.kind === 'pglite') tightenTree(config.dataDir);
        log.info('stopped');
        process.exit(0);
      } catch (e) {
        log.error('closing the database failed', { error: describeError(e) });
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((e) => {
  process.stderr.write(`Failed to start: ${describeError(e).message ?? e}\n`);
  process.exit(1);
});
