/**
 * Entry point: configuration → database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL) →
 * migrations and seed → app → HTTP server. SIGTERM/SIGINT stop accepting connections, let
 * requests in flight finish (up to 10 s), then close the database.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, pepperWarnings, type ServerConfig } from './config.ts';
import { prepareDatabase } from './db/open.ts';
import { purgeExpired } from './domain/accounts.ts';
import { systemClock } from './lib/clock.ts';
import { tightenTree } from './lib/data-dir.ts';
import { createLogger, describeError } from './lib/log.ts';

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

async function main() {
  const config = configOrExit();
  const log = createLogger({ level: config.logLevel });
  const database = await prepareDatabase(config);
  // DIST_DIR: serve another build than dist/ (a side build while dist/ is in use)
  const distDir = process.env.DIST_DIR || undefined;
  const app = createApp({ db: database, clock: systemClock, config, logger: log, distDir });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
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
      rateLimit: `${config.rateLimit.limit} per ${config.rateLimit.windowMs / 60_000} min per address`,
      trustProxy: config.trustProxy,
    });
  }) as Server;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  for (const line of pepperWarnings(config)) log.info(line);
  if (app.site.hasApp) log.info(app.site.status);
  else log.error(app.site.status);

  // PGlite makes new files 0666 as it runs (WAL segments, relations): keep them private
  const tighten =
    database.kind === 'pglite' ? setInterval(() => tightenTree(config.dataDir), 60_000) : undefined;
  tighten?.unref();

  const sweep = setInterval(
    () =>
      purgeExpired(database, systemClock).catch((e) =>
        log.error('purge failed', { error: describeError(e) }),
      ),
    60 * 60_000,
  );
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
    const force = setTimeout(() => {
      log.error('requests still running after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
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
