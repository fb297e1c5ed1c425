/** The circle's posting tests' members and requests (circle-posting, circle-moderation-rules). */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/index.ts';
import { circleMembers, circlePosts, circleSpaces, circleThreads, users } from '../../server/db/schema.ts';
import { call, post, registerMember, type TestApp } from './helpers.ts';

export const DAY = 86_400_000;

export function postingFixtures(app: TestApp, db: Database) {
  return {
    /** The space the posts go to (the template's content may hold it already). */
    async space() {
      await db.db
        .insert(circleSpaces)
        .values({
          id: 'periods',
          position: 0,
          titleEn: 'Periods',
          titleAr: 'الدورة',
          descriptionEn: 'd',
          descriptionAr: 'd',
        })
        .onConflictDoNothing();
    },
    /** A member who accepted the rules; `veteran`: an old account with her first posts approved. */
    async member(veteran = true) {
      const m = await registerMember(app);
      const r = await call(app, 'PUT', '/api/circle/me/rules', { token: m.token });
      expect(r.status).toBe(200);
      if (veteran) {
        await db.db
          .update(circleMembers)
          .set({ approvedPosts: 3 })
          .where(eq(circleMembers.userId, m.user.id));
        await db.db
          .update(users)
          .set({ createdAt: new Date(app.clock.now().getTime() - 30 * DAY) })
          .where(eq(users.id, m.user.id));
      }
      return m;
    },
    thread: (token: string, body: Record<string, unknown> = {}) =>
      post(
        app,
        '/circle/threads',
        {
          spaceId: 'periods',
          title: 'A question about cramps',
          body: 'What helped you?',
          anonymous: false,
          ...body,
        },
        { token },
      ),
    replyTo: (token: string, threadId: string, body: Record<string, unknown> = {}) =>
      post(
        app,
        `/circle/threads/${threadId}/replies`,
        { body: 'A heat pad helped me.', anonymous: false, ...body },
        { token },
      ),
    postRow: async (id: string) => (await db.db.select().from(circlePosts).where(eq(circlePosts.id, id)))[0],
    threadRow: async (id: string) =>
      (await db.db.select().from(circleThreads).where(eq(circleThreads.id, id)))[0],
    spaceCount: async () =>
      (await db.db.select().from(circleSpaces).where(eq(circleSpaces.id, 'periods')))[0].threadCount,
  };
}
