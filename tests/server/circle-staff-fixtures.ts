/**
 * The circle's staff tests' world (issue 27): a database with the 'periods' space, a moderator, an
 * admin and an expert signed in (their sessions reopened after a clock jump), members who accepted
 * the circle's rules, and their posts sent through the members' routes (a new member's first posts
 * wait for a moderator). Call `circleStaffWorld()` once at the top of a test file.
 */
import { eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PostOutcome } from '../../contract/circle.ts';
import type { QueueItem, QueuePage } from '../../contract/circle-moderation.ts';
import { STAFF_COOKIE } from '../../contract/staff.ts';
import { auditLog, circleMembers, circlePosts, circleSpaces } from '../../server/db/schema.ts';
import { openStaffSession } from '../../server/domain/staff-sessions.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { call, registerMember } from './helpers.ts';
import { staffSignedIn } from './staff-fixtures.ts';
import { setupTestDb } from './test-db.ts';

export const SPACE = 'periods';
export type Who = { id: string; headers: Record<string, string> };

export async function circleStaffWorld() {
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 0));
  const { db, app } = await setupTestDb({ clock });
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
  const expert = await staffSignedIn(db, clock, {
    roles: ['expert'],
    name: 'Dr Rana',
    expertId: 'rana-aziz',
  });

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

  return {
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
  };
}
