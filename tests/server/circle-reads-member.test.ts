/**
 * The circle's reading side for one member (issue 27) on PGlite and PostgreSQL: a post written as
 * "a member" never carries her alias or id in any answer to another member (the raw JSON is
 * searched); what is hers, waiting or hidden, is shown to her alone; a removed post is empty to
 * others and carries its reason to her; "this helped me" is an idempotent count that never says
 * who; her standing: the rules accepted once, replies by e-mail only with an address, the replies
 * to her threads with their unread count, seen.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { insertReply, insertThread } from './circle-reads-fixtures.ts';
import { call, expectEnvelope, registerMember } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const START = Date.UTC(2026, 10, 21, 9, 0);
const clock = new ManualClock(START);
const { db, app } = await setupTestDb({ clock });
const at = (minutes: number) => new Date(START + minutes * 60_000);

const amal = await registerMember(app); // writes as "a member"
const bushra = await registerMember(app);
const as = (who: { token: string }, method: string, path: string, json?: unknown) =>
  call(app, method, `/api${path}`, { token: who.token, json });

describe('anonymity', () => {
  it('an anonymous post never lets her alias or id out to another member, in any answer', async () => {
    const { thread, opening } = await insertThread(db, {
      spaceId: 'intimacy-and-relationships',
      authorId: amal.user.id,
      title: 'Something I cannot ask anyone I know',
      body: 'I would rather nobody knew this was me.',
      anonymous: true,
      at: at(1),
    });
    const { thread: bushrasThread } = await insertThread(db, {
      spaceId: 'intimacy-and-relationships',
      authorId: bushra.user.id,
      title: 'Talking to my husband about it',
      at: at(2),
    });
    const reply = await insertReply(db, {
      threadId: bushrasThread.id,
      authorId: amal.user.id,
      anonymous: true,
      body: 'What helped me was writing it down first.',
      at: at(3),
    });
    await as(bushra, 'PUT', `/circle/posts/${reply.id}/helpful`);
    const answers = [
      await as(bushra, 'GET', '/circle/threads?space=intimacy-and-relationships'),
      await as(bushra, 'GET', '/circle/threads?q=nobody'),
      await as(bushra, 'GET', '/circle/threads'),
      await as(bushra, 'GET', `/circle/threads/${thread.id}`),
      await as(bushra, 'GET', `/circle/threads/${bushrasThread.id}`),
      await as(bushra, 'GET', '/circle/me/replies'),
      await as(bushra, 'PUT', `/circle/posts/${opening.id}/helpful`),
      await as(bushra, 'GET', '/circle/me'),
    ];
    for (const r of answers) {
      expect(r.status, r.text).toBe(200);
      expect(r.text).not.toContain(amal.alias);
      expect(r.text.toLowerCase()).not.toContain(amal.user.id.toLowerCase());
    }
    const [list, , , page, hers, replies] = answers.map((r) => r.body);
    const listed = list.items.find((t: { id: string }) => t.id === thread.id);
    expect(listed.author).toEqual({ kind: 'member' });
    expect(page.opening.author).toEqual({ kind: 'member' });
    expect(page.opening.mine).toBe(false);
    expect(hers.replies[0].author).toEqual({ kind: 'member' });
    expect(replies.items[0]).toMatchObject({ postId: reply.id, author: { kind: 'member' }, unread: true });
    // her own answer: hers, still "a member"
    const own = await as(amal, 'GET', `/circle/threads/${thread.id}`);
    expect(own.body.opening).toMatchObject({ mine: true, author: { kind: 'member' } });
    expect(own.body.opening.editableUntil).toBe(new Date(at(1).getTime() + 15 * 60_000).toISOString());
    clock.set(at(30));
    expect((await as(amal, 'GET', `/circle/threads/${thread.id}`)).body.opening.editableUntil).toBeNull();
  });
});

describe('what only she sees', () => {
  it('shows her own waiting and hidden posts to her alone, marked, and a removed post’s reason to her only', async () => {
    const { thread: waiting } = await insertThread(db, {
      spaceId: 'contraception',
      authorId: amal.user.id,
      status: 'pending',
      at: at(40),
    });
    const { thread: open } = await insertThread(db, {
      spaceId: 'contraception',
      authorId: bushra.user.id,
      at: at(41),
    });
    const hidden = await insertReply(db, {
      threadId: open.id,
      authorId: amal.user.id,
      status: 'hidden',
      at: at(42),
    });
    const removed = await insertReply(db, {
      threadId: open.id,
      authorId: amal.user.id,
      status: 'removed',
      removedReason: 'It named a clinic and a doctor.',
      body: 'Go to Dr Example at the Example Clinic',
      at: at(43),
    });
    const mine = await as(amal, 'GET', '/circle/threads?space=contraception');
    expect(mine.body.items.map((t: { id: string }) => t.id)).toEqual([open.id, waiting.id]);
    expect(mine.body.items[1]).toMatchObject({ status: 'pending', mine: true });
    const theirs = await as(bushra, 'GET', '/circle/threads?space=contraception');
    expect(theirs.body.items.map((t: { id: string }) => t.id)).toEqual([open.id]);
    expectEnvelope(await as(bushra, 'GET', `/circle/threads/${waiting.id}`), 'CIRCLE_THREAD_NOT_FOUND');
    expect((await as(amal, 'GET', `/circle/threads/${waiting.id}`)).status).toBe(200);

    const toHer = (await as(amal, 'GET', `/circle/threads/${open.id}`)).body.replies;
    expect(toHer.map((p: { id: string }) => p.id)).toEqual([hidden.id, removed.id]);
    expect(toHer[0]).toMatchObject({ status: 'hidden', mine: true });
    expect(toHer[1]).toMatchObject({
      status: 'removed',
      body: 'Go to Dr Example at the Example Clinic',
      removedReason: 'It named a clinic and a doctor.',
      editableUntil: null,
    });
    const r = await as(bushra, 'GET', `/circle/threads/${open.id}`);
    expect(r.body.replies).toHaveLength(1);
    expect(r.body.replies[0]).toMatchObject({
      id: removed.id,
      status: 'removed',
      body: '',
      removedReason: null,
      author: { kind: 'member' },
    });
    expect(r.text).not.toContain('Example Clinic');
    expect(r.text).not.toContain('named a clinic');
    expect(r.text).not.toContain(amal.alias);
  });
});

describe('this helped me', () => {
  it('counts marks idempotently, never says who, and keeps the thread’s count for the helpful order', async () => {
    const carla = await registerMember(app);
    const { thread, opening } = await insertThread(db, {
      spaceId: 'menopause',
      authorId: amal.user.id,
      at: at(60),
    });
    const put = (who: { token: string }) => as(who, 'PUT', `/circle/posts/${opening.id}/helpful`);
    const del = (who: { token: string }) => as(who, 'DELETE', `/circle/posts/${opening.id}/helpful`);
    expect((await put(bushra)).body).toEqual({ helpful: 1, helpedMe: true });
    expect((await put(bushra)).body).toEqual({ helpful: 1, helpedMe: true });
    expect((await put(carla)).body).toEqual({ helpful: 2, helpedMe: true });
    expect((await put(amal)).body).toEqual({ helpful: 2, helpedMe: false }); // her own: no mark
    const listed = await as(carla, 'GET', '/circle/threads?space=menopause&order=helpful');
    expect(listed.body.items[0]).toMatchObject({ id: thread.id, helpful: 2 });
    const page = await as(carla, 'GET', `/circle/threads/${thread.id}`);
    expect(page.body.opening).toMatchObject({ helpful: 2, helpedMe: true });
    expect(page.text).not.toContain(bushra.alias);
    expect((await as(amal, 'GET', `/circle/threads/${thread.id}`)).body.opening.helpedMe).toBe(false);
    expect((await del(bushra)).body).toEqual({ helpful: 1, helpedMe: false });
    expect((await del(bushra)).body).toEqual({ helpful: 1, helpedMe: false });
    expect((await as(carla, 'GET', '/circle/threads?space=menopause')).body.items[0].helpful).toBe(1);

    const pending = await insertReply(db, {
      threadId: thread.id,
      authorId: amal.user.id,
      status: 'pending',
      at: at(61),
    });
    expectEnvelope(await as(bushra, 'PUT', `/circle/posts/${pending.id}/helpful`), 'CIRCLE_POST_NOT_FOUND');
    expectEnvelope(
      await as(bushra, 'PUT', '/circle/posts/0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c/helpful'),
      'CIRCLE_POST_NOT_FOUND',
    );
    expectEnvelope(await as(bushra, 'PUT', '/circle/posts/123/helpful'), 'VALIDATION_ERROR');
  });
});

describe('her standing', () => {
  it('keeps the first time she accepted the rules', async () => {
    const dina = await registerMember(app);
    const first = await as(dina, 'GET', '/circle/me');
    expect(first.body).toEqual({
      rulesAcceptedAt: null,
      unread: 0,
      suspendedUntil: null,
      warning: null,
      email: { available: false, replies: false },
    });
    clock.set(at(100));
    expect((await as(dina, 'PUT', '/circle/me/rules')).body.rulesAcceptedAt).toBe(at(100).toISOString());
    clock.set(at(200));
    expect((await as(dina, 'PUT', '/circle/me/rules')).body.rulesAcceptedAt).toBe(at(100).toISOString());
  });

  it('asks replies by e-mail only with an address in Account Settings', async () => {
    const ella = await registerMember(app);
    expectEnvelope(await as(ella, 'PUT', '/circle/me/email', { replies: true }), 'CIRCLE_EMAIL_UNAVAILABLE');
    expectEnvelope(await as(ella, 'PUT', '/circle/me/email', { replies: 'yes' }), 'VALIDATION_ERROR');
    await db.db.update(users).set({ email: 'ella@example.org' }).where(eq(users.id, ella.user.id));
    expect((await as(ella, 'PUT', '/circle/me/email', { replies: true })).body.email).toEqual({
      available: true,
      replies: true,
    });
    expect((await as(ella, 'PUT', '/circle/me/email', { replies: false })).body.email.replies).toBe(false);
  });

  it('counts the replies to her threads she has not seen, lists them newest first, and sets them seen', async () => {
    const fatma = await registerMember(app);
    clock.set(at(300));
    const { thread } = await insertThread(db, { spaceId: 'wellbeing', authorId: fatma.user.id, at: at(300) });
    const r1 = await insertReply(db, { threadId: thread.id, authorId: bushra.user.id, at: at(301) });
    await insertReply(db, { threadId: thread.id, authorId: fatma.user.id, at: at(302) }); // her own
    await insertReply(db, { threadId: thread.id, authorId: amal.user.id, status: 'pending', at: at(303) });
    const r2 = await insertReply(db, {
      threadId: thread.id,
      authorId: amal.user.id,
      anonymous: true,
      at: at(304),
    });
    expect((await as(fatma, 'GET', '/circle/me')).body.unread).toBe(2);
    const list = await as(fatma, 'GET', '/circle/me/replies');
    expect(list.body.items.map((i: { postId: string }) => i.postId)).toEqual([r2.id, r1.id]);
    expect(list.body.items[0]).toMatchObject({
      threadId: thread.id,
      unread: true,
      author: { kind: 'member' },
    });
    expect(list.body.items[1].author).toMatchObject({ kind: 'alias', alias: bushra.alias });
    expect(list.text).not.toContain(amal.alias);

    clock.set(at(310));
    expect((await as(fatma, 'POST', '/circle/me/replies/seen')).body.unread).toBe(0);
    expect(
      (await as(fatma, 'GET', '/circle/me/replies')).body.items.every((i: { unread: boolean }) => !i.unread),
    ).toBe(true);
    const r3 = await insertReply(db, { threadId: thread.id, authorId: bushra.user.id, at: at(311) });
    expect((await as(fatma, 'GET', '/circle/me')).body.unread).toBe(1);
    expect((await as(fatma, 'GET', '/circle/me/replies')).body.items[0]).toMatchObject({
      postId: r3.id,
      unread: true,
    });
  });

  it('pages the replies to her threads without repeats; a bad cursor is 400', async () => {
    const gina = await registerMember(app);
    const { thread } = await insertThread(db, { spaceId: 'periods', authorId: gina.user.id, at: at(400) });
    const ids: string[] = [];
    for (let i = 0; i < 45; i++)
      ids.push(
        (await insertReply(db, { threadId: thread.id, authorId: bushra.user.id, at: at(401 + (i % 7)) })).id,
      );
    const got: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await as(gina, 'GET', `/circle/me/replies${cursor ? `?cursor=${cursor}` : ''}`);
      expect(r.status, r.text).toBe(200);
      got.push(...r.body.items.map((i: { postId: string }) => i.postId));
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(got).toHaveLength(45);
    expect(new Set(got)).toEqual(new Set(ids));
    expectEnvelope(await as(gina, 'GET', '/circle/me/replies?cursor=abc'), 'VALIDATION_ERROR');
  });
});
