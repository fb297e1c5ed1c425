import { CIRCLE_LIMITS } from '../contract/circle';
import type { QueueItem, QueuePage } from '../contract/circle-moderation';
import type { AppError } from './types';

/**
 * The moderation queue's pure rules (issue 27): crisis posts first, what a decision needs (a reason
 * of the right length; days of suspension from a short list), and the queue after a decision.
 */
export const DECISION_KINDS = ['approve', 'remove', 'warn', 'suspend'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
/** The decisions that ask for words first (a dialog). */
export type WordedKind = Exclude<DecisionKind, 'approve'>;

/** The lengths of suspension a moderator chooses from. */
export const SUSPEND_DAYS = [1, 3, 7, 30, 90] as const;
export const DEFAULT_SUSPEND_DAYS = 7;

export type ReasonProblem = 'REQUIRED' | 'TEXT_TOO_SHORT' | 'TEXT_TOO_LONG';

/** Characters as people count them (an emoji is one). */
const length = (s: string) => [...s.trim()].length;

/** A reason the author will read (or a warning's message): required, between the contract's limits. */
export function reasonProblem(reason: string): ReasonProblem | null {
  const n = length(reason);
  if (n === 0) return 'REQUIRED';
  if (n < CIRCLE_LIMITS.moderationReasonMin) return 'TEXT_TOO_SHORT';
  return n > CIRCLE_LIMITS.moderationReasonMax ? 'TEXT_TOO_LONG' : null;
}

export const validDays = (days: number) =>
  Number.isInteger(days) && days >= 1 && days <= CIRCLE_LIMITS.suspendDaysMax;

export const isCrisis = (item: QueueItem) => item.reasons.includes('crisis');

/** Crisis posts first; otherwise the server's order is kept. */
export const crisisFirst = (items: QueueItem[]) => [
  ...items.filter(isCrisis),
  ...items.filter((i) => !isCrisis(i)),
];

/** The next page after what is on screen (a post already there is not shown twice). */
export function withNextPage(items: QueueItem[], page: QueuePage) {
  const seen = new Set(items.map((i) => i.postId));
  return crisisFirst([...items, ...page.items.filter((i) => !seen.has(i.postId))]);
}

/** The counts once a post has left the queue. */
export function countsWithout(counts: QueuePage['counts'] | null, item: QueueItem | undefined) {
  if (!counts || !item) return counts;
  return {
    total: Math.max(0, counts.total - 1),
    crisis: Math.max(0, counts.crisis - (isCrisis(item) ? 1 : 0)),
    reported: Math.max(0, counts.reported - (item.reasons.includes('reported') ? 1 : 0)),
  };
}

/** A warning acts on the account, not the post: the post still waits, its record counts one more. */
export const withWarning = (items: QueueItem[], postId: string) =>
  items.map((i) =>
    i.postId === postId ? { ...i, history: { ...i.history, warnings: i.history.warnings + 1 } } : i,
  );

export interface Decision {
  postId: string;
  kind: DecisionKind;
  reason: string;
  days: number;
  problem: ReasonProblem | 'DAYS' | null;
}

export type DecisionInput =
  | { postId: string; kind: 'approve' }
  | { postId: string; kind: 'remove' | 'warn'; reason: string }
  | { postId: string; kind: 'suspend'; reason: string; days: number };

export const decisionInput = (d: Decision): DecisionInput =>
  d.kind === 'approve'
    ? { postId: d.postId, kind: 'approve' }
    : d.kind === 'suspend'
      ? { postId: d.postId, kind: 'suspend', reason: d.reason.trim(), days: d.days }
      : { postId: d.postId, kind: d.kind, reason: d.reason.trim() };

export const problemOf = (d: Decision | null): Decision['problem'] => {
  if (!d || d.kind === 'approve') return null;
  return reasonProblem(d.reason) ?? (d.kind === 'suspend' && !validDays(d.days) ? 'DAYS' : null);
};

export const alreadyDecided = (error: AppError | null) => error?.code === 'CIRCLE_ALREADY_DECIDED';
