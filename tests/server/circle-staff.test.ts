/**
 * The circle's staff API (issue 27): the moderation queue (crisis first, then the oldest; keyset
 * pages; authors only as members see them), the decisions and what follows each (her thread shows
 * the reason to her alone, a warning in her standing, a suspension refusing her next post), the
 * audit rows (never a text or an alias), 409 on deciding twice, who may do what, and experts'
 * marked replies. On PGlite and, with the suite's PostgreSQL, on PostgreSQL.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS, type PostOutcome, type QueueItem, type QueuePage } from '../../contract/circle.ts';
import { STAFF_COOKIE } from '../../contract/staff.ts';
import { auditLog, circleMembers, circlePosts, circleSpaces, circleThreads } from '../../server/db/schema.ts';
import { openStaffSession } from '../../server/domain/staff-sessions.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { call, registerMember } from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb } from './test-db.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 0));
const { db, app } = await setupTestDb({ clock });
const SPACE = 'periods';
await db.db
  .insert(circleSpaces)
  .values({
    id: SPACE,
    position: 0,
    titleEn: 'Periods',
    titleAr: 'الدورة',
    descriptionEn: 'd',
    descriptionAr: 'د',
  })
  .onConflictDoNothing();

const moderator = await staffSignedIn(db, clock, { roles: ['moderator'], name: 'Mona Moderator' });
const admin = await staffSignedIn(db, clock, { roles: ['admin'], name: 'Salma Admin' });
const expert = await staffSignedIn(db, clock, { roles: ['expert'], name: 'Dr Rana', expertId: 'rana-aziz' });

type Who = { id: string; headers: Record<string, string> };

/** New sessions for the same staff after the clock jumped past their idle end. */
async function reopenSessions() {
  for (const who of [moderator, admin, expert]) {
    const token = await openStaffSession(db.db, clock, who.id, 'full');
    who.headers = { cookie: `${STAFF_COOKIE}=${token}` };
  }
}
const staffCall = (who: Who, method: string, path: string, json?: unknown) =>
  call(app, method, `/api${path}`, { headers: who.headers, json });

let ipCount = 10;
/** A member who accepted the circle's rules. */
async function member() {
  const m = await registerMember(app, {}, `198.51.100.${ipCount++}`);
  const r = await call(app, 'PUT', '/api/circle/me/rules', { token: m.token });
  expect(r.status, r.text).toBe(200);
  return { ...m, id: m.user.id as string };
}

const newThread = async (
  token: string,
  body: string,
  anonymous = false,
  title = 'A question about my cycle',
) => {
  const r = await call<PostOutcome>(app, 'POST', '/api/circle/threads', {
    token,
    json: { spaceId: SPACE, title, body, anonymous },
  });
  expect(r.status, r.text).toBe(201);
  clock.advance(60_000);
  return r.body;
};
const newReply = async (token: string, threadId: string, body: string, anonymous = false) => {
  const r = await call<PostOutcome>(app, 'POST', `/api/circle/threads/${threadId}/replies`, {
    token,
    json: { body, anonymous },
  });
  expect(r.status, r.text).toBe(201);
  clock.advance(60_000);
  return r.body;
};

