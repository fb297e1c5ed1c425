/**
 * `npm run bench:api`: autocannon on loopback, in one run, against
 *   1. a bare node:http hello-world (the ceiling of this machine),
 *   2. GET /api/p/avatar/all,
 *   2b. GET /api/lms/courses/all and GET /api/p/lms/get-course-by-id/menopause-care (public course reads),
 *   3. GET /api/users/profile (bearer token → session lookup in the database),
 *   4. POST /api/users/login (argon2id at production cost: logins per second).
 * Each server runs in its own process (the real entry point, server/main.ts, with a temporary
 * PGlite data dir unless DATABASE_URL is set); autocannon runs here. Not a test: it prints figures.
 *
 * Options (environment): BENCH_DURATION seconds per run (default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { registerMember, spawnApp, stderrTail, stop, waitForPort } from './process.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const BARE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'listening', port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Figures {
  name: string;
  reqPerSec: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Figures> {
  process.stdout.write(`  ${name} … `);
  const r = await autocannon({ duration, connections, ...opts });
  const f = {
    name,
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
  process.stdout.write(`${Math.round(f.reqPerSec)} req/s\n`);
  return f;
}

async function main() {
  console.log(
    `bench:api: ${duration} s per run, ${connections} connections, Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'})`,
  );
  const results: Figures[] = [];

  // 1. bare node:http
  const bare = spawn(process.execPath, ['-e', BARE], { stdio: ['ignore', 'pipe', 'pipe'] });
  const barePort = await waitForPort(bare, 'bare server');
  await run('warm-up', { url: `http://127.0.0.1:${barePort}/`, duration: 2 });
  results.push(await run('bare node:http hello world', { url: `http://127.0.0.1:${barePort}/` }));
  await stop(bare);

  // 2–4. the app, through its real entry point
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-bench-'));
  const app = spawnApp({
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: '1000000', // the benchmark comes from one address
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  try {
    const base = `http://127.0.0.1:${await waitForPort(app, 'app server')}`;
    const alias = `bench_${Date.now().toString(36)}`;
    const { pin, token } = await registerMember(base, alias);

    await run('warm-up', { url: `${base}/api/p/avatar/all`, duration: 2 });
    results.push(await run('GET /api/p/avatar/all', { url: `${base}/api/p/avatar/all` }));
    results.push(await run('GET /api/lms/courses/all', { url: `${base}/api/lms/courses/all` }));
    results.push(
      await run('GET /api/p/lms/get-course-by-id/{id}', {
        url: `${base}/api/p/lms/get-course-by-id/menopause-care`,
      }),
    );
    results.push(
      await run('GET /api/users/profile', {
        url: `${base}/api/users/profile`,
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    results.push(
      await run('POST /api/users/login', {
        url: `${base}/api/users/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alias, pin }),
        connections: Math.min(connections, 16),
      }),
    );
  } finally {
    if (app.exitCode !== null)
      console.error(`app server exited early (${app.exitCode}):\n${stderrTail.get(app)}`);
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const bareRps = results[0].reqPerSec;
  console.log('');
  console.log('| target | req/s | p50 ms | p99 ms | vs bare node:http | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of results) {
    console.log(
      `| ${f.name} | ${Math.round(f.reqPerSec)} | ${f.p50} | ${f.p99} | ${((f.reqPerSec / bareRps) * 100).toFixed(1)} % | ${f.errors} | ${f.non2xx} |`,
    );
  }
  const login = results.at(-1)!;
  console.log('');
  console.log(
    `logins per second (argon2id m=19456 t=2 p=1, verify + session insert): ${login.reqPerSec.toFixed(1)} (p99 ${login.p99} ms)`,
  );
  if (results.some((f) => f.errors > 0 || f.non2xx > 0)) {
    console.log('warning: some requests failed (see errors / non-2xx)');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
