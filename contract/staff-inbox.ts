/**
 * The team inbox (issue 26): the five public forms' submissions for moderators and admins, each with
 * a status and notes; concerns are urgent and listed first. The CV of an expert application is
 * downloadable here by staff only (it is never served anywhere else).
 *
 *   GET   /staff/inbox?status=&kind=&cursor=   → InboxPage (urgent first, then newest first; 25 a page)
 *   GET   /staff/inbox/{id}                    → InboxItem (with its fields and notes)
 *   PATCH /staff/inbox/{id}                    { status } → InboxItem
 *   POST  /staff/inbox/{id}/notes              { body }   → InboxItem
 *   GET   /staff/inbox/{id}/cv                 → application/pdf attachment (expert applications with a CV)
 */
import { z } from '@hono/zod-openapi';
import { FORM_KINDS } from './forms-rules.ts';

export const SUBMISSION_STATUSES = ['new', 'in-progress', 'closed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const INBOX_PAGE_SIZE = 25;
export const NOTE_MAX = 2000;

export const InboxQuery = z.object({
  status: z.enum(SUBMISSION_STATUSES).optional(),
  kind: z.enum(FORM_KINDS).optional(),
  cursor: z.string().max(200).optional(),
});
export type InboxQuery = z.input<typeof InboxQuery>;

export const InboxSummary = z
  .object({
    id: z.uuid(),
    kind: z.enum(FORM_KINDS),
    status: z.enum(SUBMISSION_STATUSES),
    urgent: z.boolean(),
    /** The language she wrote in. */
    locale: z.enum(['en', 'ar']),
    /** A name or organisation to tell rows apart (the form's own name field), or null. */
    from: z.string().nullable(),
    /** The first words of the message, at most 140 characters. */
    preview: z.string(),
    createdAt: z.string(),
    notes: z.number().int(),
  })
  .openapi('InboxSummary');
export type InboxSummary = z.infer<typeof InboxSummary>;

export const InboxPage = z
  .object({
    items: z.array(InboxSummary),
    nextCursor: z.string().nullable(),
    /** Open (not closed) submissions by kind, and urgent ones: the inbox's counts. */
    counts: z.object({ new: z.number().int(), inProgress: z.number().int(), urgent: z.number().int() }),
  })
  .openapi('InboxPage');
export type InboxPage = z.infer<typeof InboxPage>;

export const InboxNote = z.object({
  id: z.uuid(),
  body: z.string(),
  staffName: z.string(),
  createdAt: z.string(),
});
export type InboxNote = z.infer<typeof InboxNote>;

export const InboxItem = InboxSummary.extend({
  /** Every field as sent (FORM_FIELDS order); the honeypot is never stored. */
  fields: z.record(z.string(), z.string()),
  cv: z.object({ size: z.number().int() }).nullable(),
  notes: z.number().int(),
  noteList: z.array(InboxNote),
}).openapi('InboxItem');
export type InboxItem = z.infer<typeof InboxItem>;

export const InboxStatusBody = z.object({ status: z.enum(SUBMISSION_STATUSES) }).openapi('InboxStatusBody');
export const InboxNoteBody = z.object({ body: z.string() }).openapi('InboxNoteBody');
