/**
 * The circle's posting side after a post is sent (issue 27): editing her own post within the
 * window (the manual clock), deleting (a thread with its opening post), reports (one per member,
 * three hide the post, counters follow), replies by e-mail (a real SMTP server on loopback, nothing
 * of the reply in the mail). Both databases.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '../../contract/circle.ts';
import { circleMembers, circleReports, users } from '../../server/db/schema.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { postingFixtures } from './circle-posting-fixtures.ts';
import { call, expectEnvelope, post, testApp } from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const clock = new ManualClock();
const { db, app } = await setupTestDb({ clock });
const { member, thread, replyTo, postRow, threadRow, spaceCount, space } = postingFixtures(app, db);

beforeAll(space);

const edit = (token: string, id: string, json: unknown) =>
  call(app, 'PATCH', `/api/circle/posts/${id}`, { json, token });
const remove = (token: string, id: string) => call(app, 'DELETE', `/api/circle/posts/${id}`, { token });
const report = (token: string, id: string, json: unknown = { reason: 'unkind' }) =>
  post(app, `/circle/posts/${id}/reports`, json, { token });

describe('editing her own post', () => {
  it('edits within the window, re-checks, and updates the thread’s title and search text', async () => {
    const m = await member();
    const sent = await thread(m.token);
    const id = sent.body.post.id;
    expect(sent.body.post.editableUntil).toBe(new Date(clock.now().getTime() + 15 * 60_000).toISOString());
    clock.advance(10 * 60_000);
    const r = await edit(m.token, id, {
      title: 'Cramps and heat pads',
      body: 'What helped you most?\r\nThanks',
    });
    expect(r.status).toBe(200);
    expect(r.body.body).toBe('What helped you most?\nThanks');
    expect(r.body.editedAt).toBe(clock.now().toISOString());
    const t = await threadRow(sent.body.post.threadId);
    expect(t.title).toBe('Cramps and heat pads');
    expect(t.searchText).toContain('heat pads');
    expect(t.searchText).toContain('helped you most');

    expectEnvelope(await edit(m.token, id, { body: 'call 0551234567' }), 'CIRCLE_PERSONAL_DETAILS');
    expectEnvelope(await edit(m.token, id, { body: 'x' }), 'VALIDATION_ERROR');
    const other = await member();
    const notYours = await edit(other.token, id, { body: 'changed by another' });
    expect(notYours.status).toBe(403);
    expectEnvelope(notYours, 'CIRCLE_NOT_YOURS');

    clock.advance(5 * 60_000 + 1);
    const late = await edit(m.token, id, { body: 'too late now' });
    expect(late.status).toBe(409);
    expectEnvelope(late, 'CIRCLE_EDIT_WINDOW_CLOSED');
    expect((await postRow(id)).body).toBe('What helped you most?\nThanks');
  });

  it('holds a published post edited into a watched word, and takes no title for a reply', async () => {
    const m = await member();
    const t = (await thread(m.token)).body.post.threadId;
    const rep = (await replyTo(m.token, t)).body.post.id;
    expect((await threadRow(t)).replyCount).toBe(1);
    const titled = await edit(m.token, rep, { body: 'fine words', title: 'A title for a reply' });
    expect(titled.body.error.fieldCodes).toEqual({ title: 'INVALID' });
    const held = await edit(m.token, rep, { body: 'Some days I want to die honestly' });
    expect(held.status).toBe(200);
    expect(held.body.status).toBe('pending');
    const row = await postRow(rep);
    expect(row.crisis).toBe(true);
    expect(row.queueReasons).toEqual(['crisis']);
    expect((await threadRow(t)).replyCount).toBe(0);
  });
});

describe('deleting her own post', () => {
  it('deletes a reply (counted out) and a thread with its opening post, at any time', async () => {
    const m = await member();
    const other = await member();
    const before = await spaceCount();
    const sent = await thread(m.token);
    const t = sent.body.post.threadId;
    const rep = (await replyTo(other.token, t)).body.post.id;
    expect(await spaceCount()).toBe(before + 1);
    expect((await threadRow(t)).replyCount).toBe(1);

    expectEnvelope(await remove(m.token, rep), 'CIRCLE_NOT_YOURS');
    clock.advance(2 * 60 * 60_000); // long after the edit window
    expect((await remove(other.token, rep)).status).toBe(204);
    expect(await postRow(rep)).toBeUndefined();
    expect((await threadRow(t)).replyCount).toBe(0);
    expectEnvelope(await remove(other.token, rep), 'CIRCLE_POST_NOT_FOUND');

    await replyTo(other.token, t);
    expect((await remove(m.token, sent.body.post.id)).status).toBe(204);
    expect(await threadRow(t)).toBeUndefined();
    expect(await spaceCount()).toBe(before);
    expect((await remove(m.token, 'not-a-uuid')).status).toBe(400);
  });
});

describe('reports', () => {
  it('takes one report per member, never her own; three hide the post until a moderator decides', async () => {
    const author = await member();
    const t = (await thread(author.token)).body.post.threadId;
    const rep = (await replyTo(author.token, t)).body.post.id;
    expect((await threadRow(t)).replyCount).toBe(1);
    expect((await report(author.token, rep)).status).toBe(403);

    const reporters = [await member(false), await member(false), await member(false)];
    const first = await report(reporters[0].token, rep, { reason: 'personal-details', note: 'her number' });
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ received: true });
    expectEnvelope(await report(reporters[0].token, rep), 'CIRCLE_ALREADY_REPORTED');
    expect((await report(reporters[1].token, rep, { reason: 'rude' })).status).toBe(400);
    const long = await report(reporters[1].token, rep, {
      reason: 'other',
      note: 'n'.repeat(CIRCLE_LIMITS.reportNoteMax + 1),
    });
    expect(long.body.error.fieldCodes).toEqual({ note: 'TEXT_TOO_LONG' });
    expect((await report(reporters[1].token, rep, { reason: 'spam' })).status).toBe(202);
    expect((await postRow(rep)).status).toBe('published');
    expect((await report(reporters[2].token, rep, { reason: 'unkind' })).status).toBe(202);

    const row = await postRow(rep);
    expect(row.status).toBe('hidden');
    expect(row.queueReasons).toEqual(['reported']);
    expect(row.reportCount).toBe(3);
    expect((await threadRow(t)).replyCount).toBe(0);
    const stored = await db.db.select().from(circleReports).where(eq(circleReports.postId, rep));
    expect(stored.map((s) => s.note).filter(Boolean)).toEqual(['her number']);

    // a hidden post is hidden from the others; its author still sees it, marked
    const others = await call(app, 'GET', `/api/circle/threads/${t}`, { token: reporters[0].token });
    expect(others.body.replies.map((p: { id: string }) => p.id)).not.toContain(rep);
    const hers = await call(app, 'GET', `/api/circle/threads/${t}`, { token: author.token });
    expect(hers.body.replies.find((p: { id: string }) => p.id === rep)?.status).toBe('hidden');
    expectEnvelope(
      await report(reporters[0].token, '00000000-0000-4000-8000-000000000000'),
      'CIRCLE_POST_NOT_FOUND',
    );
  });
});

describe('replies by e-mail', () => {
  const received: { to: string[]; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        done();
      });
    },
  });
  afterAll(() => new Promise<void>((res) => smtp.close(() => res())));

  it('tells the author who asked that a reply came, with nothing of the reply', async () => {
    await new Promise<void>((res) => smtp.listen(0, '127.0.0.1', () => res()));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailing = testApp({
      db,
      clock,
      config: {
        forms: {
          rateLimit: { limit: 1000, windowMs: 60_000 },
          uploadsDir: '/tmp',
          smtpUrl: `smtp://127.0.0.1:${port}`,
          teamEmail: 'team@example.org',
          mailFrom: 'circle@example.org',
        },
      },
    });
    const f = postingFixtures(mailing, db);
    const author = await f.member();
    const quiet = await f.member();
    await db.db
      .update(users)
      .set({ email: 'author@example.org', language: 'ar' })
      .where(eq(users.id, author.user.id));
    await db.db
      .update(circleMembers)
      .set({ emailReplies: true })
      .where(eq(circleMembers.userId, author.user.id));
    await db.db.update(users).set({ email: 'quiet@example.org' }).where(eq(users.id, quiet.user.id));
    const t = (await f.thread(author.token)).body.post.threadId;
    const q = (await f.thread(quiet.token)).body.post.threadId;
    const replier = await f.member();
    await f.replyTo(replier.token, q, { body: 'Secret words of the reply' });
    await f.replyTo(replier.token, t, { body: 'Secret words of the reply' });
    await f.replyTo(author.token, t, { body: 'Her own reply mails nobody' });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['author@example.org']);
    const [head, ...rest] = received[0].text.split('\r\n\r\n');
    expect(head).toContain('Content-Transfer-Encoding: base64');
    const text = Buffer.from(rest.join(''), 'base64').toString('utf8');
    expect(text).toContain('حلقة الأخوات');
    expect(text).toContain('/dashboard/circle/replies');
    for (const secret of ['Secret', replier.alias, author.alias, 'A question about cramps'])
      expect(text + head).not.toContain(secret);
  });
});
