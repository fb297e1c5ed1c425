/**
 * The team inbox (issue 26, contract/staff-inbox.ts): the five public forms' submissions for
 * moderators and admins. Urgent ones (concerns) first, then the newest; pages by an opaque keyset
 * cursor (urgent, time, id), so a row arriving meanwhile never shifts a page. Each status change
 * and note is written to the audit log in its own transaction (never the note's text); a CV is
 * read from the uploads folder only (team-inbox-cv.ts).
 */
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { FORM_FIELDS, type FormKind } from '../../contract/forms-rules.ts';
import {
  INBOX_PAGE_SIZE,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type InboxSummary,
  NOTE_MAX,
  type SubmissionStatus,
} from '../../contract/staff-inbox.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { formSubmissions, submissionNotes } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { type StaffActor, staffText } from './admin-common.ts';
import { writeAudit } from './staff-audit.ts';

/** The field that tells rows apart (a name or an organisation), per form; none for a concern. */
const FROM_FIELD: Record<FormKind, string | null> = {
  contact: 'name',
  programs: 'organisation',
  partnerships: 'organisation',
  concern: null,
  'expert-application': 'name',
};
/** The field holding what she wrote, per form. */
const MESSAGE_FIELD: Record<FormKind, string> = {
  contact: 'message',
  programs: 'message',
  partnerships: 'message',
  concern: 'details',
  'expert-application': 'statement',
};
export const PREVIEW_MAX = 140;

type Row = typeof formSubmissions.$inferSelect;

/** The first words of a text on one line, at most PREVIEW_MAX characters (an ellipsis when cut). */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= PREVIEW_MAX) return line;
  return `${chars
    .slice(0, PREVIEW_MAX - 1)
    .join('')
    .trimEnd()}…`;
}

function summary(r: Row, notes: number): InboxSummary {
  const kind = r.kind as FormKind;
  const fromField = FROM_FIELD[kind];
  const from = fromField ? (r.fields[fromField] ?? '').trim() : '';
  return {
    id: r.id,
    kind,
    status: r.status as SubmissionStatus,
    urgent: r.urgent,
    locale: r.locale === 'ar' ? 'ar' : 'en',
    from: from === '' ? null : from,
    preview: preview(r.fields[MESSAGE_FIELD[kind]] ?? ''),
    createdAt: r.createdAt.toISOString(),
    notes,
  };
}

// ------------------------------------------------------------------ the cursor

interface Cursor {
  urgent: boolean;
  at: Date;
  id: string;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(r: Pick<Row, 'urgent' | 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([r.urgent ? 1 : 0, r.createdAt.toISOString(), r.id])).toString(
    'base64url',
  );
}

/** The cursor's position; anything else than one this server made is 400 VALIDATION_ERROR. */
export function decodeCursor(cursor: string): Cursor {
  const bad = () => new ApiError('VALIDATION_ERROR', { fields: { cursor: 'INVALID' } });
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad();
  const [u, at, id] = parsed as unknown[];
  if ((u !== 0 && u !== 1) || typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id)) throw bad();
  const date = new Date(at);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) || Number.isNaN(date.getTime())) throw bad();
  return { urgent: u === 1, at: date, id };
}

// ------------------------------------------------------------------ the inbox

export interface TeamInboxDeps {
  database: Database;
  clock: Clock;
}

