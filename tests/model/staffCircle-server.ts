import type { CirclePost, CircleThread, ThreadSummary } from '../../contract/circle';
import type { QueueItem, QueuePage } from '../../contract/circle-moderation';
import type { StaffMe } from '../../contract/staff';
import { StaffTeamServer, TEAM_ME } from './staffTeam-server';

/**
 * The staff API as the circle's staff model tests see it (issue 27): tests/model/staffTeam-server.ts's
 * held staff client (each request waits until the test answers it), signed in as a moderator and
 * admin (the queue) or as an expert (the threads), with the circle's fixtures. Each test file mocks
 * the client as staffTeam-server.ts says.
 */
export const EXPERT_ME: StaffMe = {
  ...TEAM_ME,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Dr Layla Nasser',
  email: 'layla@amina.test',
  roles: ['expert'],
  expertId: '00000000-0000-4000-8000-0000000000e1',
};

export class StaffCircleServer extends StaffTeamServer {
  constructor(me: StaffMe = TEAM_ME) {
    super();
    this.me = me;
  }
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const AT = '2026-11-27T10:00:00.000Z';

export function queueItem(n: number, over: Partial<QueueItem> = {}): QueueItem {
  return {
    postId: uuid(100 + n),
    threadId: uuid(200 + n),
    spaceId: 'periods',
    threadTitle: `Thread number ${n} about cycles`,
    opening: false,
    body: `Post number ${n}\nsecond line`,
    author: { kind: 'alias', alias: `Rose${n}`, avatar: 'rose' },
    reasons: ['new-member'],
    reports: [],
    words: [],
    status: 'pending',
    history: { removed: 0, warnings: 0, suspended: false },
    createdAt: AT,
    ...over,
  };
}

export const queuePage = (items: QueueItem[], nextCursor: string | null = null): QueuePage => ({
  items,
  nextCursor,
  counts: { total: 3, crisis: 1, reported: 1 },
});

export function threadSummary(n: number, over: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id: uuid(300 + n),
    spaceId: 'menopause',
    title: `Hot flushes at night, question ${n}`,
    excerpt: `Excerpt of thread ${n}`,
    author: { kind: 'member' },
    status: 'published',
    replies: n - 1,
    helpful: 0,
    expertAnswered: false,
    mine: false,
    createdAt: AT,
    lastActivityAt: AT,
    ...over,
  };
}

export function circlePost(n: number, over: Partial<CirclePost> = {}): CirclePost {
  return {
    id: uuid(400 + n),
    threadId: uuid(301),
    body: `Reply number ${n}`,
    author: { kind: 'alias', alias: `Jasmine${n}`, avatar: 'jasmine' },
    status: 'published',
    removedReason: null,
    helpful: 0,
    helpedMe: false,
    mine: false,
    editableUntil: null,
    createdAt: AT,
    editedAt: null,
    ...over,
  };
}

export function circleThread(over: Partial<CircleThread> = {}): CircleThread {
  return {
    id: uuid(301),
    space: { id: 'menopause', title: 'Menopause' },
    title: 'Hot flushes at night, question 1',
    opening: circlePost(0, { body: 'I wake up every night.\nIs this normal?', author: { kind: 'member' } }),
    replies: [circlePost(1)],
    replyCount: 2,
    nextCursor: 'r2',
    ...over,
  };
}
