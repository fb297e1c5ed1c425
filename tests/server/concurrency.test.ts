/**
 * Concurrency on whichever database this run uses (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL): PGlite is one connection, so its transactions are serialised by a mutex;
 * PostgreSQL relies on the unique index and row-level atomic updates.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cheapHasher, expectEnvelope, GOOD_PIN, post, registration, uniqueAlias } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const { db, app } = await setupTestDb({ hasher: cheapHasher(undefined, 8) });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(r.rows[0].n);
}

describe(`concurrent writes on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs on the database this run is for', () => {
    expect(db.kind).toBe(usingPostgres() ? 'postgres' : 'pglite');
  });

  it('two simultaneous sign-ups with one alias: exactly one 201, the other 409 ALIAS_TAKEN', async () => {
    for (let round = 0; round < 5; round++) {
      const alias = uniqueAlias('twin');
      const variants = [alias, alias.toUpperCase()];
      const replies = await Promise.all(
        variants.map((a) => post(app, '/users/register/standard', registration({ alias: a }))),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
      expectEnvelope(replies.find((r) => r.status === 409)!, 'ALIAS_TAKEN');
      expect(await count(sql`select count(*) as n from users where alias_key = ${alias.toLowerCase()}`)).toBe(
        1,
      );
    }
  });

  it('twenty simultaneous sign-ups with one alias: one account, and no half-written rows', async () => {
    const alias = uniqueAlias('crowd');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post(app, '/users/register/standard', registration({ alias }))),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    const winner = replies.find((r) => r.status === 201)!.body.user.id as string;
    expect(await count(sql`select count(*) as n from security_answers where user_id = ${winner}`)).toBe(3);
    expect(await count(sql`select count(*) as n from sessions where user_id = ${winner}`)).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from security_answers a left join users u on u.id = a.user_id where u.id is null`,
      ),
    ).toBe(0);
  });

  it('many different sign-ups, logins and reads at once all succeed, each with its own complete rows', async () => {
    const bodies = Array.from({ length: 25 }, () => registration());
    const created = await Promise.all(bodies.map((b) => post(app, '/users/register/standard', b)));
    expect(created.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const mixed = await Promise.all(
      bodies.flatMap((b, i) => [
        post(app, '/users/login', { alias: b.alias, pin: GOOD_PIN }),
        app.request('/api/users/profile', { headers: { authorization: `Bearer ${created[i].body.token}` } }),
        post(app, '/users/verify-alias/', { alias: b.alias }),
      ]),
    );
    for (const r of mixed) expect(r.status).toBe(200);
    const ids = created.map((r) => r.body.user.id as string);
    expect(new Set(ids).size).toBe(25);
    for (const id of ids) {
      expect(await count(sql`select count(*) as n from security_answers where user_id = ${id}`)).toBe(3);
    }
  });

  it('a failing transaction rolls back completely while others commit', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`create temporary table if not exists tx_probe (n int) on commit preserve rows`,
          );
          await tx.execute(sql`insert into tx_probe values (${i})`);
          if (i % 2 === 1) throw new Error('boom');
          return i;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
    if (db.kind === 'pglite') {
      // one session: the temp table is visible here, holding exactly the committed rows
      const r = (await db.db.execute(sql`select n from tx_probe order by n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(r.rows.map((x) => x.n)).toEqual([0, 2, 4, 6, 8]);
    }
  });
});
