/**
 * Expert consultations (issue 10): open slots, holds, paying and confirming, her bookings, joining
 * the call, cancelling with the spec's refund tiers and a credit note. Rules (slots, tiers, money)
 * are the contract's zod-free consultation-rules.ts; every time comes from the injected clock.
 *
 * One slot, one booking: a hold and a confirmation run in a transaction that first locks the
 * expert's row (`select … for update`: bookings of one expert are serialised on PostgreSQL; PGlite
 * runs transactions one at a time anyway), sweeps her expired holds, then checks for an overlap
 * with her confirmed calls and unexpired holds, buffer included. A partial unique index on
 * (expert, start) of live bookings is the second guard. The loser gets 409 SLOT_TAKEN with the next
 * open slots.
 *
 * A hold lasts HOLD_MINUTES: it is read as expired from the clock on every read and write, and
 * `sweep()` (on every hold, and every minute from main.ts) marks such holds `expired` and drops
 * any details stored with them. Her newer hold releases her older unpaid ones.
 *
 * Confirming pays like enroll-multiple (commerce-purchase.ts): the Idempotency-Key is claimed in
 * consultation_requests (with a keyed hash of the body) before the charge; the provider is charged
 * with a key derived from member + key (a free call is not charged); one transaction then locks the
 * expert, the request and the booking, re-checks the slot, writes the order and the invoice (fee,
 * merchant charges, VAT 5 %) and confirms. A charge that cannot be used (the hold expired and the
 * slot went meanwhile, or the booking was confirmed by another key) is refunded with its own key
 * and the error stored as the key's answer. A crash leaves a whole confirmation or none; a retry
 * with the key reaches the same charge.
 *
 * Cancelling: the tier is computed from the clock against the start (real elapsed time), the
 * booking is marked cancelled with its refund in one transaction, the refund is made through the
 * provider with a key derived from the booking (idempotent, skipped for 0), and the credit note is
 * issued from its own gapless yearly counter. A retry after a crash finishes the pending refund.
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { InvoiceDocument } from '../../contract/commerce.ts';
import { VAT_PERCENT } from '../../contract/commerce-rules.ts';
import {
  type Availability,
  ageOn,
  type BookingStatus,
  conflicts,
  consultationPrice,
  creditNoteNumber,
  HOLD_MINUTES,
  isCalendarDate,
  isJoinable,
  isMedicalConsultation,
  joinWindow,
  MINIMUM_AGE,
  openSlots,
  refundDeadlines,
  refundParts,
  refundPercent,
  SLOTS_MAX_DAYS,
} from '../../contract/consultation-rules.ts';
import type {
  Booking,
  CancellationQuote,
  Cancellation as CancellationReply,
  ConsultationChallenge,
  ConsultationPaid,
  JoinInfo,
  MyConsultations,
  Slots,
} from '../../contract/consultations.ts';
import { NEXT_SLOTS_COUNT } from '../../contract/consultations.ts';
import type { CallMode, OfferKind } from '../../contract/experts-constants.ts';
import type { ExpertTexts } from '../content/loader.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { sqlState, UNIQUE_VIOLATION } from '../db/index.ts';
import {
  bookings,
  consultationRequests,
  creditNoteCounters,
  creditNotes,
  expertAvailability,
  experts,
  invoices,
  orders,
} from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError, ERROR_STATUS } from '../lib/errors.ts';
import type { ErrorCode, FieldCode, Locale } from '../lib/i18n.ts';
import type { Logger } from '../lib/log.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { issueInvoice } from './commerce-invoices.ts';
import type { Plan } from './commerce-pricing.ts';
import {
  type BookingMailer,
  icsInvite,
  jitsiToken,
  jitsiUrl,
  keyedHash,
  newRoomName,
  type PersonalDetails,
  sameRequestHash,
  sealDetails,
} from './consultations-calls.ts';
import type { ConsultationsConfig } from './consultations-config.ts';
import { earlierHolds, freeCallProblem } from './consultations-fairness.ts';
import {
  answered,
  BUSY,
  claimWhenFree,
  continuedWithoutHer,
  IN_FLIGHT_MS,
  lockMember,
} from './member-lock.ts';

type BookingRow = typeof bookings.$inferSelect;
type RequestRow = typeof consultationRequests.$inferSelect;
type Q = Db | Tx;

const MINUTE = 60_000;
/** The provider's idempotency keys of confirmations: `consult:<member>:<key>` (payments-completion.ts reads them). */
export const CONSULT_CHARGE_KEY_PREFIX = 'consult:';
const DAY = 86_400_000;

export interface HoldInput {
  expertId: string;
  offerId: string;
  mode: CallMode;
  startsAt: Date;
}

export interface ConfirmInput {
  paymentMethodId?: string | null;
  details?: { firstName: string; lastName: string; dateOfBirth: string } | null;
}

export type ConfirmReply =
  | { status: 201; body: ConsultationPaid }
  | { status: 202; body: ConsultationChallenge };

type StoredBody = ConsultationPaid | { error: { code: ErrorCode; reason?: string } };

interface ExpertInfo {
  id: string;
  published: boolean;
  specialty: string;
  avatarId: string;
  modes: string[];
  offers: { id: string; kind: OfferKind; minutes: number; price: number }[];
  texts: Record<Locale, ExpertTexts>;
  availability: Availability | null;
  email: string | null;
}

export interface ConsultationsDeps {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  config: ConsultationsConfig;
  log: Logger;
  /** The expert's mail (SMTP_URL set); null: bookings are only listed (`npm run bookings:list`). */
  mailer?: BookingMailer | null;
  /** Where a booking mail goes when her availability file names no address. */
  teamEmail?: string;
  mailFrom?: string;
}

