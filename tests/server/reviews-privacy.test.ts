/**
 * A course's public reviews never tell whose they are (issue 20, finding 8): `excludeUserId` leaves
 * a review out only for the signed-in member's own id. A visitor, or another member, who knows a
 * member id (it is on her invoice) sees the same answer whether that member reviewed the course or
 * not; she herself still gets her own review left out of the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../server/db/schema.ts';
import { get, registerMember } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const { db, app } = await setupTestDb();
type Member = Awaited<ReturnType<typeof registerMember>>;
let reviewer: Member;
let other: Member;
let silent: Member;
let course: string;

beforeAll(async () => {
  [reviewer, other, silent] = await Promise.all([
    registerMember(app),
    registerMember(app),
    registerMember(app),
  ]);
  course = (await get(app, '/lms/courses/all')).body.items[0].id;
  // reviews as a completed course leaves them (the route's own checks are learning.test.ts's)
  const at = new Date(Date.UTC(2026, 10, 1));
  await db.db.insert(reviews).values([
    {
      userId: reviewer.user.id,
      courseId: course,
      rating: 5,
      text: 'Clear and kind.',
      createdAt: at,
      updatedAt: at,
    },
    { userId: other.user.id, courseId: course, rating: 3, text: 'Good.', createdAt: at, updatedAt: at },
  ]);
});

const page = (exclude?: string, token?: string) =>
  get(app, `/feedback/course/${course}/reviews${exclude ? `?excludeUserId=${exclude}` : ''}`, { token });

describe(`public reviews on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it("a visitor with a member's id cannot tell whether she reviewed the course", async () => {
    const plain = await page();
    expect(plain.body.total).toBe(2);
    const reviewed = await page(reviewer.user.id);
    const notReviewed = await page(silent.user.id);
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toEqual(notReviewed.body);
    expect(reviewed.body).toEqual(plain.body);
    // nor with a token that is not a session
    expect((await page(reviewer.user.id, 'not-a-session-token')).body).toEqual(plain.body);
  });

  it('another member with her id sees the whole list too', async () => {
    const plain = await page();
    expect((await page(reviewer.user.id, other.token)).body).toEqual(plain.body);
    expect((await page(silent.user.id, other.token)).body).toEqual(plain.body);
  });

  it('the member herself gets her own review left out, privately', async () => {
    const mine = await page(reviewer.user.id, reviewer.token);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.items.map((r: { text: string }) => r.text)).toEqual(['Good.']);
    expect(mine.body.summary.count).toBe(2); // the summary counts every review
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    // her id in capitals is still hers
    expect((await page(reviewer.user.id.toUpperCase(), reviewer.token)).body.total).toBe(1);
  });
});
