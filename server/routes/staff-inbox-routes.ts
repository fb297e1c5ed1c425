/**
 * The team inbox's routes (issue 26, contract/staff-inbox.ts), for moderators and admins (the guard
 * in lib/staff-guard.ts admits them by contract/staff.ts STAFF_ROUTES): the list, one submission,
 * its status, a note, and an expert application's CV as an attachment with a neutral name.
 */
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  InboxItem,
  InboxNoteBody,
  InboxPage,
  InboxQuery,
  InboxStatusBody,
} from '../../contract/staff-inbox.ts';
import type { StaffActor } from '../domain/admin-common.ts';
import { DEFAULT_FORMS_CONFIG } from '../domain/forms.ts';
import { createTeamInbox } from '../domain/team-inbox.ts';
import { createInboxCv } from '../domain/team-inbox-cv.ts';
import { type AppEnv, createRouter, jsonBody } from '../lib/http.ts';
import { staffOf } from '../lib/staff-guard.ts';
import { BODY_ERRORS, bodyOf, errorResponses, reply } from './schemas.ts';
import type { StaffDeps } from './staff.ts';

export const staffErrors = errorResponses({
  400: 'VALIDATION_ERROR or INVALID_JSON',
  401: 'UNAUTHORIZED: no full staff session (the staff cookie)',
  403: 'FORBIDDEN: her roles do not admit this route',
  404: 'NOT_FOUND',
  409: 'A conflict (the code says which)',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  429: 'RATE_LIMITED',
});

/** What these staff routes share in the reference: the tag that lists them apart, the staff cookie. */
export const staffDoc = (summary: string, description?: string) => ({
  tags: ['staff'],
  summary,
  ...(description ? { description } : {}),
  security: [{ staffCookie: [] }],
});

/** The signed-in staff member and this request's id, for the audit row. */
export const actorOf = (c: Context<AppEnv>): StaffActor => ({ ...staffOf(c), requestId: c.var.requestId });

export const uuidParam = (name: string) =>
  z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'INVALID' })
    .openapi({ param: { name, in: 'path' }, example: '0b8e2a4c-5d1f-4e3a-9c7b-2f6d8e1a3b5c' });
const IdParams = z.object({ id: uuidParam('id') });

const list = createRoute({
  method: 'get',
  path: '/staff/inbox',
  ...staffDoc(
    'The team inbox: submissions, urgent first, then newest',
    '25 a page; `cursor` is the previous page’s nextCursor (opaque; a bad one is 400). Moderators and admins.',
  ),
  request: { query: InboxQuery },
  responses: {
    200: reply(InboxPage, 'A page of submissions and the open counts'),
    ...staffErrors(400, 401, 403),
  },
});

const one = createRoute({
  method: 'get',
  path: '/staff/inbox/{id}',
  ...staffDoc('One submission with its fields and notes (newest last)'),
  request: { params: IdParams },
  responses: { 200: reply(InboxItem, 'The submission'), ...staffErrors(400, 401, 403, 404) },
});

const status = createRoute({
  method: 'patch',
  path: '/staff/inbox/{id}',
  ...staffDoc('Set a submission’s status (new, in progress, closed)', 'Written to the audit log.'),
  middleware: [jsonBody] as const,
  request: { params: IdParams, ...bodyOf(InboxStatusBody) },
  responses: { 200: reply(InboxItem, 'The submission'), ...staffErrors(...BODY_ERRORS, 401, 403, 404) },
});

const note = createRoute({
  method: 'post',
  path: '/staff/inbox/{id}/notes',
  ...staffDoc(
    'Add a note (plain text, trimmed, 1–2,000 characters)',
    'The audit log records that a note was written, never its text.',
  ),
  middleware: [jsonBody] as const,
  request: { params: IdParams, ...bodyOf(InboxNoteBody) },
  responses: {
    200: reply(InboxItem, 'The submission with the note'),
    ...staffErrors(...BODY_ERRORS, 401, 403, 404),
  },
});

const cv = createRoute({
  method: 'get',
  path: '/staff/inbox/{id}/cv',
  ...staffDoc(
    'An expert application’s CV (PDF attachment, neutral file name)',
    'Only here, only for staff of the team; each download is written to the audit log. 404 when the submission has no CV.',
  ),
  request: { params: IdParams },
  responses: {
    200: {
      description: 'The CV (Content-Disposition: attachment; filename="application-….pdf")',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...staffErrors(400, 401, 403, 404),
  },
});

export function staffInboxRoutes({ database, clock, config }: StaffDeps) {
  const inbox = createTeamInbox({ database, clock });
  const cvs = createInboxCv({
    database,
    clock,
    inbox,
    uploadsDir: (config.forms ?? DEFAULT_FORMS_CONFIG).uploadsDir,
  });
  const id = (raw: string) => raw.toLowerCase();
  return createRouter()
    .openapi(list, async (c) => c.json(await inbox.list(c.req.valid('query')), 200))
    .openapi(one, async (c) => c.json(await inbox.item(id(c.req.valid('param').id)), 200))
    .openapi(status, async (c) =>
      c.json(await inbox.setStatus(actorOf(c), id(c.req.valid('param').id), c.req.valid('json').status), 200),
    )
    .openapi(note, async (c) =>
      c.json(await inbox.addNote(actorOf(c), id(c.req.valid('param').id), c.req.valid('json').body), 200),
    )
    .openapi(cv, async (c) => {
      const file = await cvs.open(actorOf(c), id(c.req.valid('param').id));
      return c.body(Readable.toWeb(file.stream) as ReadableStream, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file.name}"`,
        'Content-Length': String(file.size),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
