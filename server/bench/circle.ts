/**
 * `npm run bench:circle`: the community circle at 100,000 posts on PostgreSQL (issue 27). Makes a
 * fresh database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test; dropped
 * afterwards), migrates it, seeds 100,000 posts in bulk (10,000 threads across the seven spaces,
 * 89,800 replies spread over half of them, one thread with 200 replies, some replies by an
 * expert), then runs the real server (server/main.ts, WORKERS as `npm start` reads it) and measures
 * over HTTP, while mixed traffic runs (the catalogue, course pages and members' profiles, as
 * `npm run load`), p50 / p99 of a space's thread list in each order (first page and a later page
 * through its cursor), a search, and the 200-reply thread (first and last page). Target: p50 ≤ 50 ms,
 * p99 ≤ 200 ms. Prints a table; exits 1 on errors or a missed target. Not a test: it prints figures.
 *
 * Options (environment): CIRCLE_BENCH_DURATION seconds per measured route (default 8),
 * CIRCLE_BENCH_CONNECTIONS per measured route (default 4), CIRCLE_BENCH_BACKGROUND connections of
 * mixed traffic (default 12; 0: none); CIRCLE_BENCH_KEEP=1 seeds a database, keeps it and stops (to EXPLAIN).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { registerMember, spawnApp, stderrTail, stop, waitForPort } from './process.ts';

const duration = Number(process.env.CIRCLE_BENCH_DURATION ?? 8);
const connections = Number(process.env.CIRCLE_BENCH_CONNECTIONS ?? 4);
const background = Number(process.env.CIRCLE_BENCH_BACKGROUND ?? 12);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { p50: 50, p99: 200 };
const THREADS = 10_000;
const LONG_REPLIES = 200;
const REPLIES = 100_000 - THREADS - LONG_REPLIES;

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** 100,000 posts in a few statements (generate_series), with the counters the lists read. */
async function seedCircle(url: string): Promise<{ longThread: string }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`
      insert into users (alias, alias_key, pin_hash, avatar_id, country, age_range, created_at, updated_at)
      select 'bench_author_' || i, 'bench_author_' || i, 'x', 'date-palm', 'AE', '25-34', now(), now()
      from generate_series(1, 200) i`);
    await c.query(`
      insert into staff (email, name, roles, expert_id, created_at)
      values ('bench-expert@team.example', 'Bench Expert', '["expert"]', 'rana-aziz', now())`);
    await c.query(`create temp table a as select row_number() over (order by id) as n, id from users`);
    await c.query(
      `create temp table s as select row_number() over (order by position) - 1 as n, id from circle_spaces`,
    );
    await c.query(`
      create temp table t as
      select i, gen_random_uuid() as id, (select id from s where s.n = i % 7) as space_id,
        (select id from a where a.n = 1 + i % 200) as author_id,
        timestamptz '2026-01-01' + make_interval(mins => i * 7) as created_at
      from generate_series(1, ${THREADS}) i`);
    // replies: thread 1 (periods) has 200; the even threads share the rest; every 50th by the expert
    await c.query(`
      create temp table r as
      select t.id as thread_id, t.created_at + make_interval(secs => k * 30) as created_at, k
      from t, generate_series(1, ${LONG_REPLIES}) k where t.i = 1
      union all
      select t.id, t.created_at + make_interval(mins => k), k
      from generate_series(1, ${REPLIES}) j
      join t on t.i = 2 + 2 * (j % ${THREADS / 2 - 1})
      cross join lateral (select j / ${THREADS / 2 - 1} + 1 as k) kk`);
    await c.query(`
      insert into circle_threads (id, space_id, title, author_id, status, helpful, search_text, created_at, last_activity_at)
      select id, space_id, 'Thread ' || i || ' about cramps and sleep', author_id,
        case when i % 100 = 0 then 'pending' else 'published' end, (i * 7919) % 23,
        'thread ' || i || ' about cramps and sleep ' || repeat('lorem ipsum dolor ', 12), created_at, created_at
      from t`);
    await c.query(`
      insert into circle_posts (thread_id, opening, author_id, anonymous, body, status, helpful, created_at)
      select id, true, author_id, i % 3 = 0, 'Opening post ' || i || ' ' || repeat('lorem ipsum dolor sit amet ', 12),
        case when i % 100 = 0 then 'pending' else 'published' end, (i * 7919) % 23, created_at
      from t`);
    await c.query(`
      insert into circle_posts (thread_id, opening, author_id, staff_id, anonymous, body, status, created_at)
      select thread_id, false,
        case when k % 50 = 0 then null else (select id from a where a.n = 1 + (k * 31) % 200) end,
        case when k % 50 = 0 then (select id from staff limit 1) end,
        k % 4 = 0, 'A reply ' || k || ' ' || repeat('lorem ipsum dolor ', 8), 'published', created_at
      from r`);
    await c.query(`
      update circle_threads t set reply_count = x.n, last_activity_at = x.last, expert_answered = x.expert
      from (select thread_id, count(*) n, max(created_at) last, bool_or(staff_id is not null) expert
            from circle_posts where not opening group by thread_id) x
      where x.thread_id = t.id`);
    await c.query(`
      update circle_spaces s set thread_count = x.n, last_activity_at = x.last
      from (select space_id, count(*) n, max(last_activity_at) last from circle_threads
            where status = 'published' group by space_id) x
      where x.space_id = s.id`);
    await c.query('vacuum analyze'); // hint bits and the visibility map set now, not during the measures
    const { rows } = await c.query(`select id from t where i = 1`);
    const posts = await c.query(`select count(*)::int n from circle_posts`);
    console.log(`  seeded ${posts.rows[0].n} posts in ${THREADS} threads`);
    return { longThread: rows[0].id };
  } finally {
    await c.end();
  }
}