/** Notes per submission, for a page's rows. */
async function noteCounts(q: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: submissionNotes.submissionId, n: count() })
    .from(submissionNotes)
    .where(inArray(submissionNotes.submissionId, ids))
    .groupBy(submissionNotes.submissionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function rowOr404(q: Db | Tx, id: string, lock = false): Promise<Row> {
  const query = q.select().from(formSubmissions).where(eq(formSubmissions.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

async function itemOf(q: Db | Tx, r: Row): Promise<InboxItem> {
  const notes = await q
    .select()
    .from(submissionNotes)
    .where(eq(submissionNotes.submissionId, r.id))
    .orderBy(asc(submissionNotes.createdAt), asc(submissionNotes.id));
  const kind = r.kind as FormKind;
  // every field in the form's own order (a stored key the form no longer has comes last)
  const order = Object.keys(FORM_FIELDS[kind]);
  const keys = [
    ...order.filter((k) => k in r.fields),
    ...Object.keys(r.fields).filter((k) => !order.includes(k)),
  ];
  return {
    ...summary(r, notes.length),
    fields: Object.fromEntries(keys.map((k) => [k, r.fields[k]])),
    cv: kind === 'expert-application' && r.cvPath && r.cvSize ? { size: r.cvSize } : null,
    noteList: notes.map((n) => ({
      id: n.id,
      body: n.body,
      staffName: n.staffName,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}

/** A note's text: trimmed, 1..NOTE_MAX characters, plain text (no control characters but line breaks and tabs). */
export function noteBody(body: string): string {
  const text = staffText(body, 'body', NOTE_MAX);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text))
    throw new ApiError('VALIDATION_ERROR', { fields: { body: 'INVALID' } });
  return text;
}

export function createTeamInbox({ database, clock }: TeamInboxDeps) {
  const { db } = database;

  return {
    async list(query: InboxQuery): Promise<InboxPage> {
      const where: SQL[] = [];
      if (query.status) where.push(eq(formSubmissions.status, query.status));
      if (query.kind) where.push(eq(formSubmissions.kind, query.kind));
      if (query.cursor) {
        const c = decodeCursor(query.cursor);
        where.push(
          sql`(${formSubmissions.urgent}, ${formSubmissions.createdAt}, ${formSubmissions.id}) < (${c.urgent}, ${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
        );
      }
      const rows = await db
        .select()
        .from(formSubmissions)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(formSubmissions.urgent), desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(INBOX_PAGE_SIZE + 1);
      const page = rows.slice(0, INBOX_PAGE_SIZE);
      const last = page.at(-1);
      const notes = await noteCounts(
        db,
        page.map((r) => r.id),
      );
      const counts = await db
        .select({ status: formSubmissions.status, urgent: formSubmissions.urgent, n: count() })
        .from(formSubmissions)
        .where(ne(formSubmissions.status, 'closed'))
        .groupBy(formSubmissions.status, formSubmissions.urgent);
      const sum = (f: (c: (typeof counts)[number]) => boolean) =>
        counts.filter(f).reduce((n, c) => n + Number(c.n), 0);
      return {
        items: page.map((r) => summary(r, notes.get(r.id) ?? 0)),
        nextCursor: rows.length > INBOX_PAGE_SIZE && last ? encodeCursor(last) : null,
        counts: {
          new: sum((c) => c.status === 'new'),
          inProgress: sum((c) => c.status === 'in-progress'),
          urgent: sum((c) => c.urgent),
        },
      };
    },

    async item(id: string): Promise<InboxItem> {
      return itemOf(db, await rowOr404(db, id));
    },

    async setStatus(who: StaffActor, id: string, status: SubmissionStatus): Promise<InboxItem> {
      return database.transaction(async (tx) => {
        const row = await rowOr404(tx, id, true);
        if (row.status === status) return itemOf(tx, row);
        const [updated] = await tx
          .update(formSubmissions)
          .set({ status, updatedAt: clock.now() })
          .where(eq(formSubmissions.id, id))
          .returning();
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'submission.status',
          targetType: 'submission',
          targetId: id,
          detail: { kind: row.kind, from: row.status, to: status },
        });
        return itemOf(tx, updated);
      });
    },

    async addNote(who: StaffActor, id: string, body: string): Promise<InboxItem> {
      const text = noteBody(body);
      return database.transaction(async (tx) => {
        const row = await rowOr404(tx, id, true);
        await tx.insert(submissionNotes).values({
          submissionId: id,
          staffId: who.id,
          staffName: who.name,
          body: text,
          createdAt: clock.now(),
        });
        // the note's length only: its text may name people
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'submission.note',
          targetType: 'submission',
          targetId: id,
          detail: { kind: row.kind, length: Array.from(text).length },
        });
        return itemOf(tx, row);
      });
    },

    /** The stored row of a submission (for its CV), or 404. */
    row: (id: string) => rowOr404(db, id),
  };
}
export type TeamInbox = ReturnType<typeof createTeamInbox>;
