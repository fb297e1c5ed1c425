/**
 * Experts in the circle (issue 27): the published threads as members see them (anonymous stays
 * anonymous), her reply published at once under her verified name and title, `mine` to her alone,
 * the thread answered by an expert (the members' expert filter finds it), the members' checks on
 * her text, the audit row without it, the e-mail to the thread's author who asked for one, and
 * who may reply. On PGlite and, with the suite's PostgreSQL, on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { PostOutcome } from '../../contract/circle.ts';
import { circleMembers, circlePosts, circleThreads, users } from '../../server/db/schema.ts';
import { createCircleExpertReplies } from '../../server/domain/circle-expert-replies.ts';
import type { ReplyMail } from '../../server/domain/circle-reply-mail.ts';
import { staffSession } from '../../server/lib/staff-guard.ts';
import { circleStaffWorld } from './circle-staff-fixtures.ts';
import { call } from './helpers.ts';

const { clock, db, app, moderator, expert, staffCall, member, newThread, itemOf, decide, circleAudit } =
  await circleStaffWorld();

// a published thread under her alias, one as "a member", one removed by a moderator
const amal = await member();
const huda = await member();
const noor = await member();
const plain = await newThread(amal.token, 'My period came late this month and I feel worried.');
const anon = await newThread(
  huda.token,
  'Is it normal to bleed for ten days with cramps?',
  true,
  'Ten days of bleeding',
);
const gone = await newThread(noor.token, 'Selling something here, sorry.', false, 'Not a question at all');
for (const p of [plain, anon]) expect((await decide(p.post.id, 'approve')).status).toBe(200);
expect((await decide(gone.post.id, 'remove', { reason: 'Not what the circle is for' })).status).toBe(200);

describe('experts', () => {
  const thread = () => plain.post.threadId;

  it('list published threads as members do, unanswered ones on request', async () => {
    const r = await staffCall(expert, 'GET', '/staff/circle/threads?order=unanswered');
    expect(r.status, r.text).toBe(200);
    const ids = r.body.items.map((t: { id: string }) => t.id);
    expect(ids).toContain(thread());
    expect(ids).not.toContain(gone.post.threadId);
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
    const removed = await staffCall(expert, 'POST', `/staff/circle/threads/${gone.post.threadId}/replies`, {
      body: 'You are not alone.',
      anonymous: false,
    });
    expect([removed.status, removed.body.error.code]).toEqual([404, 'CIRCLE_THREAD_NOT_FOUND']);
    const view = await staffCall(expert, 'GET', `/staff/circle/threads/${gone.post.threadId}`);
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

describe('the e-mail of a new reply', () => {
  it('goes to the thread’s author when she asked and has an address, saying nothing of the reply', async () => {
    await db.db.update(users).set({ email: 'huda@example.org', language: 'ar' }).where(eq(users.id, huda.id));
    await db.db.update(circleMembers).set({ emailReplies: true }).where(eq(circleMembers.userId, huda.id));
    const sent: ReplyMail[] = [];
    const replies = createCircleExpertReplies({
      database: db,
      clock,
      mailer: { send: async (m) => sent.push(m) },
    });
    const token = expert.headers.cookie.split('=')[1];
    const who = await staffSession(db.db, clock, token);
    if (!who) throw new Error('no expert session');
    await replies.reply(who, anon.post.threadId, 'Ten days is long: please see a doctor.');
    await vi.waitFor(() => expect(sent).toEqual([{ to: 'huda@example.org', locale: 'ar' }]));
    // amal did not ask: nothing for her
    await replies.reply(who, plain.post.threadId, 'A second answer from me.');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(1);
  });
});
