/**
 * The circle's keyset cursors (opaque base64url JSON): a list's order tag, the last row's sort key
 * (a time or a count) and its id, so a row arriving meanwhile never shifts a page. Anything but a
 * cursor this server made for the same list is 400 VALIDATION_ERROR.
 */
import { ApiError } from '../lib/errors.ts';

/** Which list a cursor belongs to: threads newest / helpful / unanswered, replies, her replies. */
export const CURSOR_TAGS = ['n', 'h', 'u', 'r', 'm'] as const;
export type CursorTag = (typeof CURSOR_TAGS)[number];

export interface Cursor {
  tag: CursorTag;
  /** A time (ISO, to the millisecond) or a count. */
  key: Date | number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(tag: CursorTag, key: Date | number, id: string): string {
  const k = key instanceof Date ? key.toISOString() : key;
  return Buffer.from(JSON.stringify([tag, k, id])).toString('base64url');
}

const bad = () => new ApiError('VALIDATION_ERROR', { fields: { cursor: 'INVALID' } });

/** The cursor's position, for a list whose tag is `tag`; 400 for anything else. */
export function decodeCursor(cursor: string, tag: CursorTag): Cursor {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad();
  const [t, k, id] = parsed as unknown[];
  if (t !== tag || typeof id !== 'string' || !UUID.test(id)) throw bad();
  if (typeof k === 'number') {
    // counts only: a time is always a string
    if (tag !== 'h' || !Number.isSafeInteger(k) || k < 0) throw bad();
    return { tag, key: k, id };
  }
  if (tag === 'h' || typeof k !== 'string' || !ISO.test(k)) throw bad();
  const at = new Date(k);
  if (Number.isNaN(at.getTime())) throw bad();
  return { tag, key: at, id };
}