/** The invoice line of a booking, in both languages (kept with the booking). */
export function bookingTitles(
  offer: { kind: OfferKind; minutes: number },
  mode: CallMode,
  names: Record<Locale, string>,
): { en: string; ar: string } {
  if (offer.kind === 'discovery')
    return {
      en: `Free discovery call (${mode}), ${offer.minutes} minutes — ${names.en}`,
      ar: `مكالمة تعارف مجانية (${mode === 'video' ? 'بالفيديو' : 'صوتية'})، ${offer.minutes} دقيقة — ${names.ar}`,
    };
  return {
    en: `${mode === 'video' ? 'Video' : 'Voice'} consultation, ${offer.minutes} minutes — ${names.en}`,
    ar: `${mode === 'video' ? 'استشارة بالفيديو' : 'استشارة صوتية'}، ${offer.minutes} دقيقة — ${names.ar}`,
  };
}

/** A booking's live status now: a held booking past its hold reads as expired. */
export function liveStatus(b: Pick<BookingRow, 'status' | 'holdExpiresAt'>, now: Date): BookingStatus {
  if (b.status === 'held' && b.holdExpiresAt && b.holdExpiresAt.getTime() <= now.getTime()) return 'expired';
  return b.status as BookingStatus;
}

/** Invoice lines of consultation invoices (for the billing list and the PDF), by invoice id. */
export async function consultationInvoiceLines(
  db: Q,
  invoiceIds: string[],
): Promise<Map<string, { bookingId: string; titles: { en: string; ar: string }; fee: number }>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.id, invoiceId: bookings.invoiceId, titles: bookings.titles, fee: bookings.fee })
    .from(bookings)
    .where(inArray(bookings.invoiceId, invoiceIds));
  return new Map(rows.map((r) => [r.invoiceId!, { bookingId: r.id, titles: r.titles, fee: r.fee }]));
}

const validationError = (fields: Record<string, FieldCode>) => new ApiError('VALIDATION_ERROR', { fields });

/** The details of a medical consultation, checked (spec §3, §9: at least 18 today); else 400. */
function checkDetails(details: ConfirmInput['details'], today: string): PersonalDetails {
  if (!details) throw validationError({ details: 'REQUIRED' });
  const dob = details.dateOfBirth.trim();
  if (!dob) throw validationError({ 'details.dateOfBirth': 'REQUIRED' });
  if (!isCalendarDate(dob) || dob < '1900-01-01' || dob > today)
    throw validationError({ 'details.dateOfBirth': 'INVALID' });
  if (ageOn(dob, today) < MINIMUM_AGE) throw validationError({ 'details.dateOfBirth': 'MUST_BE_ADULT' });
  return { firstName: details.firstName.trim(), lastName: details.lastName.trim(), dateOfBirth: dob };
}

/** For the team's listing (`npm run bookings:list`), newest start first: never the sealed details. */
export async function listBookingsForTeam(db: Db, now: Date, limit = 200, since?: Date) {
  const rows = await db
    .select({
      id: bookings.id,
      expertId: bookings.expertId,
      offerId: bookings.offerId,
      mode: bookings.mode,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      total: bookings.total,
      amountPaid: bookings.amountPaid,
      refundAmount: bookings.refundAmount,
      medical: bookings.medical,
      zone: expertAvailability.timeZone,
    })
    .from(bookings)
    .leftJoin(expertAvailability, eq(expertAvailability.expertId, bookings.expertId))
    .where(since ? gt(bookings.startsAt, since) : undefined)
    .orderBy(desc(bookings.startsAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, status: liveStatus(r, now) }));
}
export type TeamBooking = Awaited<ReturnType<typeof listBookingsForTeam>>[number];

/** A booking as the member sees it (`Booking`), from its row, its expert and its invoice and credit note. */
function bookingView(
  b: BookingRow,
  ex: { e: typeof experts.$inferSelect; zone: string | null } | undefined,
  invoice: { id: string; number: string } | null,
  note: { id: string; number: string } | null,
  locale: Locale,
  now: Date,
): Booking {
  const t = (ex?.e.texts as Record<Locale, ExpertTexts> | undefined)?.[locale];
  const status = liveStatus(b, now);
  return {
    id: b.id,
    status,
    expert: {
      id: b.expertId,
      name: t?.name ?? b.expertId,
      title: t?.title ?? '',
      avatar: ex ? avatarView(ex.e.avatarId, locale) : null,
      timeZone: ex?.zone ?? 'UTC',
    },
    offer: { id: b.offerId, kind: b.offerKind as OfferKind, minutes: b.minutes },
    mode: b.mode as CallMode,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    holdExpiresAt: status === 'held' && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    price: { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.total, currency: 'USD' },
    amountPaid: b.amountPaid,
    paidWith: b.paidBrand && b.paidLast4 ? { brand: b.paidBrand, last4: b.paidLast4 } : null,
    medical: b.medical,
    detailsGiven: b.details !== null,
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
    cancellation:
      status === 'cancelled' && b.cancelledAt
        ? {
            cancelledAt: b.cancelledAt.toISOString(),
            refundPercent: b.refundPercent ?? 0,
            refundAmount: b.refundAmount ?? 0,
            creditNote: note ? { id: note.id, number: note.number } : null,
          }
        : null,
    joinOpensAt: joinWindow(b.startsAt, b.endsAt).opensAt.toISOString(),
    joinable: status === 'confirmed' && isJoinable(b.startsAt, b.endsAt, now),
    cancellable: (status === 'confirmed' || status === 'held') && now.getTime() < b.startsAt.getTime(),
  };
}

