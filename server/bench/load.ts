/**
 * `npm run load`: mixed traffic against the real server (server/main.ts) for LOAD_DURATION seconds
 * (default 60) at LOAD_CONNECTIONS (default 100) connections, on PostgreSQL (DATABASE_URL, default
 * the machine's postgres://postgres@127.0.0.1:5432/test) with the workers on (WORKERS as
 * `npm start` reads it). The mix, by connections: 35 % the catalogue, 35 % course pages (every
 * published course in turn), 27 % the profile of 20 signed-in members, 3 % logins (argon2id at
 * production cost: a few, as in life). Prints requests per second and p50/p99 per route, then the
 * cold start: from starting the process on the existing database to the first answered request.
 * Exits 1 on any error or 5xx, or a cold start over 1.5 s. Not a test: it prints figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { registerMember, spawnApp, stderrTail, stop, waitForPort } from './process.ts';

const duration = Number(process.env.LOAD_DURATION ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 100);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COLD_START_TARGET_MS = 1500;

interface RouteFigures {
  route: string;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  status5xx: number;
  non2xx: number;
}

function share(part: number) {
  return Math.max(1, Math.round(connections * part));
}

async function firstAnswer(env: NodeJS.ProcessEnv): Promise<{ ms: number; stopIt: () => Promise<void> }> {
  const started = performance.now();
  const proc = spawnApp(env);
  const port = await waitForPort(proc, 'app server (cold start)');
  const res = await fetch(`http://127.0.0.1:${port}/api/p/avatar/all`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`cold start: first request answered ${res.status}`);
  return { ms: performance.now() - started, stopIt: () => stop(proc) };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-load-'));
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT: '1000000', // all the traffic comes from one address
  };
  console.log(
    `load: ${duration} s, ${connections} connections, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, WORKERS=${process.env.WORKERS ?? '(default)'}, Node ${process.version}, ${cpus().length} CPU(s)`,
  );
  const app = spawnApp(env);
  const results: RouteFigures[] = [];
  try {
    const base = `http://127.0.0.1:${await waitForPort(app, 'app server')}`;
    const stamp = Date.now().toString(36);
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await registerMember(base, `load_${stamp}_${i}`));
    const catalogue = (await (await fetch(`${base}/api/lms/courses/all?limit=50`)).json()) as {
      items: { id: string }[];
    };
    const courseIds = catalogue.items.map((c) => c.id);

    const mixes: [string, autocannon.Options][] = [
      ['GET /api/lms/courses/all', { url: `${base}/api/lms/courses/all`, connections: share(0.35) }],
      [
        'GET /api/p/lms/get-course-by-id/{id}',
        {
          url: base,
          connections: share(0.35),
          requests: courseIds.map((id) => ({ method: 'GET', path: `/api/p/lms/get-course-by-id/${id}` })),
        },
      ],
      [
        'GET /api/users/profile',
        {
          url: base,
          connections: share(0.27),
          requests: members.map((m) => ({
            method: 'GET',
            path: '/api/users/profile',
            headers: { authorization: `Bearer ${m.token}` },
          })),
        },
      ],
      [
        'POST /api/users/login',
        {
          url: base,
          connections: share(0.03),
          requests: members.map((m) => ({
            method: 'POST',
            path: '/api/users/login',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ alias: m.alias, pin: m.pin }),
          })),
        },
      ],
    ];
    process.stdout.write('  warm-up … ');
    await autocannon({ url: `${base}/api/lms/courses/all`, duration: 3, connections: 10 });
    process.stdout.write('running the mix …\n');
    const runs = await Promise.all(
      mixes.map(async ([route, opts]) => {
        const r = await autocannon({ duration, ...opts });
        return {
          route,
          requests: r.requests.total,
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors + r.timeouts,
          status5xx: r['5xx'],
          non2xx: r.non2xx,
        } satisfies RouteFigures;
      }),
    );
    results.push(...runs);
  } finally {
    if (app.exitCode !== null)
      console.error(`app server exited early (${app.exitCode}):\n${stderrTail.get(app)}`);
    await stop(app);
  }

  // cold start on the database the run above filled (PGlite: the same data dir)
  const cold = await firstAnswer(env);
  await cold.stopIt();
  rmSync(dataDir, { recursive: true, force: true });

  console.log('');
  console.log('| route | requests | req/s | p50 ms | p99 ms | errors | 5xx | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const f of results)
    console.log(
      `| ${f.route} | ${f.requests} | ${Math.round(f.reqPerSec)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.status5xx} | ${f.non2xx} |`,
    );
  const total = results.reduce((s, f) => s + f.reqPerSec, 0);
  console.log(`| all | ${results.reduce((s, f) => s + f.requests, 0)} | ${Math.round(total)} | | | | | |`);
  console.log(
    `\ncold start to the first answered request: ${Math.round(cold.ms)} ms (target ≤ ${COLD_START_TARGET_MS})`,
  );
  const failed = results.some((f) => f.errors > 0 || f.status5xx > 0 || f.non2xx > 0);
  if (failed) console.log('FAILED: some requests failed (errors, 5xx or other non-2xx)');
  if (cold.ms > COLD_START_TARGET_MS) console.log('FAILED: cold start over target');
  process.exitCode = failed || cold.ms > COLD_START_TARGET_MS ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