const queue = async (who: Who = moderator, cursor?: string) => {
  const r = await staffCall(who, 'GET', `/staff/circle/queue${cursor ? `?cursor=${cursor}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r as { body: QueuePage; text: string };
};
const itemOf = async (postId: string): Promise<QueueItem | undefined> =>
  (await queue()).body.items.find((i) => i.postId === postId);
const decide = (postId: string, what: string, json?: unknown, who: Who = moderator) =>
  staffCall(who, 'POST', `/staff/circle/posts/${postId}/${what}`, json);
const standing = async (userId: string) =>
  (await db.db.select().from(circleMembers).where(eq(circleMembers.userId, userId)))[0];
const postRow = async (id: string) =>
  (await db.db.select().from(circlePosts).where(eq(circlePosts.id, id)))[0];
const circleAudit = () => db.db.select().from(auditLog).where(like(auditLog.action, 'circle.%'));

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

describe('experts', () => {
  const thread = () => plain.post.threadId;

  it('list published threads as members do, unanswered ones on request', async () => {
    const r = await staffCall(expert, 'GET', '/staff/circle/threads?order=unanswered');
    expect(r.status, r.text).toBe(200);
    const ids = r.body.items.map((t: { id: string }) => t.id);
    expect(ids).toContain(thread());
    expect(ids).not.toContain(crisis.post.threadId);
    expect(r.body.items.every((t: { replies: number; mine: boolean }) => t.replies === 0 && !t.mine)).toBe(
      true,
    );
    const hudas = (await staffCall(expert, 'GET', '/staff/circle/threads')).body.items.find(
      (t: { id: string }) => t.id === anon.post.threadId,
    );
    expect(hudas.author).toEqual({ kind: 'member' });
  });

  it('reply under her verified name: published at once, marked, mine to her, the thread answered', async () => {
    const r = await staffCall(expert, 'POST', `/staff/circle/threads/${thread()}/replies`, {
      body: 'A late period is common with stress.\nSee a doctor if it is over 3 months late.',
      anonymous: true,
    });
    expect(r.status, r.text).toBe(201);
    const out = r.body as PostOutcome;
    expect(out).toMatchObject({
      status: 'published',
      crisis: false,
      post: { mine: true, status: 'published' },
    });
    expect(out.post.author).toMatchObject({ kind: 'expert', expertId: 'rana-aziz' });
    const author = out.post.author as { name: string; title: string };
    expect(author.name.length).toBeGreaterThan(0);
    expect(author.title.length).toBeGreaterThan(0);
    const [t] = await db.db.select().from(circleThreads).where(eq(circleThreads.id, thread()));
    expect([t.expertAnswered, t.replyCount]).toEqual([true, 1]);
    const forHer = await staffCall(expert, 'GET', `/staff/circle/threads/${thread()}`);
    expect(forHer.body.replies.find((p: { id: string }) => p.id === out.post.id)).toMatchObject({
      mine: true,
    });
    const forMember = await call(app, 'GET', `/api/circle/threads/${thread()}`, { token: amal.token });
    const seen = forMember.body.replies.find((p: { id: string }) => p.id === out.post.id);
    expect(seen).toMatchObject({ mine: false, author: { kind: 'expert', expertId: 'rana-aziz' } });
    const answered = await call(app, 'GET', '/api/circle/threads?expert=1', { token: amal.token });
    expect(answered.body.items.map((x: { id: string }) => x.id)).toEqual([thread()]);
    const audit = (await circleAudit()).find((a) => a.action === 'circle.expert.replied');
    expect(audit).toMatchObject({
      targetType: 'thread',
      targetId: thread(),
      detail: { postId: out.post.id },
    });
    expect(JSON.stringify(audit)).not.toContain('late period');
  });

  it('checks her reply as members’ are checked, and answers 404 for a thread not published', async () => {
    const details = await staffCall(expert, 'POST', `/staff/circle/threads/${thread()}/replies`, {
      body: 'Write to me at rana@example.com',
      anonymous: false,
    });
    expect([details.status, details.body.error.code]).toEqual([422, 'CIRCLE_PERSONAL_DETAILS']);
    const short = await staffCall(expert, 'POST', `/staff/circle/threads/${thread()}/replies`, {
      body: ' ',
      anonymous: false,
    });
    expect([short.status, short.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const removed = await staffCall(expert, 'POST', `/staff/circle/threads/${crisis.post.threadId}/replies`, {
      body: 'You are not alone.',
      anonymous: false,
    });
    expect([removed.status, removed.body.error.code]).toEqual([404, 'CIRCLE_THREAD_NOT_FOUND']);
    const view = await staffCall(expert, 'GET', `/staff/circle/threads/${crisis.post.threadId}`);
    expect(view.status).toBe(404);
  });

  it('a moderator cannot reply as an expert; an expert’s reply has no account to warn', async () => {
    const r = await staffCall(moderator, 'POST', `/staff/circle/threads/${thread()}/replies`, {
      body: 'I am not an expert.',
      anonymous: false,
    });
    expect([r.status, r.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const [reply] = await db.db
      .select()
      .from(circlePosts)
      .where(and(eq(circlePosts.threadId, thread()), eq(circlePosts.staffId, expert.id)));
    await db.db.update(circlePosts).set({ status: 'hidden' }).where(eq(circlePosts.id, reply.id));
    const item = await itemOf(reply.id);
    expect(item?.author).toMatchObject({ kind: 'expert', expertId: 'rana-aziz' });
    const warn = await decide(reply.id, 'warn', { reason: 'Not possible here' });
    expect([warn.status, warn.body.error.code]).toEqual([409, 'CIRCLE_ALREADY_DECIDED']);
  });
});
