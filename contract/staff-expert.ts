/**
 * The expert portal (issue 26): her consultations, joining the call, a medical booking's sealed
 * details, no-shows, her hours and her profile texts. Every route needs a full staff session with
 * the role `expert` and a linked expert (contract/staff.ts); she only ever sees her own bookings.
 *
 *   GET  /staff/expert/bookings?when=upcoming|past   → ExpertBookings (upcoming: soonest first; past: newest first, 50)
 *   POST /staff/expert/bookings/{id}/join            → JoinInfo (consultations.ts: her name as display name)
 *   POST /staff/expert/bookings/{id}/details         → SealedDetails (medical only; each opening audited)
 *   POST /staff/expert/bookings/{id}/no-show         → ExpertBooking (after the start, confirmed only)
 *   GET  /staff/expert/hours                         → ExpertHours
 *   PUT  /staff/expert/hours                         ExpertHoursBody → ExpertHours (slots follow at once;
 *                                                    bookings already made never move or cancel)
 *   GET  /staff/expert/profile                       → ExpertProfileTexts
 *   PUT  /staff/expert/profile                       ProfileTextsBody → ExpertProfileTexts (a draft: live once an admin approves)
 */
import { z } from '@hono/zod-openapi';
import { CALL_MODES } from './experts-constants.ts';

export { JoinInfo } from './consultations.ts';

export const BOOKING_WHEN = ['upcoming', 'past'] as const;
export type BookingWhen = (typeof BOOKING_WHEN)[number];

export const ExpertBooking = z
  .object({
    id: z.uuid(),
    /** The member's alias and avatar (never her real name: that is in the sealed details). */
    alias: z.string(),
    avatar: z.object({
      id: z.string(),
      emoji: z.string(),
      label: z.string(),
      /** Its picture (/avatars/<id>.svg); none for a member who deleted her account (id 'former-member'). */
      url: z.string().optional(),
    }),
    offerKind: z.string(),
    /** The offer's name in the request's language ("Discovery call", "Consultation"). */
    offerTitle: z.string(),
    minutes: z.number().int(),
    mode: z.enum(CALL_MODES),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(['confirmed', 'cancelled']),
    medical: z.boolean(),
    /** When she marked the member absent, or null. */
    noShowAt: z.string().nullable(),
    /** Join opens 10 minutes before the start and closes at the end (JOIN_OPENS_MINUTES). */
    joinable: z.boolean(),
  })
  .openapi('ExpertBooking');
export type ExpertBooking = z.infer<typeof ExpertBooking>;

export const ExpertBookings = z
  .object({
    items: z.array(ExpertBooking),
    /** Her zone (IANA): the portal shows times in it. */
    timeZone: z.string(),
  })
  .openapi('ExpertBookings');
export type ExpertBookings = z.infer<typeof ExpertBookings>;

export const SealedDetails = z
  .object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string() })
  .openapi('SealedDetails');
export type SealedDetails = z.infer<typeof SealedDetails>;

/** A range of hours in her zone: ["09:00", "13:00"]. */
const Range = z.tuple([z.string(), z.string()]);

/**
 * Her hours as availability/<id>.json has them (server/content/availability.ts checks both the same
 * way): weekly ranges per weekday, dates off or with extra hours, buffer, notice and horizon.
 */
export const ExpertHoursBody = z
  .object({
    timeZone: z.string(),
    weekly: z.partialRecord(z.enum(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']), z.array(Range)),
    exceptions: z.array(
      z.object({ date: z.string(), off: z.boolean().optional(), extra: z.array(Range).optional() }),
    ),
    bufferMinutes: z.number().int(),
    noticeHours: z.number().int(),
    horizonDays: z.number().int(),
  })
  .openapi('ExpertHoursBody');
export type ExpertHoursBody = z.infer<typeof ExpertHoursBody>;

export const ExpertHours = ExpertHoursBody.extend({
  /** When she last changed them in the portal (null: still as her file seeded them). */
  updatedAt: z.string().nullable(),
}).openapi('ExpertHours');
export type ExpertHours = z.infer<typeof ExpertHours>;

export const PROFILE_TEXT_LIMITS = { title: 120, bio: 2000, qualifications: 1000 } as const;

const Texts = z.object({ title: z.string(), bio: z.string(), qualifications: z.string() });
export const ProfileTextsBody = z.object({ en: Texts, ar: Texts }).openapi('ProfileTextsBody');
export type ProfileTextsBody = z.infer<typeof ProfileTextsBody>;

export const ExpertProfileTexts = z
  .object({
    name: z.object({ en: z.string(), ar: z.string() }),
    /** What the public profile shows now. */
    live: ProfileTextsBody,
    /** Her change waiting for an admin (or the last one refused, with the admin's reason). */
    draft: z
      .object({
        texts: ProfileTextsBody,
        status: z.enum(['pending', 'rejected']),
        submittedAt: z.string(),
        reason: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi('ExpertProfileTexts');
export type ExpertProfileTexts = z.infer<typeof ExpertProfileTexts>;
