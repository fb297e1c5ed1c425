/**
 * The expert portal's routes (issue 26; shapes: contract/staff-expert.ts). The guard in front
 * (lib/staff-guard.ts) admits a full staff session with the role `expert`; a staff member with that
 * role but no linked expert gets 403 FORBIDDEN here. Rules: server/domain/expert-portal.ts,
 * expert-hours.ts and expert-profile.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { BookingId } from '../../contract/consultations.ts';
import {
  BOOKING_WHEN,
  ExpertBooking,
  ExpertBookings,
  ExpertHours,
  ExpertHoursBody,
  ExpertProfileTexts,
  JoinInfo,
  ProfileTextsBody,
  SealedDetails,
} from '../../contract/staff-expert.ts';
import { createExpertHours } from '../domain/expert-hours.ts';
import { createExpertPortal, type ExpertActor } from '../domain/expert-portal.ts';
import { createExpertProfile } from '../domain/expert-profile.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, createRouter, jsonBody } from '../lib/http.ts';
import { staffOf } from '../lib/staff-guard.ts';
import { bodyOf, errorResponses, reply } from './schemas.ts';
import type { StaffDeps } from './staff.ts';

const tags = ['staff'];
/** The staff cookie (the scheme staff-auth-routes.ts registers). */
const security = [{ staffCookie: [] }];

const errors = errorResponses({
  400: 'VALIDATION_ERROR (`fields` by dotted path, e.g. weekly.mon.1, exceptions.0.date, en.title: REQUIRED, INVALID or TEXT_TOO_LONG) or INVALID_JSON',
  401: 'UNAUTHORIZED (no full staff session)',
  403: 'FORBIDDEN (not an expert, or no expert linked to her account)',
  404: 'BOOKING_NOT_FOUND (not her booking, not a call yet, or no details to open)',
  409: 'NOT_YET_OPEN, ENDED, BOOKING_NOT_PAYABLE (cancelled), BOOKING_NOT_MEDICAL or NO_SHOW_TOO_EARLY',
  413: 'PAYLOAD_TOO_LARGE (bodies over 64 KiB)',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
});
const BODY = [400, 413, 415] as const;

const bookingParam = z.object({ id: BookingId.openapi({ param: { name: 'id', in: 'path' } }) });

const list = createRoute({
  method: 'get',
  path: '/staff/expert/bookings',
  tags,
  security,
  summary: 'Her consultations: upcoming (soonest first) or past (ended or cancelled, newest first, 50)',
  description:
    'The member\'s alias and avatar only ("Former member" once she deleted her account), the offer in the request\'s language, whether it is medical, joinable now, a no-show; `timeZone`: hers.',
  request: { query: z.object({ when: z.enum(BOOKING_WHEN).default('upcoming') }) },
  responses: { 200: reply(ExpertBookings, 'Her bookings'), ...errors(400, 401, 403) },
});

/** One of her bookings' actions: POST /staff/expert/bookings/{id}/<action>. */
const bookingAction = <A extends string, T extends z.ZodType>(
  action: A,
  schema: T,
  summary: string,
  description?: string,
) =>
  createRoute({
    method: 'post',
    path: `/staff/expert/bookings/{id}/${action}` as `/staff/expert/bookings/{id}/${A}`,
    tags,
    security,
    summary,
    ...(description ? { description } : {}),
    request: { params: bookingParam },
    responses: { 200: reply(schema, summary), ...errors(400, 401, 403, 404, 409) },
  });

const join = bookingAction(
  'join',
  JoinInfo,
  "The consultation's Jitsi room, under her name (audited)",
  "The member's room, from 10 minutes before the start until the end (409 NOT_YET_OPEN / ENDED). Her name in her language is the display name; `jwt` (moderator) when the server signs room tokens.",
);
const details = bookingAction(
  'details',
  SealedDetails,
  "A medical consultation's sealed names and date of birth (each opening audited)",
);
const noShow = bookingAction(
  'no-show',
  ExpertBooking,
  'Mark the member absent (from the start on; again: no change)',
);

const hoursGet = createRoute({
  method: 'get',
  path: '/staff/expert/hours',
  tags,
  security,
  summary: 'Her hours, dates off, buffer, notice and horizon',
  responses: { 200: reply(ExpertHours, 'Her hours'), ...errors(401, 403) },
});

const hoursPut = createRoute({
  method: 'put',
  path: '/staff/expert/hours',
  tags,
  security,
  summary: 'Change her hours: slots follow at once, bookings already made stay',
  description:
    'Checked as availability/<id>.json: a known IANA zone, "HH:MM" ranges that end after they start and do not overlap, real dates listed once, buffer 0–240 minutes, notice 0–336 hours, horizon 1–180 days. From then on the loader leaves her hours alone.',
  middleware: [jsonBody] as const,
  request: bodyOf(ExpertHoursBody),
  responses: { 200: reply(ExpertHours, 'Her hours'), ...errors(...BODY, 401, 403) },
});

const profileGet = createRoute({
  method: 'get',
  path: '/staff/expert/profile',
  tags,
  security,
  summary: 'Her live profile texts and her change waiting for an admin',
  responses: { 200: reply(ExpertProfileTexts, 'Her texts'), ...errors(401, 403) },
});

const profilePut = createRoute({
  method: 'put',
  path: '/staff/expert/profile',
  tags,
  security,
  summary: 'Submit her texts in both languages for an admin to approve',
  description:
    'Each text given (REQUIRED), within PROFILE_TEXT_LIMITS (TEXT_TOO_LONG), plain text (INVALID: no HTML; a title on one line). Replaces a pending or refused draft.',
  middleware: [jsonBody] as const,
  request: bodyOf(ProfileTextsBody),
  responses: { 200: reply(ExpertProfileTexts, 'Her texts'), ...errors(...BODY, 401, 403) },
});

/** The signed-in expert: 403 FORBIDDEN when no expert is linked to her account. */
function expertOf(c: Context<AppEnv>): ExpertActor {
  const who = staffOf(c);
  if (!who.expertId) throw new ApiError('FORBIDDEN');
  return { id: who.id, name: who.name, email: who.email, expertId: who.expertId, language: who.language };
}

export function staffExpertRoutes({ database, clock, consultationsConfig }: StaffDeps) {
  const router = createRouter();
  const portal = createExpertPortal({ database, clock, config: consultationsConfig });
  const hours = createExpertHours({ database, clock });
  const profile = createExpertProfile({ database, clock });

  router.openapi(list, async (c) =>
    c.json(await portal.bookings(expertOf(c), c.req.valid('query').when, c.var.locale), 200),
  );
  router.openapi(join, async (c) => c.json(await portal.join(expertOf(c), c.req.valid('param').id), 200));
  router.openapi(details, async (c) =>
    c.json(await portal.details(expertOf(c), c.req.valid('param').id), 200),
  );
  router.openapi(noShow, async (c) =>
    c.json(await portal.noShow(expertOf(c), c.req.valid('param').id, c.var.locale), 200),
  );
  router.openapi(hoursGet, async (c) => c.json(await hours.get(expertOf(c).expertId), 200));
  router.openapi(hoursPut, async (c) => c.json(await hours.put(expertOf(c), c.req.valid('json')), 200));
  router.openapi(profileGet, async (c) => c.json(await profile.get(expertOf(c).expertId), 200));
  router.openapi(profilePut, async (c) => c.json(await profile.put(expertOf(c), c.req.valid('json')), 200));
  return router;
}
