import type { CirclePost, PostOutcome } from '../../contract/circle';

/** The circle composer's model test (composer.model.test.tsx): her post and what became of it. */
export const TID = '00000000-0000-4000-8000-0000000000c1';
export const POST: CirclePost = {
  id: '00000000-0000-4000-8000-0000000000d1',
  threadId: TID,
  body: 'Is it normal that they are so heavy a year later?',
  author: { kind: 'member' },
  status: 'published',
  removedReason: null,
  helpful: 0,
  helpedMe: false,
  mine: true,
  editableUntil: '2030-01-01T00:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  editedAt: null,
};

export const outcome = (status: PostOutcome['status'], crisis: boolean): PostOutcome => ({
  post: { ...POST, status: status === 'pending' ? 'pending' : 'published' },
  status,
  crisis,
});
