/**
 * The circle's posting side (issue 27): new threads and replies through every check (rules,
 * suspension, lengths, personal details in both languages, watched words, crisis words), a new
 * member's first posts held, the hourly limits (tighter for a new account), anonymity in answers,
 * the counters. Edits, deletions and reports: circle-moderation-rules.test.ts. Both databases.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '../../contract/circle.ts';
import { circleMembers, circlePosts, users } from '../../server/db/schema.ts';
import { applyStatusChange } from '../../server/domain/circle-counters.ts';
import { WORDS_FILE, type WordList } from '../../server/domain/circle-words.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { postgresLimitStore } from '../../server/lib/limit-store.ts';
import { DAY, postingFixtures } from './circle-posting-fixtures.ts';
import { call, cheapHasher, expectEnvelope, post, registerMember, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const clock = new ManualClock();
const { db, app } = await setupTestDb({ clock });
const words = JSON.parse(readFileSync(WORDS_FILE, 'utf8')) as Record<
  WordList,
  { en: string[]; ar: string[] }
>;
const {
  member: circleMember,
  thread,
  replyTo,
  postRow,
  threadRow,
  spaceCount,
  ...f
} = postingFixtures(app, db);

beforeAll(f.space);

describe('sending a thread or a reply', () => {
  it('asks for the rules first, and refuses a suspended member', async () => {
    const m = await registerMember(app);
    expectEnvelope(await thread(m.token), 'CIRCLE_RULES_REQUIRED');
    const s = await circleMember();
    await db.db
      .update(circleMembers)
      .set({ suspendedUntil: new Date(app.clock.now().getTime() + DAY) })
      .where(eq(circleMembers.userId, s.user.id));
    const r = await thread(s.token);
    expect(r.status).toBe(403);
    expectEnvelope(r, 'CIRCLE_SUSPENDED');
    expect((await call(app, 'POST', '/api/circle/threads', { json: {} })).status).toBe(401);
  });

  it('publishes a veteran’s thread and reply, counting them, as plain text', async () => {
    const m = await circleMember();
    const before = await spaceCount();
    const r = await thread(m.token, { body: '<b>Hi</b>\r\n\r\n\r\n\r\nthere  \r\nok' });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('published');
    expect(r.body.crisis).toBe(false);
    expect(r.body.post.body).toBe('<b>Hi</b>\n\nthere\nok');
    expect(r.body.post.mine).toBe(true);
    expect(r.body.post.author).toEqual({ kind: 'alias', alias: m.alias, avatar: expect.any(String) });
    expect(await spaceCount()).toBe(before + 1);
    const t = await threadRow(r.body.post.threadId);
    expect(t.status).toBe('published');
    expect(t.searchText).toContain('question about cramps');

    const other = await circleMember();
    const rep = await replyTo(other.token, t.id);
    expect(rep.status).toBe(201);
    expect(rep.body.status).toBe('published');
    expect((await threadRow(t.id)).replyCount).toBe(1);
    const [me] = await db.db.select().from(circleMembers).where(eq(circleMembers.userId, other.user.id));
    expect(me.approvedPosts).toBe(4);
  });

  it('refuses wrong lengths with field codes', async () => {
    const m = await circleMember();
    let r = await thread(m.token, { title: 'short', body: 'x' });
    expect(r.status).toBe(400);
    expect(r.body.error.fieldCodes).toEqual({ title: 'TEXT_TOO_SHORT', body: 'TEXT_TOO_SHORT' });
    r = await thread(m.token, { title: 't'.repeat(CIRCLE_LIMITS.titleMax + 1) });
    expect(r.body.error.fieldCodes).toEqual({ title: 'TEXT_TOO_LONG' });
    r = await thread(m.token, { body: 'a'.repeat(CIRCLE_LIMITS.threadBodyMax + 1) });
    expect(r.body.error.fieldCodes).toEqual({ body: 'TEXT_TOO_LONG' });
    // only whitespace and line breaks: nothing left
    r = await thread(m.token, { body: ' \r\n \n ' });
    expect(r.body.error.fieldCodes).toEqual({ body: 'TEXT_TOO_SHORT' });
    const t = (await thread(m.token)).body.post.threadId;
    r = await replyTo(m.token, t, { body: 'b'.repeat(CIRCLE_LIMITS.replyMax + 1) });
    expect(r.body.error.fieldCodes).toEqual({ body: 'TEXT_TOO_LONG' });
    expect((await replyTo(m.token, t, { body: 'b'.repeat(CIRCLE_LIMITS.replyMax) })).status).toBe(201);
    expectEnvelope(await thread(m.token, { spaceId: 'nowhere' }), 'CIRCLE_SPACE_NOT_FOUND');
    expectEnvelope(await replyTo(m.token, '00000000-0000-4000-8000-000000000000'), 'CIRCLE_THREAD_NOT_FOUND');
  });

  it('finds personal details in English and Arabic, with Arabic-Indic digits', async () => {
    const m = await circleMember();
    const cases: [Record<string, string>, string[]][] = [
      [{ body: 'Call me on 0551234567 please' }, ['phone']],
      [{ body: 'رقمي ٠٥٥١٢٣٤٥٦٧ راسليني' }, ['phone']],
      [{ body: 'write to sara.k@example.com' }, ['email']],
      [{ title: 'My name is Sara Ahmed, hello', body: 'see https://example.com/me' }, ['name', 'link']],
    ];
    for (const [body, kinds] of cases) {
      const r = await thread(m.token, body);
      expect(r.status).toBe(422);
      expectEnvelope(r, 'CIRCLE_PERSONAL_DETAILS');
      expect([...r.body.error.found].sort()).toEqual([...kinds].sort());
    }
    const t = (await thread(m.token)).body.post.threadId;
    const r = await replyTo(m.token, t, { body: 'واتساب ٠٥٥١٢٣٤٥٦٧' });
    expect(r.body.error.code).toBe('CIRCLE_PERSONAL_DETAILS');
    // nothing was stored by the refused ones
    const mine = await db.db.select().from(circlePosts).where(eq(circlePosts.authorId, m.user.id));
    expect(mine).toHaveLength(1);
  });

  it('refuses refused words, holds watched ones, flags crisis words (held, first in the queue)', async () => {
    const m = await circleMember();
    for (const w of [words.refuse.en[0], words.refuse.ar[0]]) {
      const r = await thread(m.token, { body: `you are a ${w} really` });
      expect(r.status).toBe(422);
      expectEnvelope(r, 'CIRCLE_WORDS_REFUSED');
    }
    const held = await thread(m.token, { body: `I am ${words.hold.en[0]} something here` });
    expect(held.status).toBe(201);
    expect(held.body.status).toBe('pending');
    expect(held.body.post.status).toBe('pending');
    let row = await postRow(held.body.post.id);
    expect(row.queueReasons).toEqual(['watched-word']);
    expect(row.watchedWords).toEqual([words.hold.en[0]]);
    expect((await threadRow(row.threadId)).status).toBe('pending');

    const before = await spaceCount();
    for (const w of [words.crisis.en[0], words.crisis.ar[0]]) {
      const crisis = await thread(m.token, { body: `Some days I ${w} and nobody knows` });
      expect(crisis.status).toBe(201);
      expect(crisis.body.crisis).toBe(true);
      expect(crisis.body.status).toBe('pending');
      row = await postRow(crisis.body.post.id);
      expect(row.crisis).toBe(true);
      expect(row.queueReasons).toContain('crisis');
    }
    expect(await spaceCount()).toBe(before);
    // a word inside another word is not the word
    const fine = await thread(m.token, { body: `${words.hold.en[0]}xyz is not a word` });
    expect(fine.body.status).toBe('published');
  });

  it('holds a new member’s first three posts, then publishes once they were approved', async () => {
    const m = await circleMember(false);
    await db.db
      .update(users)
      .set({ createdAt: new Date(app.clock.now().getTime() - 30 * DAY) })
      .where(eq(users.id, m.user.id));
    const ids: string[] = [];
    for (let i = 0; i < CIRCLE_LIMITS.heldFirstPosts; i++) {
      const r = await thread(m.token);
      expect(r.body.status).toBe('pending');
      expect((await postRow(r.body.post.id)).queueReasons).toEqual(['new-member']);
      ids.push(r.body.post.id);
    }
    const before = await spaceCount();
    // a moderator approves them (as the moderation does: status, counters, her approved posts)
    for (const id of ids)
      await db.transaction(async (tx) => {
        const [p] = await tx
          .update(circlePosts)
          .set({ status: 'published' })
          .where(eq(circlePosts.id, id))
          .returning();
        await applyStatusChange(tx, p, 'pending', 'published', app.clock.now());
        await tx
          .update(circleMembers)
          .set({ approvedPosts: sql`${circleMembers.approvedPosts} + 1` })
          .where(eq(circleMembers.userId, m.user.id));
      });
    expect(await spaceCount()).toBe(before + 3);
    const r = await thread(m.token);
    expect(r.body.status).toBe('published');
  });

  it('limits posts per hour, tighter for a new account, and refills with time', async () => {
    const young = await circleMember(false);
    await db.db
      .update(circleMembers)
      .set({ approvedPosts: 3 })
      .where(eq(circleMembers.userId, young.user.id));
    const t = (await thread((await circleMember()).token)).body.post.threadId;
    for (let i = 0; i < CIRCLE_LIMITS.newAccountPostsPerHour; i++)
      expect((await replyTo(young.token, t)).status).toBe(201);
    const limited = await replyTo(young.token, t);
    expect(limited.status).toBe(429);
    expectEnvelope(limited, 'RATE_LIMITED');
    expect(limited.body.error.retryAfter).toBeGreaterThan(0);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.error.retryAfter));
    // a refused post costs nothing and is refused for what it says, not for the limit
    expectEnvelope(await replyTo(young.token, t, { body: 'x' }), 'VALIDATION_ERROR');

    const old = await circleMember();
    for (let i = 0; i < CIRCLE_LIMITS.postsPerHour; i++)
      expect((await replyTo(old.token, t)).status).toBe(201);
    expect((await replyTo(old.token, t)).status).toBe(429);
    clock.advance(60 * 60_000);
    expect((await replyTo(old.token, t)).status).toBe(201);
  });

  it('counts her posts across processes in the shared store', async () => {
    // two apps on one database, as two processes: the `rate_limits` table counts for both
    const [a, b] = [0, 1].map(() =>
      testApp({ db, clock, hasher: cheapHasher(), limitStore: postgresLimitStore(db) }),
    );
    const fa = postingFixtures(a, db);
    const young = await fa.member(false);
    await db.db
      .update(circleMembers)
      .set({ approvedPosts: 3 })
      .where(eq(circleMembers.userId, young.user.id));
    const t = (await fa.thread((await fa.member()).token)).body.post.threadId;
    const fb = postingFixtures(b, db);
    for (let i = 0; i < CIRCLE_LIMITS.newAccountPostsPerHour; i++)
      expect((await (i % 2 ? fb : fa).replyTo(young.token, t)).status).toBe(201);
    expectEnvelope(await fb.replyTo(young.token, t), 'RATE_LIMITED');
    expectEnvelope(await fa.replyTo(young.token, t), 'RATE_LIMITED');
  });

  it('never shows who wrote an anonymous post, to her or to others', async () => {
    const m = await circleMember();
    const r = await thread(m.token, { anonymous: true, title: 'Asking quietly about this' });
    expect(r.body.post.author).toEqual({ kind: 'member' });
    expect(r.body.post.mine).toBe(true);
    expect(r.text).not.toContain(m.alias);
    expect(r.text).not.toContain(m.user.id);
    const rep = await replyTo(m.token, r.body.post.threadId, { anonymous: true });
    expect(rep.body.post.author).toEqual({ kind: 'member' });
    expect(rep.text).not.toContain(m.alias);
    const other = await circleMember();
    const read = await call(app, 'GET', `/api/circle/threads/${r.body.post.threadId}`, {
      token: other.token,
    });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(m.alias);
    expect(read.text).not.toContain(m.user.id);
    expect(read.body.opening.author).toEqual({ kind: 'member' });
  });

  it('answers bad input with 4xx, never 500', async () => {
    const m = await circleMember();
    const t = (await thread(m.token)).body.post.threadId;
    const bodies: unknown[] = [
      {},
      [],
      { spaceId: 1, title: 2, body: 3, anonymous: 'yes' },
      { spaceId: 'periods', title: null, body: 'x', anonymous: false },
      { spaceId: 'x'.repeat(10_000), title: 'A title long enough', body: 'hello', anonymous: false },
      { spaceId: 'periods', title: '\u200f\u200e\u2066', body: '\u0000hello', anonymous: false },
      { spaceId: 'periods', title: '😀'.repeat(200), body: '🙂', anonymous: false },
      { spaceId: "periods' or 1=1 --", title: 'A title long enough', body: 'hello', anonymous: false },
    ];
    const paths = ['/circle/threads', `/circle/threads/${t}/replies`, '/circle/threads/not-a-uuid/replies'];
    for (const path of paths)
      for (const json of bodies) {
        const r = await post(app, path, json, { token: m.token });
        const what = `${path} ${JSON.stringify(json).slice(0, 60)}`;
        expect(r.status, what).toBeLessThan(500);
        // a reply reads `body` and `anonymous` only: a few of these are good replies
        if (!path.endsWith('/replies') || r.status !== 201)
          expect(r.status, what).toBeGreaterThanOrEqual(400);
      }
    for (const body of ['not json', '{"body":', 'null', '"text"']) {
      const r = await call(app, 'POST', '/api/circle/threads', {
        body,
        headers: { 'content-type': 'application/json' },
        token: m.token,
      });
      expect(r.status).toBe(400);
    }
    const wrongType = await call(app, 'POST', '/api/circle/threads', { body: 'x=1', token: m.token });
    expect(wrongType.status).toBe(415);
  });
});