interface Figures {
  route: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

async function main() {
  const name = `circle_bench_${Date.now().toString(36)}`;
  const dbUrl = withDb(serverUrl, name);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  console.log(
    `bench:circle: ${duration} s per route, ${connections} connections each, ${background} connections of mixed traffic, WORKERS=${process.env.WORKERS ?? '(default)'}, Node ${process.version}, ${cpus().length} CPU(s)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-circle-bench-'));
  let app: ReturnType<typeof spawnApp> | undefined;
  let keep = false;
  const results: Figures[] = [];
  try {
    const database = openPostgres(dbUrl);
    const started = performance.now();
    await migrate(database);
    await database.close();
    const { longThread } = await seedCircle(dbUrl);
    if (process.env.CIRCLE_BENCH_KEEP) {
      console.log(`  kept the seeded database: ${dbUrl}`);
      keep = true;
      return;
    }
    console.log(`  migrated and seeded in ${Math.round(performance.now() - started)} ms`);

    app = spawnApp({ DATA_DIR: dataDir, DATABASE_URL: dbUrl, AUTH_RATE_LIMIT: '1000000' });
    const base = `http://127.0.0.1:${await waitForPort(app, 'app server')}`;
    const members: { token: string }[] = [];
    for (let i = 0; i < 8; i++) members.push(await registerMember(base, `circle_${name.slice(-6)}_${i}`));
    const auth = (i: number) => ({ authorization: `Bearer ${members[i % members.length].token}` });
    const json = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: auth(0) });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ nextCursor: string | null }>;
    };
    const later = async (path: string, pages: number) => {
      let cursor: string | null = null;
      for (let i = 0; i < pages; i++)
        cursor = (await json(`${path}${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
      return `${path}&cursor=${cursor}`;
    };
    let lastPage = `/api/circle/threads/${longThread}`;
    for (let i = 0; i < 3; i++) {
      const next: string | null = (await json(lastPage)).nextCursor;
      if (next) lastPage = `/api/circle/threads/${longThread}?cursor=${next}`;
    }
    const list = '/api/circle/threads?space=periods';
    const measured: [string, string][] = [
      ['threads, space, newest', `${list}&order=newest`],
      ['threads, space, newest, page 5', await later(`${list}&order=newest`, 4)],
      ['threads, space, helpful', `${list}&order=helpful`],
      ['threads, space, helpful, page 5', await later(`${list}&order=helpful`, 4)],
      ['threads, space, unanswered', `${list}&order=unanswered`],
      ['threads, space, expert answered', `${list}&expert=1`],
      ['threads, all spaces, newest', '/api/circle/threads'],
      ['threads, space, search', `${list}&q=${encodeURIComponent('cramps 1234')}`],
      ['200-reply thread, first 50', `/api/circle/threads/${longThread}`],
      ['200-reply thread, last page', lastPage],
    ];

    const courses = (await (await fetch(`${base}/api/lms/courses/all?limit=50`)).json()) as {
      items: { id: string }[];
    };
    const share = (p: number) => Math.max(1, Math.round(background * p));
    const mix: autocannon.Options[] = [
      { url: `${base}/api/lms/courses/all`, connections: share(0.35) },
      {
        url: base,
        connections: share(0.35),
        requests: courses.items.map((c) => ({ method: 'GET', path: `/api/p/lms/get-course-by-id/${c.id}` })),
      },
      {
        url: base,
        connections: share(0.3),
        requests: members.map((_, i) => ({ method: 'GET', path: '/api/users/profile', headers: auth(i) })),
      },
    ];
    process.stdout.write('  warm-up … ');
    for (const [, path] of measured)
      await autocannon({ url: `${base}${path}`, duration: 1, connections: 2, headers: auth(0) });
    process.stdout.write(`measuring${background > 0 ? ' under mixed traffic' : ''} …\n`);
    const total = duration * measured.length + 4;
    const backgroundRuns = Promise.all(
      background > 0 ? mix.map((o) => autocannon({ ...o, duration: total })) : [],
    );
    await new Promise((r) => setTimeout(r, background > 0 ? 2000 : 0)); // the mix running first
    for (const [route, path] of measured) {
      const r = await autocannon({ url: `${base}${path}`, duration, connections, headers: auth(1) });
      results.push({
        route,
        requests: r.requests.total,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
      });
      process.stdout.write(`    ${route}: p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms\n`);
    }
    const bg = await backgroundRuns;
    const bgRequests = bg.reduce((n, r) => n + r.requests.total, 0);
    const bgErrors = bg.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);

    console.log('');
    console.log('| route (100,000 posts, PostgreSQL) | requests | p50 ms | p99 ms | errors |');
    console.log('|---|---:|---:|---:|---:|');
    for (const f of results)
      console.log(`| ${f.route} | ${f.requests} | ${f.p50} | ${f.p99} | ${f.errors} |`);
    console.log(`| (mixed traffic meanwhile, ${background} connections) | ${bgRequests} | | | ${bgErrors} |`);
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const missed = results.filter((f) => f.p50 > TARGET.p50 || f.p99 > TARGET.p99);
    const failed = results.some((f) => f.errors > 0) || bgErrors > 0;
    if (missed.length)
      console.log(
        `MISSED the target (p50 ≤ ${TARGET.p50}, p99 ≤ ${TARGET.p99} ms): ${missed.map((f) => f.route).join(', ')}`,
      );
    if (failed) console.log('FAILED: some requests failed');
    process.exitCode = missed.length || failed ? 1 : 0;
  } finally {
    if (app) {
      if (app.exitCode !== null)
        console.error(`app server exited early (${app.exitCode}):\n${stderrTail.get(app)}`);
      await stop(app);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
