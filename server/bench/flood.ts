/**
 * `npm run bench:flood` (issue 20, finding 9): what a flood of server renders does to a normal
 * visitor. The real server (server/main.ts, a temporary PGlite data dir unless DATABASE_URL is
 * set, the build in dist/: run `npx vite build` first) is measured twice on loopback:
 *   1. a visitor alone: `GET /` one after another (a short pause between), for FLOOD_DURATION s;
 *   2. the same visitor while FLOOD_CONNECTIONS connections ask for `/articles?search=<random>`,
 *      every request a search never asked before, so no kept render can answer it.
 * It prints the visitor's p50 / p99 (time to the last byte) in both, how many of her pages arrived
 * rendered, and what the flood got. Not a test: it prints figures.
 *
 * Options (environment): FLOOD_DURATION seconds per phase (default 10), FLOOD_CONNECTIONS
 * (default 16), FLOOD_PAUSE_MS between the visitor's requests (default 25); the server's own
 * settings (e.g. SSR_CONCURRENCY) pass through.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { root, spawnApp, stderrTail, stop, waitForPort } from './process.ts';

const duration = Number(process.env.FLOOD_DURATION ?? 10);
const connections = Number(process.env.FLOOD_CONNECTIONS ?? 16);
const pauseMs = Number(process.env.FLOOD_PAUSE_MS ?? 25);

interface Visit {
  ms: number;
  rendered: boolean;
  status: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One `GET /` as a browser asks for it (Brotli accepted): time to the last byte, rendered or not. */
function visit(base: string): Promise<Visit> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/`,
      { agent, headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const html = (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw).toString(
            'utf8',
          );
          resolve({ ms, rendered: html.includes('id="ssr-state"'), status: res.statusCode ?? 0 });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The visitor's requests, one after another, until `ms` have passed. */
async function visitor(base: string, ms: number): Promise<Visit[]> {
  const visits: Visit[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    visits.push(await visit(base));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return visits;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

function summary(name: string, visits: Visit[]) {
  const ms = visits.map((v) => v.ms).sort((a, b) => a - b);
  return {
    name,
    requests: visits.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? Number.NaN,
    rendered: visits.filter((v) => v.rendered).length,
    non200: visits.filter((v) => v.status !== 200).length,
  };
}

const word = () => Math.random().toString(36).slice(2, 10);

async function main() {
  if (!existsSync(join(root, 'dist', '.ssr', 'entry-server.js'))) {
    console.error('bench:flood needs the build with its render bundle: run `npx vite build` first');
    process.exit(1);
  }
  console.log(
    `bench:flood: ${duration} s per phase, ${connections} flood connections, Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'})`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-flood-'));
  const app = spawnApp({ DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
  try {
    const base = `http://127.0.0.1:${await waitForPort(app, 'app server')}`;
    // warm up: the render bundle, the screens' chunks, the catalogue and article caches
    for (let i = 0; i < 5; i++) {
      await visit(base);
      await fetch(`${base}/articles?search=${word()}`).then((r) => r.text());
    }
    await visitor(base, 2000);

    process.stdout.write('  the visitor alone … ');
    const alone = summary('`GET /`, the visitor alone', await visitor(base, duration * 1000));
    process.stdout.write(`p50 ${alone.p50.toFixed(1)} ms\n`);

    process.stdout.write(`  the visitor during the flood (${connections} connections) … `);
    let floodRendered = 0;
    let floodShell = 0;
    const flood = autocannon({
      url: base,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({ ...req, path: `/articles?search=${word()}` }),
          onResponse: (_status, body) => {
            if (body.includes('id="ssr-state"')) floodRendered++;
            else floodShell++;
          },
        },
      ],
    });
    // the visitor starts once the flood has built up, and stops before it ends
    await new Promise((r) => setTimeout(r, 500));
    const during = summary(
      `\`GET /\`, during the flood`,
      await visitor(base, Math.max(1000, duration * 1000 - 1000)),
    );
    const f = await flood;
    process.stdout.write(`p50 ${during.p50.toFixed(1)} ms\n`);

    console.log('');
    console.log('| the visitor | requests | p50 ms | p99 ms | max ms | rendered | non-200 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const s of [alone, during])
      console.log(
        `| ${s.name} | ${s.requests} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | ${s.rendered} | ${s.non200} |`,
      );
    console.log('');
    console.log(
      `the flood: ${Math.round(f.requests.average)} req/s (p50 ${f.latency.p50} ms, p99 ${f.latency.p99} ms), ${floodRendered} rendered, ${floodShell} plain shells, ${f.errors + f.timeouts} errors, ${f.non2xx} non-2xx`,
    );
  } finally {
    if (app.exitCode !== null)
      console.error(`app server exited early (${app.exitCode}):\n${stderrTail.get(app)}`);
    agent.destroy();
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
