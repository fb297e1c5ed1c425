/**
 * The log: the access log does not block (lines of one turn go out in one write), and a failed
 * query is logged without what people typed (issue 20, finding 3).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedWriter, createLogger, describeError } from '../../server/lib/log.ts';
import { post, registration } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const logged: string[] = [];
const logger = createLogger({ level: 'info', out: (l) => logged.push(l), err: (l) => logged.push(l) });
const { db, app } = await setupTestDb({ logger });

describe('batchedWriter', () => {
  it('writes nothing while the turn runs, then every line of it in one write, in order', async () => {
    const writes: string[] = [];
    const write = batchedWriter({ write: (chunk: string) => writes.push(chunk) });
    write('{"n":1}');
    write('{"n":2}');
    write('{"n":3}');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
    write('{"n":4}');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n']);
  });
});

describe('a failed query in the error log', () => {
  afterEach(() => {
    logged.length = 0;
  });

  const errorLines = () => logged.filter((l) => JSON.parse(l).level === 'error');

  it('a concern the database refuses: the SQL state, constraint and query, never her text or address', async () => {
    const details = 'My neighbour Layla Haddad told the expert about my pregnancy.';
    const replyTo = 'layla.private@example.org';
    // every new row breaks this check (existing rows are not checked): the insert fails in the database
    await db.db.execute(
      sql.raw('alter table form_submissions add constraint refuses_every_row check (false) not valid'),
    );
    try {
      const r = await post(app, '/forms/concern', { topic: 'expert', details, when: '', replyTo });
      expect(r.status).toBe(500);
    } finally {
      await db.db.execute(sql.raw('alter table form_submissions drop constraint refuses_every_row'));
    }
    const lines = errorLines();
    expect(lines).toHaveLength(1);
    const text = lines[0];
    expect(text).not.toContain('Layla');
    expect(text).not.toContain('layla.private');
    expect(text).not.toMatch(/params/i);
    const { error } = JSON.parse(text);
    expect(error).toMatchObject({
      name: 'DatabaseError',
      code: '23514', // check_violation
      constraint: 'refuses_every_row',
      table: 'form_submissions',
    });
    expect(error.query).toMatch(/^insert into "form_submissions"/);
    expect(error.query).toContain('$1');
  });

  it('a value quoted in the database message is cut out; the member id is not logged', async () => {
    // uuid compared with text that is not one: PostgreSQL quotes the value in its message
    const id = 'member-0b7c1e2f-not-a-uuid';
    const failed = await db.db.execute(sql`select 1 from users where id = ${id}`).catch((e: unknown) => e);
    const described = JSON.stringify(describeError(failed));
    expect(described).not.toContain(id);
    expect(described).not.toMatch(/params/i);
    expect(JSON.parse(described)).toMatchObject({
      code: '22P02',
      query: 'select 1 from users where id = $1',
    });
  });

  it('an outage while she registers: her alias is not logged', async () => {
    const body = registration();
    // the table is gone for the length of one request, as when the database is not what the app expects
    await db.db.execute(sql.raw('alter table users rename to users_away'));
    try {
      expect((await post(app, '/users/register/standard', body)).status).toBe(500);
    } finally {
      await db.db.execute(sql.raw('alter table users_away rename to users'));
    }
    const text = errorLines().join('\n');
    expect(text).toContain('42P01'); // undefined_table
    expect(text).not.toContain(body.alias);
    expect(text).not.toMatch(/params/i);
  });

  it('any other error whose message quotes parameters keeps its frames, not its message', () => {
    const e = new Error(
      'Failed query: select $1\nparams: layla.private@example.org\n    at forged (x.js:1:1)',
    );
    const described = describeError(e);
    expect(JSON.stringify(described)).not.toContain('layla');
    expect(JSON.stringify(described)).not.toContain('forged');
    expect(described.stack).toMatch(/^\s+at /);
    expect(describeError(new Error('plain'))).toMatchObject({ name: 'Error', message: 'plain' });
  });
});