export function createConsultations(deps: ConsultationsDeps) {
  const { database, clock, provider, config, log } = deps;
  const { db } = database;

  // ---------------------------------------------------------------- reading

  async function expertInfo(q: Q, id: string): Promise<ExpertInfo | null> {
    const [row] = await q
      .select({ e: experts, a: expertAvailability })
      .from(experts)
      .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
      .where(eq(experts.id, id));
    if (!row) return null;
    const a = row.a;
    return {
      id: row.e.id,
      published: row.e.published,
      specialty: row.e.specialty,
      avatarId: row.e.avatarId,
      modes: row.e.modes,
      offers: row.e.offers as ExpertInfo['offers'],
      texts: row.e.texts as Record<Locale, ExpertTexts>,
      email: a?.email ?? null,
      availability: a
        ? {
            timeZone: a.timeZone,
            weekly: a.weekly as Availability['weekly'],
            exceptions: a.exceptions as Availability['exceptions'],
            bufferMinutes: a.bufferMinutes,
            noticeMinutes: a.noticeMinutes,
            horizonDays: a.horizonDays,
          }
        : null,
    };
  }

  /** Her confirmed calls and unexpired holds around [from, to) (a day either side for buffers). */
  async function busy(q: Q, expertId: string, from: Date, to: Date, now: Date, exclude?: string) {
    const rows = await q
      .select({ id: bookings.id, start: bookings.startsAt, end: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.expertId, expertId),
          lt(bookings.startsAt, new Date(to.getTime() + DAY)),
          gt(bookings.endsAt, new Date(from.getTime() - DAY)),
          or(
            eq(bookings.status, 'confirmed'),
            and(eq(bookings.status, 'held'), gt(bookings.holdExpiresAt, now)),
          ),
          exclude ? ne(bookings.id, exclude) : undefined,
        ),
      );
    return rows.map((r) => ({ start: r.start, end: r.end }));
  }

  function offerOf(e: ExpertInfo, offerId: string) {
    return e.offers.find((o) => o.id === offerId) ?? null;
  }

  async function slotsFor(e: ExpertInfo, minutes: number, from: Date, to: Date): Promise<Date[]> {
    if (!e.availability) return [];
    const now = clock.now();
    return openSlots({
      availability: e.availability,
      minutes,
      from,
      to,
      now,
      busy: await busy(db, e.id, from, to, now),
    });
  }

  async function nextSlots(e: ExpertInfo, minutes: number, after: Date): Promise<string[]> {
    if (!e.availability) return [];
    const to = new Date(clock.now().getTime() + e.availability.horizonDays * DAY);
    const open = await slotsFor(e, minutes, after, to);
    return open.slice(0, NEXT_SLOTS_COUNT).map((d) => d.toISOString());
  }

  async function own(q: Q, memberId: string, bookingId: string, lock = false): Promise<BookingRow> {
    const base = q.select().from(bookings).where(eq(bookings.id, bookingId));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw new ApiError('BOOKING_NOT_FOUND');
    if (row.userId !== memberId) throw new ApiError('FORBIDDEN');
    return row;
  }

  async function view(rows: BookingRow[], locale: Locale): Promise<Booking[]> {
    if (rows.length === 0) return [];
    const now = clock.now();
    const ids = [...new Set(rows.map((r) => r.expertId))];
    const [expertRows, invoiceRows, noteRows] = await Promise.all([
      db
        .select({ e: experts, zone: expertAvailability.timeZone })
        .from(experts)
        .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
        .where(inArray(experts.id, ids)),
      db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            rows.map((r) => r.invoiceId).filter((x): x is string => x !== null),
          ),
        ),
      db
        .select({ id: creditNotes.id, number: creditNotes.number, bookingId: creditNotes.bookingId })
        .from(creditNotes)
        .where(
          inArray(
            creditNotes.bookingId,
            rows.map((r) => r.id),
          ),
        ),
    ]);
    const byExpert = new Map(expertRows.map((r) => [r.e.id, r]));
    return rows.map((b): Booking => {
      const ex = byExpert.get(b.expertId);
      const invoice = invoiceRows.find((i) => i.id === b.invoiceId) ?? null;
      const note = noteRows.find((n) => n.bookingId === b.id) ?? null;
      return bookingView(b, ex, invoice, note, locale, now);
    });
  }

  const viewOne = async (row: BookingRow, locale: Locale) => (await view([row], locale))[0];

  // ---------------------------------------------------------------- holds

  /** A confirmation of this booking is under way (claimed, not yet answered). */
  const paying = sql`exists (select 1 from ${consultationRequests} r where r.booking_id = ${bookings.id} and r.state = 'started')`;
  const detailsUnlessPaying = sql`case when ${paying} then ${bookings.details} else null end`;

  /**
   * Marks expired holds `expired` (all, or one expert's) and drops details stored with them, but
   * for a payment still under way (her bank's challenge, finished by the provider's completion
   * even with her tab closed): those are dropped once it is answered.
   */
  async function sweep(q: Q = db, expertId?: string): Promise<number> {
    const now = clock.now();
    const swept = await q
      .update(bookings)
      .set({ status: 'expired', details: detailsUnlessPaying, updatedAt: now })
      .where(
        and(
          eq(bookings.status, 'held'),
          sql`${bookings.holdExpiresAt} <= ${now}`,
          expertId ? eq(bookings.expertId, expertId) : undefined,
        ),
      )
      .returning({ id: bookings.id });
    await q
      .update(bookings)
      .set({ details: null })
      .where(
        and(
          eq(bookings.status, 'expired'),
          sql`${bookings.details} is not null`,
          sql`not ${paying}`,
          expertId ? eq(bookings.expertId, expertId) : undefined,
        ),
      );
    return swept.length;
  }

  async function lockExpert(tx: Tx, expertId: string) {
    await tx.select({ id: experts.id }).from(experts).where(eq(experts.id, expertId)).for('update');
  }

  // ---------------------------------------------------------------- confirming

  const chargeKey = (memberId: string, key: string) => `${CONSULT_CHARGE_KEY_PREFIX}${memberId}:${key}`;
  const unusedRefundKey = (memberId: string, key: string) => `consult-unused:${memberId}:${key}`;
  const cancelRefundKey = (bookingId: string) => `consult-cancel:${bookingId}`;

  const readRequest = async (memberId: string, key: string): Promise<RequestRow | undefined> =>
    (
      await db
        .select()
        .from(consultationRequests)
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)))
    )[0];

  const lockRequest = async (tx: Tx, memberId: string, key: string): Promise<RequestRow> =>
    (
      await tx
        .select()
        .from(consultationRequests)
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)))
        .for('update')
    )[0];

  async function replay(row: RequestRow, locale: Locale): Promise<ConfirmReply> {
    const body = row.responseBody as StoredBody;
    if ('error' in body)
      throw new ApiError(body.error.code, body.error.reason ? { reason: body.error.reason as never } : {});
    // the booking as it is now (she may have cancelled it since), in today's language
    const [b] = await db.select().from(bookings).where(eq(bookings.id, row.bookingId));
    return { status: 201, body: { ...body, booking: b ? await viewOne(b, locale) : body.booking } };
  }

  async function finishWithError(
    memberId: string,
    key: string,
    code: ErrorCode,
    reason?: string,
    locale: Locale = 'en',
  ): Promise<ConfirmReply> {
    const answered = await database.transaction(async (tx) => {
      const row = await lockRequest(tx, memberId, key);
      if (row.state === 'done') return row;
      const body: StoredBody = { error: reason ? { code, reason } : { code } };
      const status = ERROR_STATUS[code];
      await tx
        .update(consultationRequests)
        .set({ state: 'done', responseStatus: status, responseBody: body, updatedAt: clock.now() })
        .where(and(eq(consultationRequests.userId, memberId), eq(consultationRequests.idempotencyKey, key)));
      return null;
    });
    // answered meanwhile (a concurrent retry with the same key): the first final answer stands
    if (answered) return replay(answered, locale);
    throw new ApiError(code, reason ? { reason: reason as never } : {});
  }

  type Finalized =
    | { kind: 'answered'; row: RequestRow }
    | { kind: 'confirmed'; body: ConsultationPaid; booking: BookingRow }
    | { kind: 'refused'; code: ErrorCode };

  function finalize(
    member: { id: string; alias: string },
    key: string,
    bookingId: string,
    payment: { chargeId: string; brand: string; last4: string } | null,
    locale: Locale,
  ): Promise<Finalized> {
    return database.transaction(async (tx): Promise<Finalized> => {
      const [peek] = await tx
        .select({ expertId: bookings.expertId })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      await lockMember(tx, member.id);
      await lockExpert(tx, peek.expertId);
      const req = await lockRequest(tx, member.id, key);
      if (req.state === 'done') return { kind: 'answered', row: req };
      const b = await own(tx, member.id, bookingId, true);
      const now = clock.now();
      if (b.status === 'confirmed' || b.status === 'cancelled')
        return { kind: 'refused', code: 'BOOKING_NOT_PAYABLE' };
      if (b.startsAt.getTime() <= now.getTime()) return { kind: 'refused', code: 'HOLD_EXPIRED' };
      if (liveStatus(b, now) === 'expired') {
        // her hold ran out while she paid: she keeps the slot if nobody has taken it meanwhile
        const taken = await busy(tx, b.expertId, b.startsAt, b.endsAt, now, b.id);
        const buffer = (await expertInfo(tx, b.expertId))?.availability?.bufferMinutes ?? 0;
        if (conflicts(b.startsAt, b.endsAt, taken, buffer)) return { kind: 'refused', code: 'HOLD_EXPIRED' };
      }
      const problem = await freeCallProblem(
        tx,
        {
          memberId: member.id,
          expertId: b.expertId,
          offerKind: b.offerKind,
          total: b.total,
          bookingId: b.id,
        },
        now,
      );
      if (problem) return { kind: 'refused', code: problem };
      let invoice: { id: string; number: string } | null = null;
      let orderId: string | null = null;
      if (b.total > 0 && payment) {
        const subtotal = b.fee + b.merchantCharges;
        const [order] = await tx
          .insert(orders)
          .values({
            userId: member.id,
            idempotencyKey: `consultation:${b.id}`,
            subtotal,
            discount: 0,
            vat: b.vat,
            total: b.total,
            currency: 'USD',
            couponCode: null,
            chargeId: payment.chargeId,
            paidBrand: payment.brand,
            paidLast4: payment.last4,
            createdAt: now,
          })
          .returning({ id: orders.id });
        orderId = order.id;
        const plan: Plan = {
          lines: [],
          coupon: null,
          totals: { subtotal, discount: 0, vat: b.vat, total: b.total },
        };
        invoice = await issueInvoice(tx, {
          orderId: order.id,
          userId: member.id,
          alias: member.alias,
          plan,
          amountPaid: b.total,
          now,
        });
        await tx
          .update(invoices)
          .set({ consultationFee: b.fee, merchantCharges: b.merchantCharges })
          .where(eq(invoices.id, invoice.id));
      }
      const [confirmed] = await tx
        .update(bookings)
        .set({
          status: 'confirmed',
          holdExpiresAt: null,
          orderId,
          invoiceId: invoice?.id ?? null,
          chargeId: payment?.chargeId ?? null,
          paidBrand: payment?.brand ?? null,
          paidLast4: payment?.last4 ?? null,
          amountPaid: payment ? b.total : 0,
          confirmedAt: now,
          updatedAt: now,
        })
        .where(eq(bookings.id, b.id))
        .returning();
      const bookingView = (await viewIn(tx, confirmed, locale))!;
      const body: ConsultationPaid = { status: 'confirmed', booking: bookingView, invoice };
      await tx
        .update(consultationRequests)
        .set({ state: 'done', responseStatus: 201, responseBody: body, updatedAt: now })
        .where(and(eq(consultationRequests.userId, member.id), eq(consultationRequests.idempotencyKey, key)));
      return { kind: 'confirmed', body, booking: confirmed };
    });
  }

  /** The view inside a transaction (on PGlite `db` would wait for the transaction itself). */
  async function viewIn(tx: Tx, b: BookingRow, locale: Locale): Promise<Booking> {
    const [ex] = await tx
      .select({ e: experts, zone: expertAvailability.timeZone })
      .from(experts)
      .leftJoin(expertAvailability, eq(expertAvailability.expertId, experts.id))
      .where(eq(experts.id, b.expertId));
    const [inv] = b.invoiceId
      ? await tx
          .select({ id: invoices.id, number: invoices.number })
          .from(invoices)
          .where(eq(invoices.id, b.invoiceId))
      : [];
    const [note] = await tx
      .select({ id: creditNotes.id, number: creditNotes.number })
      .from(creditNotes)
      .where(eq(creditNotes.bookingId, b.id));
    return bookingView(b, ex, inv ?? null, note ?? null, locale, clock.now());
  }

  // ---------------------------------------------------------------- mail

  function notifyExpert(b: BookingRow, alias: string, method: 'REQUEST' | 'CANCEL') {
    if (!deps.mailer) return;
    const mailer = deps.mailer;
    void (async () => {
      const e = await expertInfo(db, b.expertId);
      const to = e?.email ?? deps.teamEmail;
      if (!e || !to) return;
      const zone = e.availability?.timeZone ?? 'UTC';
      const when = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        dateStyle: 'full',
        timeStyle: 'short',
      }).format(b.startsAt);
      const server = config.jitsiUrl;
      const expertJwt = jitsiToken(config, {
        room: b.roomName,
        name: e.texts.en.name,
        notBefore: joinWindow(b.startsAt, b.endsAt).opensAt,
        expires: new Date(b.endsAt.getTime() + 30 * MINUTE),
        moderator: true,
      });
      const url = jitsiUrl(server, {
        room: b.roomName,
        jwt: expertJwt,
        displayName: e.texts.en.name,
        mode: b.mode as CallMode,
      });
      const what = `${b.mode === 'video' ? 'Video' : 'Voice'} ${b.offerKind === 'discovery' ? 'discovery call' : 'consultation'}, ${b.minutes} minutes`;
      const cancelled = method === 'CANCEL';
      const summary = `Amina: ${what} with ${alias}${cancelled ? ' (cancelled)' : ''}`;
      const text = [
        cancelled
          ? 'A consultation was cancelled by the member.'
          : 'You have a new consultation booked through Amina.',
        '',
        `What: ${what}`,
        `Member (alias): ${alias}`,
        `When: ${when} (${zone})`,
        `Booking: ${b.id}`,
        ...(cancelled ? [] : [`Join: ${url}`, '', 'The room opens 10 minutes before the start.']),
        ...(b.medical && !cancelled
          ? [
              '',
              'This is a medical consultation: the member gave her name and date of birth, which are kept encrypted with the booking.',
            ]
          : []),
      ].join('\n');
      const ics = icsInvite({
        bookingId: b.id,
        method,
        stamp: clock.now(),
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        summary,
        description: `${what}. Member (alias): ${alias}.${cancelled ? '' : ` Join: ${url}`}`,
        url,
        organizer: deps.mailFrom ?? 'consultations@amina.health',
        attendee: to,
      });
      await mailer.send({ to, subject: `[Amina] ${summary}`, text: `${text}\n`, ics, method });
    })().catch((err: unknown) => {
      // never the mail's contents or addresses: the booking id and the error's code only
      log.error('booking mail failed', {
        booking: b.id,
        code: (err as { code?: string } | null)?.code ?? 'unknown',
      });
    });
  }

  // ---------------------------------------------------------------- cancelling

  async function creditNoteFor(tx: Tx, b: BookingRow, alias: string, refundId: string, now: Date) {
    const [existing] = await tx.select().from(creditNotes).where(eq(creditNotes.bookingId, b.id));
    if (existing) return existing;
    const year = now.getUTCFullYear();
    await tx.insert(creditNoteCounters).values({ year, last: 0 }).onConflictDoNothing();
    const [{ last: sequence }] = await tx
      .update(creditNoteCounters)
      .set({ last: sql`${creditNoteCounters.last} + 1` })
      .where(eq(creditNoteCounters.year, year))
      .returning({ last: creditNoteCounters.last });
    const parts = refundParts(
      { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.amountPaid },
      b.refundPercent ?? 0,
    );
    const [note] = await tx
      .insert(creditNotes)
      .values({
        number: creditNoteNumber(year, sequence),
        year,
        sequence,
        bookingId: b.id,
        invoiceId: b.invoiceId!,
        userId: b.userId,
        alias,
        refundPercent: b.refundPercent ?? 0,
        fee: parts.fee,
        merchantCharges: parts.merchantCharges,
        vat: parts.vat,
        total: parts.fee + parts.merchantCharges + parts.vat,
        refundId,
        issuedAt: now,
      })
      .returning();
    return note;
  }

  /** Makes the pending refund of a cancelled booking and issues its credit note (idempotent). */
  async function settleRefund(member: { id: string; alias: string }, b: BookingRow): Promise<void> {
    if (b.status !== 'cancelled' || !b.refundAmount || b.refundAmount <= 0 || !b.chargeId) return;
    const [existing] = await db
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(eq(creditNotes.bookingId, b.id));
    if (existing) return;
    const refund = await provider.refund({
      idempotencyKey: cancelRefundKey(b.id),
      chargeId: b.chargeId,
      amount: b.refundAmount,
    });
    if (refund.status !== 'succeeded') throw new Error(`refund failed: ${refund.reason}`);
    await database.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, b.id)).for('update');
      await tx
        .update(bookings)
        .set({ refundId: refund.refundId, updatedAt: clock.now() })
        .where(eq(bookings.id, b.id));
      await creditNoteFor(tx, row, member.alias, refund.refundId, clock.now());
    });
  }

  function quoteOf(b: BookingRow, now: Date): CancellationQuote {
    const status = liveStatus(b, now);
    const cancellable = (status === 'confirmed' || status === 'held') && now.getTime() < b.startsAt.getTime();
    const percent = status === 'confirmed' && cancellable ? refundPercent(b.startsAt, now) : 0;
    const parts = refundParts(
      { fee: b.fee, merchantCharges: b.merchantCharges, vat: b.vat, total: b.amountPaid },
      percent,
    );
    const { fullUntil, halfUntil } = refundDeadlines(b.startsAt);
    return {
      bookingId: b.id,
      cancellable,
      refundPercent: percent,
      refundAmount: b.amountPaid > 0 ? parts.total : 0,
      amountPaid: b.amountPaid,
      startsAt: b.startsAt.toISOString(),
      fullRefundUntil: fullUntil.toISOString(),
      halfRefundUntil: halfUntil.toISOString(),
    };
  }

  /** Charges a claimed confirmation (the same key, the same charge) and finalises it. */
  async function proceed(
    member: { id: string; alias: string },
    key: string,
    bookingId: string,
    input: ConfirmInput,
    locale: Locale,
  ): Promise<ConfirmReply> {
    const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (b.medical && b.details === null && input.details) {
      // kept only with this booking, sealed (again, if a sweep dropped them from an expired hold
      // while her bank's challenge was open: the same key carries the same, already checked body)
      await db
        .update(bookings)
        .set({
          ...sealDetails(config.dataKeys, bookingId, checkDetails(input.details, '9999-12-31')),
          updatedAt: clock.now(),
        })
        .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ['held', 'expired'])));
    }
    let payment: { chargeId: string; brand: string; last4: string } | null = null;
    if (b.total > 0) {
      const result = await provider.charge({
        idempotencyKey: chargeKey(member.id, key),
        memberId: member.id,
        amount: b.total,
        currency: 'USD',
        paymentMethodId: input.paymentMethodId ?? '',
        description: `Consultation ${b.offerId} with ${b.expertId}`,
      });
      switch (result.status) {
        case 'requires_action':
          return {
            status: 202,
            body: { status: 'challenge', challengeId: result.challengeId, amount: b.total },
          };
        case 'declined':
          return finishWithError(member.id, key, 'PAYMENT_DECLINED', result.reason, locale);
        case 'failed':
          return finishWithError(
            member.id,
            key,
            result.reason === 'payment_method_invalid' ? 'PAYMENT_METHOD_INVALID' : 'PAYMENT_FAILED',
            undefined,
            locale,
          );
        case 'succeeded':
          payment = { chargeId: result.chargeId, brand: result.brand, last4: result.last4 };
      }
    }
    const done = await finalize(member, key, bookingId, payment, locale);
    if (done.kind === 'answered') return replay(done.row, locale);
    if (done.kind === 'confirmed') {
      notifyExpert(done.booking, member.alias, 'REQUEST');
      return { status: 201, body: done.body };
    }
    // the charge cannot be used: give it back (idempotent), then answer the error for good
    if (payment) {
      const refund = await provider.refund({
        idempotencyKey: unusedRefundKey(member.id, key),
        chargeId: payment.chargeId,
        amount: b.total,
      });
      if (refund.status !== 'succeeded') throw new Error(`refund failed: ${refund.reason}`);
    }
    return finishWithError(member.id, key, done.code, undefined, locale);
  }

  /**
   * Claims the key under her member lock (member-lock.ts): her own key's row if it exists; a
   * booking confirmed or cancelled meanwhile → BOOKING_NOT_PAYABLE; another key of hers for this
   * booking under way → BUSY (wait for it), so two tabs never pay twice for one booking.
   */
  function claim(memberId: string, key: string, bookingId: string, hash: string): Promise<RequestRow> {
    return claimWhenFree(database, memberId, async (tx) => {
      const mine = await lockRequest(tx, memberId, key);
      if (mine) return mine;
      const [b] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      if (b.status === 'confirmed' || b.status === 'cancelled') throw new ApiError('BOOKING_NOT_PAYABLE');
      const now = clock.now();
      const underWay = await tx
        .select({ key: consultationRequests.idempotencyKey })
        .from(consultationRequests)
        .where(
          and(
            eq(consultationRequests.bookingId, bookingId),
            eq(consultationRequests.state, 'started'),
            gt(consultationRequests.updatedAt, new Date(now.getTime() - IN_FLIGHT_MS)),
          ),
        );
      if (underWay.length > 0) return BUSY;
      const [claimed] = await tx
        .insert(consultationRequests)
        .values({
          userId: memberId,
          idempotencyKey: key,
          bookingId,
          requestHash: hash,
          state: 'started',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return claimed;
    });
  }

  // ---------------------------------------------------------------- the API

  return {
    sweep: () => sweep(),

    async slots(
      expertId: string,
      offerId: string,
      from: Date | undefined,
      to: Date | undefined,
      locale: Locale,
    ): Promise<Slots> {
      void locale;
      const e = await expertInfo(db, expertId);
      if (!e?.published) throw new ApiError('NOT_FOUND');
      const offer = offerOf(e, offerId);
      if (!offer) throw validationError({ offer: 'INVALID' });
      const now = clock.now();
      const horizon = e.availability?.horizonDays ?? 28;
      const f = from ?? now;
      const t = to ?? new Date(now.getTime() + horizon * DAY);
      if (t.getTime() <= f.getTime()) throw validationError({ to: 'INVALID' });
      if (t.getTime() - f.getTime() > SLOTS_MAX_DAYS * DAY) throw validationError({ to: 'INVALID' });
      const open = await slotsFor(e, offer.minutes, f, t);
      return {
        expertId: e.id,
        offerId: offer.id,
        minutes: offer.minutes,
        timeZone: e.availability?.timeZone ?? 'UTC',
        from: f.toISOString(),
        to: t.toISOString(),
        slots: open.map((d) => d.toISOString()),
        price: { ...consultationPrice(offer.price, config.merchantChargeBasisPoints), currency: 'USD' },
        medical: isMedicalConsultation(e.specialty, offer.kind),
      };
    },

    async hold(member: { id: string; alias: string }, input: HoldInput, locale: Locale): Promise<Booking> {
      const e = await expertInfo(db, input.expertId);
      if (!e?.published) throw new ApiError('NOT_FOUND');
      const offer = offerOf(e, input.offerId);
      if (!offer) throw validationError({ offerId: 'INVALID' });
      if (!e.modes.includes(input.mode)) throw validationError({ mode: 'INVALID' });
      if (!e.availability) throw new ApiError('SLOT_UNAVAILABLE');
      const startsAt = input.startsAt;
      const endsAt = new Date(startsAt.getTime() + offer.minutes * MINUTE);
      const now = clock.now();
      // an open slot, ignoring bookings: outside her hours, notice or horizon → unavailable
      const possible = openSlots({
        availability: e.availability,
        minutes: offer.minutes,
        from: startsAt,
        to: new Date(startsAt.getTime() + 1),
        now,
        busy: [],
      });
      if (possible.length !== 1 || possible[0].getTime() !== startsAt.getTime())
        throw new ApiError('SLOT_UNAVAILABLE');
      const price = consultationPrice(offer.price, config.merchantChargeBasisPoints);
      const availability = e.availability;
      let row: BookingRow | null;
      try {
        row = await database.transaction(async (tx) => {
          await lockMember(tx, member.id);
          await lockExpert(tx, e.id);
          await sweep(tx, e.id);
          // the slot she holds already: that hold as it is, its countdown going on (consultations-fairness.ts)
          const earlier = await earlierHolds(tx, member.id, e.id, startsAt, now);
          if (earlier.live && earlier.live.offerId === offer.id && earlier.live.mode === input.mode)
            return earlier.live;
          if (!earlier.live && earlier.cooling) throw new ApiError('HOLD_NOT_RENEWABLE');
          const problem = await freeCallProblem(
            tx,
            { memberId: member.id, expertId: e.id, offerKind: offer.kind, total: price.total },
            now,
          );
          if (problem) throw new ApiError(problem);
          // her older unpaid holds (any expert) are released: one hold at a time
          await tx
            .update(bookings)
            .set({ status: 'expired', details: detailsUnlessPaying, updatedAt: now })
            .where(and(eq(bookings.userId, member.id), eq(bookings.status, 'held')));
          const taken = await busy(tx, e.id, startsAt, endsAt, now);
          if (conflicts(startsAt, endsAt, taken, availability.bufferMinutes)) return null;
          const [inserted] = await tx
            .insert(bookings)
            .values({
              userId: member.id,
              expertId: e.id,
              offerId: offer.id,
              offerKind: offer.kind,
              minutes: offer.minutes,
              mode: input.mode,
              startsAt,
              endsAt,
              status: 'held',
              holdExpiresAt: earlier.live?.holdExpiresAt ?? new Date(now.getTime() + HOLD_MINUTES * MINUTE),
              fee: price.fee,
              merchantCharges: price.merchantCharges,
              vat: price.vat,
              total: price.total,
              medical: isMedicalConsultation(e.specialty, offer.kind),
              titles: bookingTitles(offer, input.mode, { en: e.texts.en.name, ar: e.texts.ar.name }),
              roomName: newRoomName(),
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          return inserted;
        });
      } catch (err) {
        if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
        row = null;
      }
      if (!row) throw new ApiError('SLOT_TAKEN', { nextSlots: await nextSlots(e, offer.minutes, startsAt) });
      return viewOne(row, locale);
    },

    async confirm(
      member: { id: string; alias: string },
      bookingId: string,
      key: string,
      input: ConfirmInput,
      locale: Locale,
    ): Promise<ConfirmReply> {
      const canonical = JSON.stringify({
        bookingId,
        paymentMethodId: input.paymentMethodId ?? null,
        details: input.details
          ? {
              firstName: input.details.firstName.trim(),
              lastName: input.details.lastName.trim(),
              dateOfBirth: input.details.dateOfBirth.trim(),
            }
          : null,
      });
      const hash = keyedHash(config.dataKeys, canonical);
      let req = await readRequest(member.id, key);
      if (!req) {
        const b = await own(db, member.id, bookingId);
        const now = clock.now();
        const status = liveStatus(b, now);
        if (status === 'confirmed' || status === 'cancelled') throw new ApiError('BOOKING_NOT_PAYABLE');
        if (b.startsAt.getTime() <= now.getTime()) throw new ApiError('HOLD_EXPIRED');
        if (status === 'expired') {
          const taken = await busy(db, b.expertId, b.startsAt, b.endsAt, now, b.id);
          const buffer = (await expertInfo(db, b.expertId))?.availability?.bufferMinutes ?? 0;
          if (conflicts(b.startsAt, b.endsAt, taken, buffer)) throw new ApiError('HOLD_EXPIRED');
        }
        if (b.medical) checkDetails(input.details, now.toISOString().slice(0, 10));
        if (b.total > 0 && !input.paymentMethodId) throw validationError({ paymentMethodId: 'REQUIRED' });
        try {
          req = await claim(member.id, key, bookingId, hash);
        } catch (e) {
          // her other tab's request with this very key finished first: its answer wins
          req = await readRequest(member.id, key);
          if (!req) throw e;
        }
      }
      if (req.requestHash !== hash && !sameRequestHash(config.dataKeys, req.requestHash, canonical))
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (req.state === 'done') return replay(req, locale);
      return proceed(member, key, bookingId, input, locale);
    },

    /**
     * Continues her claimed confirmation without her (the provider's completion after a challenge,
     * the reconciliation pass): charged again with the same key, the provider returns the same
     * charge; her details were sealed before the first charge. Returns whether it is answered now.
     */
    async resume(
      member: { id: string; alias: string },
      key: string,
      paymentMethodId: string,
    ): Promise<'done' | 'pending'> {
      const req = await readRequest(member.id, key);
      if (!req || req.state === 'done') return 'done';
      return continuedWithoutHer(() =>
        proceed(member, key, req.bookingId, { paymentMethodId, details: null }, 'en'),
      );
    },

    /** A `started` confirmation given up on (her bank never answered): answered PAYMENT_FAILED. */
    abandon: (memberId: string, key: string) => answered(finishWithError(memberId, key, 'PAYMENT_FAILED')),

    async list(memberId: string, locale: Locale): Promise<MyConsultations> {
      const now = clock.now();
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(eq(bookings.userId, memberId), inArray(bookings.status, ['held', 'confirmed', 'cancelled'])),
        )
        .orderBy(asc(bookings.startsAt));
      const all = await view(rows, locale);
      return {
        upcoming: all.filter(
          (b) => (b.status === 'confirmed' || b.status === 'held') && Date.parse(b.endsAt) > now.getTime(),
        ),
        past: all.filter((b) => b.status === 'confirmed' && Date.parse(b.endsAt) <= now.getTime()).reverse(),
        cancelled: all
          .filter((b) => b.status === 'cancelled')
          .sort((x, y) => Date.parse(y.startsAt) - Date.parse(x.startsAt)),
      };
    },

    async get(memberId: string, bookingId: string, locale: Locale): Promise<Booking> {
      return viewOne(await own(db, memberId, bookingId), locale);
    },

    async join(member: { id: string; alias: string }, bookingId: string): Promise<JoinInfo> {
      const b = await own(db, member.id, bookingId);
      const now = clock.now();
      if (liveStatus(b, now) !== 'confirmed') throw new ApiError('BOOKING_NOT_PAYABLE');
      const { opensAt, closesAt } = joinWindow(b.startsAt, b.endsAt);
      if (now.getTime() < opensAt.getTime()) throw new ApiError('NOT_YET_OPEN');
      if (now.getTime() >= closesAt.getTime()) throw new ApiError('ENDED');
      const mode = b.mode as CallMode;
      const jwt = jitsiToken(config, {
        room: b.roomName,
        name: member.alias,
        notBefore: opensAt,
        expires: new Date(b.endsAt.getTime() + 30 * MINUTE),
      });
      return {
        url: jitsiUrl(config.jitsiUrl, { room: b.roomName, jwt, displayName: member.alias, mode }),
        server: config.jitsiUrl,
        room: b.roomName,
        jwt,
        displayName: member.alias,
        mode,
        startWithVideoMuted: mode === 'voice',
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
      };
    },

    async cancellation(memberId: string, bookingId: string): Promise<CancellationQuote> {
      return quoteOf(await own(db, memberId, bookingId), clock.now());
    },

    async cancel(
      member: { id: string; alias: string },
      bookingId: string,
      locale: Locale,
    ): Promise<CancellationReply> {
      await own(db, member.id, bookingId);
      const result = await database.transaction(async (tx) => {
        const b = await own(tx, member.id, bookingId, true);
        const now = clock.now();
        if (b.status === 'cancelled') return { b, fresh: false };
        const q = quoteOf(b, now);
        if (!q.cancellable) throw new ApiError('BOOKING_NOT_CANCELLABLE');
        const [updated] = await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            holdExpiresAt: null,
            cancelledAt: now,
            refundPercent: q.refundPercent,
            refundAmount: q.refundAmount,
            // a hold cancelled before paying keeps nothing of her
            details: b.status === 'held' ? null : b.details,
            updatedAt: now,
          })
          .where(eq(bookings.id, b.id))
          .returning();
        return { b: updated, fresh: b.status === 'confirmed' };
      });
      await settleRefund(member, result.b);
      if (result.fresh) notifyExpert(result.b, member.alias, 'CANCEL');
      const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
      const booking = await viewOne(b, locale);
      return {
        booking,
        refund: { percent: b.refundPercent ?? 0, amount: b.refundAmount ?? 0 },
        creditNote: booking.cancellation?.creditNote ?? null,
      };
    },

    /** A credit note's document for the PDF (403 unless hers, 404 CREDIT_NOTE_NOT_FOUND). */
    async creditNoteDocument(
      memberId: string,
      creditNoteId: string,
      language: Locale,
    ): Promise<InvoiceDocument> {
      const [note] = await db.select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
      if (!note) throw new ApiError('CREDIT_NOTE_NOT_FOUND');
      if (note.userId !== memberId) throw new ApiError('FORBIDDEN');
      const [[b], [invoice]] = await Promise.all([
        db.select().from(bookings).where(eq(bookings.id, note.bookingId)),
        db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, note.invoiceId)),
      ]);
      return {
        kind: 'creditNote',
        refersTo: invoice?.number ?? '',
        refundPercent: note.refundPercent,
        language,
        number: note.number,
        issuedAt: note.issuedAt,
        billedTo: { alias: note.alias, memberId: note.userId },
        lines: [{ description: b.titles[language], amount: note.fee }],
        subtotal: note.fee + note.merchantCharges,
        discount: 0,
        couponCode: null,
        vatPercent: VAT_PERCENT,
        vat: note.vat,
        total: note.total,
        amountPaid: note.total,
        currency: 'USD',
        paidWith: b.paidBrand && b.paidLast4 ? { brand: b.paidBrand, last4: b.paidLast4 } : null,
        consultationFee: note.fee,
        merchantCharges: note.merchantCharges,
      };
    },

    teamList: (limit = 200) => listBookingsForTeam(db, clock.now(), limit),
  };
}
export type Consultations = ReturnType<typeof createConsultations>;
