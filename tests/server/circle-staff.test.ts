/**
 * The circle's moderation API (issue 27): the queue (crisis first, then the oldest; keyset pages;
 * authors only as members see them), the decisions and what follows each (her thread shows the
 * reason to her alone, a warning in her standing, a suspension refusing her next post), the audit
 * rows (never a text or an alias), 409 on deciding twice, and who may decide. Experts' replies:
 * circle-staff-experts.test.ts. On PGlite and, with the suite's PostgreSQL, on PostgreSQL.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '../../contract/circle.ts';
import type { QueueItem } from '../../contract/circle-moderation.ts';
import { circlePosts, circleReports, circleSpaces, circleThreads } from '../../server/db/schema.ts';
import { circleStaffWorld, SPACE } from './circle-staff-fixtures.ts';
import { call } from './helpers.ts';

const {
  clock,
  db,
  app,
  moderator,
  admin,
  expert,
  reopenSessions,
  staffCall,
  member,
  newThread,
  newReply,
  queue,
  itemOf,
  decide,
  standing,
  postRow,
  circleAudit,
} = await circleStaffWorld();

// the authors and their first posts (a new member's first posts wait for a moderator)
const amal = await member();
const noor = await member();
const huda = await member();
const plain = await newThread(amal.token, 'My period came late this month and I feel worried.');
const crisis = await newThread(
  noor.token,
  'I feel so alone, I want to end my life.',
  false,
  'I cannot go on anymore',
);
const anon = await newThread(
  huda.token,
  'Is it normal to bleed for ten days with cramps?',
  true,
  'Ten days of bleeding',
);

describe('the queue', () => {
  it('holds the new members’ posts, crisis first, then the oldest first, with its counts', async () => {
    expect([plain.status, crisis.status, anon.status]).toEqual(['pending', 'pending', 'pending']);
    expect(crisis.crisis).toBe(true);
    const { body } = await queue();
    const ids = body.items.map((i) => i.postId);
    expect(ids.slice(0, 3)).toEqual([crisis.post.id, plain.post.id, anon.post.id]);
    expect(body.items[0].reasons).toContain('crisis');
    expect(body.items[1].reasons).toEqual(['new-member']);
    expect(body.counts).toMatchObject({ total: 3, crisis: 1, reported: 0 });
    expect(body.nextCursor).toBeNull();
  });

  it('shows an author as members see the post: her alias, or only "a member"', async () => {
    const r = await queue();
    const anonymous = r.body.items.find((i) => i.postId === anon.post.id);
    const named = r.body.items.find((i) => i.postId === plain.post.id);
    expect(anonymous?.author).toEqual({ kind: 'member' });
    expect(named?.author).toEqual({ kind: 'alias', alias: amal.alias, avatar: 'date-palm' });
    expect(named?.history).toEqual({ removed: 0, warnings: 0, suspended: false });
    // the raw answer never holds her alias nor any account id
    expect(r.text).not.toContain(huda.alias);
    for (const m of [amal, noor, huda]) expect(r.text).not.toContain(m.id);
  });

  it('pages by a keyset cursor across the crisis boundary; a bad cursor is 400', async () => {
    const [t] = await db.db
      .insert(circleThreads)
      .values({
        spaceId: SPACE,
        title: 'Paging',
        authorId: amal.id,
        status: 'published',
        createdAt: clock.now(),
        lastActivityAt: clock.now(),
      })
      .returning();
    const base = clock.now().getTime();
    const rows = await db.db
      .insert(circlePosts)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          threadId: t.id,
          opening: false,
          authorId: amal.id,
          body: `waiting ${i}`,
          status: i % 2 ? 'pending' : 'hidden',
          crisis: i % 7 === 0,
          createdAt: new Date(base + (i % 5) * 1000),
        })),
      )
      .returning();
    const seen: QueueItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await queue(moderator, cursor);
      expect(page.body.items.length).toBeLessThanOrEqual(CIRCLE_LIMITS.queuePageSize);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(33);
    expect(new Set(seen.map((i) => i.postId)).size).toBe(33);
    const crisisFlags = seen.map((i) => i.reasons.includes('crisis'));
    expect(crisisFlags.indexOf(false)).toBe(crisisFlags.lastIndexOf(true) + 1);
    const times = seen.filter((i) => !i.reasons.includes('crisis')).map((i) => i.createdAt);
    expect(times).toEqual([...times].sort());
    const bad = await staffCall(moderator, 'GET', '/staff/circle/queue?cursor=not-ours');
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    for (const r of rows)
      await db.db.update(circlePosts).set({ status: 'removed' }).where(eq(circlePosts.id, r.id));
  });

  it('is for moderators and admins: an expert is refused', async () => {
    expect((await queue(admin)).body.counts.total).toBe(3);
    const r = await staffCall(expert, 'GET', '/staff/circle/queue');
    expect([r.status, r.body.error.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('decisions', () => {
  it('approve publishes the post, counts it for her and answers 409 the second time', async () => {
    const r = await decide(plain.post.id, 'approve');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ postId: plain.post.id, decision: 'approved', status: 'published' });
    expect((await standing(amal.id)).approvedPosts).toBe(1);
    const [space] = await db.db.select().from(circleSpaces).where(eq(circleSpaces.id, SPACE));
    expect(space.threadCount).toBeGreaterThanOrEqual(1);
    const seen = await call(app, 'GET', `/api/circle/threads/${plain.post.threadId}`, { token: noor.token });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.opening.status).toBe('published');
    for (const what of ['approve', 'remove']) {
      const again = await decide(
        plain.post.id,
        what,
        what === 'remove' ? { reason: 'Too late now' } : undefined,
      );
      expect([again.status, again.body.error.code]).toEqual([409, 'CIRCLE_ALREADY_DECIDED']);
    }
    expect(await itemOf(plain.post.id)).toBeUndefined();
  });

  it('remove shows the reason to its author alone; others see that a post was removed', async () => {
    const reply = await newReply(
      noor.token,
      plain.post.threadId,
      'Try a warm bottle, it helped me a lot.',
      true,
    );
    expect(reply.status).toBe('pending');
    const reason = 'Please keep advice general and kind';
    const r = await decide(reply.post.id, 'remove', { reason });
    expect(r.body).toEqual({ postId: reply.post.id, decision: 'removed', status: 'removed' });
    expect((await standing(noor.id)).removedPosts).toBe(1);
    const hers = await call(app, 'GET', `/api/circle/threads/${plain.post.threadId}`, { token: noor.token });
    const mine = hers.body.replies.find((p: { id: string }) => p.id === reply.post.id);
    expect(mine).toMatchObject({ status: 'removed', removedReason: reason, mine: true });
    const others = await call(app, 'GET', `/api/circle/threads/${plain.post.threadId}`, {
      token: amal.token,
    });
    const theirs = others.body.replies.find((p: { id: string }) => p.id === reply.post.id);
    expect(theirs).toMatchObject({
      status: 'removed',
      removedReason: null,
      body: '',
      author: { kind: 'member' },
    });
    expect(others.text).not.toContain(reason);
    const again = await decide(reply.post.id, 'remove', { reason });
    expect([again.status, again.body.error.code]).toEqual([409, 'CIRCLE_ALREADY_DECIDED']);
  });

  it('warn acts on the account (her standing shows it) and leaves the post waiting; it may follow a removal', async () => {
    const r = await decide(anon.post.id, 'warn', { reason: 'Please be kind to others' });
    expect(r.body).toEqual({ postId: anon.post.id, decision: 'warned', status: 'pending' });
    const s = await standing(huda.id);
    expect([s.warnings, s.warningMessage]).toEqual([1, 'Please be kind to others']);
    const me = await call(app, 'GET', '/api/circle/me', { token: huda.token });
    expect(me.body.warning).toEqual({ message: 'Please be kind to others', at: clock.now().toISOString() });
    expect((await itemOf(anon.post.id))?.history).toEqual({ removed: 0, warnings: 1, suspended: false });
    // after the removal of noor's reply: a warning through the removed post is still possible
    const [removed] = await db.db
      .select()
      .from(circlePosts)
      .where(and(eq(circlePosts.authorId, noor.id), eq(circlePosts.status, 'removed')));
    const after = await decide(removed.id, 'warn', { reason: 'Advice must stay general' });
    expect(after.body).toMatchObject({ decision: 'warned', status: 'removed' });
  });

  it('suspend removes the waiting post with the reason, and she cannot post until the days are over', async () => {
    const r = await decide(crisis.post.id, 'suspend', { reason: 'Sent to the safety team', days: 2 });
    expect(r.body).toEqual({ postId: crisis.post.id, decision: 'suspended', status: 'removed' });
    const s = await standing(noor.id);
    expect(s.suspendedUntil?.getTime()).toBe(clock.now().getTime() + 2 * 86_400_000);
    expect((await postRow(crisis.post.id)).removedReason).toBe('Sent to the safety team');
    const refused = await call(app, 'POST', '/api/circle/threads', {
      token: noor.token,
      json: { spaceId: SPACE, title: 'Another question', body: 'Can I ask again?', anonymous: false },
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'CIRCLE_SUSPENDED']);
    clock.advance(2 * 86_400_000 + 1000);
    await reopenSessions();
    await newThread(noor.token, 'Thank you all, I am feeling better now.');
  });

  it('refuses bad reasons and days, unknown posts, and experts', async () => {
    const bad = [
      await decide(anon.post.id, 'remove', { reason: 'no' }),
      await decide(anon.post.id, 'remove', { reason: 'x'.repeat(CIRCLE_LIMITS.moderationReasonMax + 1) }),
      await decide(anon.post.id, 'suspend', { reason: 'Long enough', days: 0 }),
      await decide(anon.post.id, 'suspend', {
        reason: 'Long enough',
        days: CIRCLE_LIMITS.suspendDaysMax + 1,
      }),
    ];
    for (const r of bad) expect([r.status, r.body.error.code], r.text).toEqual([400, 'VALIDATION_ERROR']);
    expect((await postRow(anon.post.id)).status).toBe('pending');
    const missing = await decide('00000000-0000-4000-8000-000000000000', 'approve');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'CIRCLE_POST_NOT_FOUND']);
    const byExpert = await decide(anon.post.id, 'approve', undefined, expert);
    expect([byExpert.status, byExpert.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const byAdmin = await decide(anon.post.id, 'approve', undefined, admin);
    expect(byAdmin.body.status).toBe('published');
  });

  it('writes each decision and queue read to the audit log, never a text, an alias or a reason', async () => {
    const rows = await circleAudit();
    const actions = rows.map((r) => r.action);
    for (const a of [
      'circle.queue.read',
      'circle.approved',
      'circle.removed',
      'circle.warned',
      'circle.suspended',
    ])
      expect(actions).toContain(a);
    const suspended = rows.find((r) => r.action === 'circle.suspended');
    expect(suspended).toMatchObject({
      targetType: 'post',
      targetId: crisis.post.id,
      staffName: 'Mona Moderator',
    });
    expect(suspended?.detail).toMatchObject({
      threadId: crisis.post.threadId,
      days: 2,
      reasons: 'crisis,new-member',
    });
    const all = JSON.stringify(rows);
    for (const text of [
      'end my life',
      'warm bottle',
      'Please be kind',
      'Sent to the safety team',
      amal.alias,
      huda.alias,
    ])
      expect(all).not.toContain(text);
    for (const m of [amal, noor, huda]) expect(all).not.toContain(m.id);
  });
});

describe('a reported post', () => {
  it('waits hidden with its reports counted by reason (never who); approving it settles them', async () => {
    const author = await member();
    const thread = await newThread(
      author.token,
      'What helps with cramps at night?',
      false,
      'Cramps at night',
    );
    expect((await decide(thread.post.id, 'approve')).status).toBe(200);
    const reporters = [await member(), await member(), await member()];
    const reasons = ['unkind', 'spam', 'unkind'];
    for (const [i, m] of reporters.entries()) {
      const r = await call(app, 'POST', `/api/circle/posts/${thread.post.id}/reports`, {
        token: m.token,
        json: { reason: reasons[i] },
      });
      expect(r.status, r.text).toBe(202);
    }
    const page = await queue();
    const item = page.body.items.find((i) => i.postId === thread.post.id);
    expect(item).toMatchObject({
      status: 'hidden',
      reports: [
        { reason: 'unkind', count: 2 },
        { reason: 'spam', count: 1 },
      ],
    });
    expect(item?.reasons).toContain('reported');
    expect(page.body.counts.reported).toBeGreaterThanOrEqual(1);
    for (const m of reporters) {
      expect(page.text).not.toContain(m.alias);
      expect(page.text).not.toContain(m.id);
    }
    expect((await decide(thread.post.id, 'approve')).body.status).toBe('published');
    const open = await db.db
      .select()
      .from(circleReports)
      .where(and(eq(circleReports.postId, thread.post.id), isNull(circleReports.resolvedAt)));
    expect(open).toEqual([]);
    expect(await itemOf(thread.post.id)).toBeUndefined();
  });
});
