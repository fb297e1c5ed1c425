/**
 * The circle's reading side (issue 27) on PGlite and PostgreSQL: the spaces from the content file
 * in the request's language, a space's threads newest / most helpful / unanswered, keyset pages that
 * never repeat or skip a thread (ties included), a thread's replies paged oldest first, search in
 * Arabic (hamza, taa marbuta, diacritics, Arabic-Indic digits) and English, the expert filter and
 * an expert's marked reply; a bad cursor is 400, no token is 401.
 */
import { describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '../../contract/circle.ts';
import { decodeCursor, encodeCursor } from '../../server/domain/circle-cursor.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { insertReply, insertThread } from './circle-reads-fixtures.ts';
import { call, expectEnvelope, registerMember } from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb } from './test-db.ts';

const START = Date.UTC(2026, 10, 20, 9, 0);
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
const at = (minutes: number) => new Date(START + minutes * 60_000);

const reader = await registerMember(app);
const writer = await registerMember(app);
const get = (path: string, headers: Record<string, string> = {}) =>
  call(app, 'GET', `/api${path}`, { token: reader.token, headers });

/** Every page of a list, following nextCursor. */
async function allPages(path: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const r = await get(cursor ? `${path}${sep}cursor=${cursor}` : path);
    expect(r.status, r.text).toBe(200);
    ids.push(...r.body.items.map((t: { id: string }) => t.id));
    cursor = r.body.nextCursor;
    pages++;
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe('spaces', () => {
  it('lists the seven spaces of the content file in order, in the request’s language', async () => {
    const en = await get('/circle/spaces');
    expect(en.status).toBe(200);
    expect(en.headers.get('cache-control')).toBe('no-store');
    expect(en.body.spaces.map((s: { id: string }) => s.id)).toEqual([
      'periods',
      'contraception',
      'pregnancy-and-loss',
      'fertility',
      'menopause',
      'intimacy-and-relationships',
      'wellbeing',
    ]);
    expect(en.body.spaces[0]).toMatchObject({ title: 'Periods', threads: 0, lastActivityAt: null });
    const ar = await get('/circle/spaces', { 'accept-language': 'ar' });
    expect(ar.body.spaces[0].title).toBe('الدورة الشهرية');
    expect(ar.body.spaces[0].description).toMatch(/دورتكِ/);
  });
});

describe('thread lists', () => {
  // menopause: 45 threads, some sharing a time, helpful counts with ties, a third answered
  const made: { id: string; at: number; helpful: number; replies: number }[] = [];
  it('orders a space’s threads newest, most helpful and unanswered, in keyset pages without repeats or gaps', async () => {
    for (let i = 0; i < 45; i++) {
      const minute = Math.floor(i / 3); // three threads per minute: ties on the time
      const helpful = i % 4;
      const { thread } = await insertThread(db, {
        spaceId: 'menopause',
        authorId: writer.user.id,
        title: `Hot flushes question number ${i}`,
        at: at(minute),
        helpful,
      });
      let replies = 0;
      if (i % 3 === 0) {
        await insertReply(db, { threadId: thread.id, authorId: reader.user.id, at: at(minute + 100) });
        replies = 1;
      }
      made.push({ id: thread.id, at: replies ? minute + 100 : minute, helpful, replies });
    }
    const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const newest = [...made].sort((a, b) => b.at - a.at || desc(a.id, b.id)).map((t) => t.id);
    const helpful = [...made].sort((a, b) => b.helpful - a.helpful || desc(a.id, b.id)).map((t) => t.id);
    const unanswered = newest.filter((id) => made.find((t) => t.id === id)!.replies === 0);

    const n = await allPages('/circle/threads?space=menopause');
    expect(n.pages).toBe(3);
    expect(n.ids).toEqual(newest);
    expect(new Set(n.ids).size).toBe(45);
    expect((await allPages('/circle/threads?space=menopause&order=helpful')).ids).toEqual(helpful);
    const u = await allPages('/circle/threads?space=menopause&order=unanswered');
    expect(u.ids).toEqual(unanswered);
    expect(u.ids).toHaveLength(30);

    const first = await get('/circle/threads?space=menopause&order=helpful');
    expect(first.body.items).toHaveLength(CIRCLE_LIMITS.threadsPageSize);
    expect(first.body.items[0]).toMatchObject({
      spaceId: 'menopause',
      helpful: 3,
      status: 'published',
      mine: false,
      author: { kind: 'alias', alias: writer.alias, avatar: 'date-palm' },
    });
    expect(first.body.items[0].excerpt).toMatch(/^Has anyone else/);
  });

  it('a thread arriving between two pages does not shift the next page', async () => {
    const page1 = await get('/circle/threads?space=menopause');
    await insertThread(db, { spaceId: 'menopause', authorId: writer.user.id, at: at(500) });
    const page2 = await get(`/circle/threads?space=menopause&cursor=${page1.body.nextCursor}`);
    const before = await allPages('/circle/threads?space=menopause');
    expect(page2.body.items.map((t: { id: string }) => t.id)).toEqual(before.ids.slice(21, 41));
  });

  it('lists every space together when no space is asked', async () => {
    await insertThread(db, { spaceId: 'fertility', authorId: writer.user.id, at: at(600) });
    const r = await get('/circle/threads');
    expect(r.body.items[0].spaceId).toBe('fertility');
  });

  it('refuses a bad cursor, another order’s cursor and an unknown space', async () => {
    const n = await get('/circle/threads?space=menopause');
    for (const bad of ['nope!', 'bm90IGpzb24', encodeCursor('h', 3, made[0].id), n.body.nextCursor]) {
      const r = await get(
        `/circle/threads?space=menopause&order=${bad === n.body.nextCursor ? 'helpful' : 'newest'}&cursor=${bad}`,
      );
      expectEnvelope(r, 'VALIDATION_ERROR');
      expect(r.status).toBe(400);
    }
    expect(() => decodeCursor(encodeCursor('n', 3, made[0].id), 'n')).toThrow();
    expect((await get('/circle/threads?space=nowhere')).status).toBe(404);
    expectEnvelope(await get('/circle/threads?space=nowhere'), 'CIRCLE_SPACE_NOT_FOUND');
    expectEnvelope(await get('/circle/threads?order=oldest'), 'VALIDATION_ERROR');
  });
});

describe('search', () => {
  it('finds Arabic whatever the hamza, taa marbuta, diacritics and digits, and English whatever the case', async () => {
    const { thread: ar } = await insertThread(db, {
      spaceId: 'pregnancy-and-loss',
      authorId: writer.user.id,
      title: 'أسئلة عن الحَمْل بعد الإجهاض',
      body: 'مرّت ٣ أشهر على الخسارة، متى تعود الدورة؟',
      at: at(700),
    });
    const { thread: en } = await insertThread(db, {
      spaceId: 'pregnancy-and-loss',
      authorId: writer.user.id,
      title: 'Cramps after a MISCARRIAGE',
      body: 'Is it normal to have cramps three weeks later?',
      at: at(701),
    });
    const find = async (q: string, space = 'pregnancy-and-loss') =>
      (await get(`/circle/threads?space=${space}&q=${encodeURIComponent(q)}`)).body.items.map(
        (t: { id: string }) => t.id,
      );
    expect(await find('اسئله')).toEqual([ar.id]);
    expect(await find('الحمل الاجهاض')).toEqual([ar.id]);
    expect(await find('الدوره')).toEqual([ar.id]);
    expect(await find('إجهاض')).toEqual([ar.id]);
    expect(await find('3 اشهر')).toEqual([ar.id]);
    expect(await find('miscarriage')).toEqual([en.id]);
    expect(await find('CRAMPS weeks')).toEqual([en.id]);
    expect(await find('cramps weeks', 'periods')).toEqual([]);
    expect(await find('cramps 100%_')).toEqual([]);
    expect(await find('حمل')).toEqual([ar.id]);
  });
});

describe('experts and a long thread', () => {
  it('filters the threads an expert answered and shows her reply marked with her name and title', async () => {
    const expert = await staffSignedIn(db, clock, { roles: ['expert'], expertId: 'rana-aziz' });
    const { thread } = await insertThread(db, {
      spaceId: 'wellbeing',
      authorId: writer.user.id,
      at: at(800),
    });
    await insertThread(db, { spaceId: 'wellbeing', authorId: writer.user.id, at: at(801) });
    await insertReply(db, { threadId: thread.id, staffId: expert.id, at: at(802), body: 'Sleep first.' });
    const r = await get('/circle/threads?space=wellbeing&expert=1');
    expect(r.body.items.map((t: { id: string }) => t.id)).toEqual([thread.id]);
    expect(r.body.items[0].expertAnswered).toBe(true);
    expect((await get('/circle/threads?space=wellbeing&expert=0')).body.items).toHaveLength(2);
    const page = await get(`/circle/threads/${thread.id}`);
    expect(page.body.replies[0].author).toMatchObject({ kind: 'expert', expertId: 'rana-aziz' });
    expect(page.body.replies[0].author.name).toMatch(/Rana/);
    expect(page.body.replies[0].author.title.length).toBeGreaterThan(0);
    const ar = await get(`/circle/threads/${thread.id}`, { 'accept-language': 'ar' });
    expect(ar.body.space.title).not.toBe(page.body.space.title);
    expect(ar.body.replies[0].author.title).not.toBe(page.body.replies[0].author.title);
  });

  it('pages a thread’s 120 replies oldest first, 50 at a time, without repeats', async () => {
    const { thread } = await insertThread(db, {
      spaceId: 'fertility',
      authorId: writer.user.id,
      at: at(900),
    });
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await insertReply(db, {
        threadId: thread.id,
        authorId: reader.user.id,
        at: at(901 + Math.floor(i / 2)),
      });
      ids.push(r.id);
    }
    const got: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await get(`/circle/threads/${thread.id}${cursor ? `?cursor=${cursor}` : ''}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.replyCount).toBe(120);
      expect(r.body.opening.id).toBeTruthy();
      got.push(...r.body.replies.map((p: { id: string }) => p.id));
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const order = [...ids].sort((a, b) => {
      const ia = ids.indexOf(a);
      const ib = ids.indexOf(b);
      return Math.floor(ia / 2) - Math.floor(ib / 2) || (a < b ? -1 : 1);
    });
    expect(got).toEqual(order);
    expectEnvelope(
      await get(`/circle/threads/${thread.id}?cursor=${encodeCursor('n', at(1), thread.id)}`),
      'VALIDATION_ERROR',
    );
    expectEnvelope(
      await get('/circle/threads/0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c'),
      'CIRCLE_THREAD_NOT_FOUND',
    );
    expectEnvelope(await get('/circle/threads/not-a-uuid'), 'VALIDATION_ERROR');
  });
});

describe('no token', () => {
  it('every reading route is 401 without a bearer token', async () => {
    const id = '0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c';
    for (const [method, path] of [
      ['GET', '/circle/spaces'],
      ['GET', '/circle/threads'],
      ['GET', `/circle/threads/${id}`],
      ['PUT', `/circle/posts/${id}/helpful`],
      ['DELETE', `/circle/posts/${id}/helpful`],
      ['GET', '/circle/me'],
      ['PUT', '/circle/me/rules'],
      ['PUT', '/circle/me/email'],
      ['GET', '/circle/me/replies'],
      ['POST', '/circle/me/replies/seen'],
    ]) {
      const r = await call(app, method, `/api${path}`);
      expect(r.status, `${method} ${path}`).toBe(401);
      expectEnvelope(r, 'UNAUTHORIZED');
    }
  });
});
