/**
 * Her data, to take with her (issue 25, item 6): everything the server keeps of one member, read
 * for her alone and in her language: her profile, her security questions (never the answers,
 * which are hashes), whether she has a recovery code, her enrolments with the lessons she finished,
 * her quiz attempts, her reviews, her invoices and credit notes, her consultations with the names
 * and date of birth she gave for a medical one (opened with the booking key ring, for her alone),
 * her posts in the community circle (account-export-circle.ts),
 * her saved cards as the provider keeps them (brand, last four, expiry) and her devices. Hashes,
 * tokens and the rooms' secret names are never part of it. The HTML page is account-export-html.ts.
 * The receipts of her offline requests (offline_receipts, issue 28) are not part of it either: they
 * are technical records (a key and the answer she already had, kept 30 days so a request sent twice
 * counts once), not her content; what they answered is here as her progress and her quiz attempts.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../contract/locale.ts';
import type { Db } from '../db/index.ts';
import {
  bookings,
  creditNotes,
  enrolments,
  experts,
  invoices,
  lessonProgress,
  orderLines,
  quizAttempts,
  recoveryCodes,
  reviews,
  sandboxPaymentMethods,
  securityAnswers,
  sessions,
  users,
} from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { circlePostsOf } from './account-export-circle.ts';
import type { AccountExport } from './account-export-shape.ts';
import { profileOf } from './account-settings.ts';
import { openDetails, type PersonalDetails } from './consultations-calls.ts';
import type { BookingKeyRing } from './consultations-config.ts';
import type { createCatalogue } from './learning-catalogue.ts';

export type { AccountExport } from './account-export-shape.ts';

type CatalogueSource = ReturnType<typeof createCatalogue>;

const iso = (d: Date) => d.toISOString();

export function createAccountExport({
  db,
  clock,
  catalogue,
  dataKeys,
}: {
  db: Db;
  clock: Clock;
  catalogue: CatalogueSource;
  /** The booking key ring: her sealed details are opened for her export. */
  dataKeys: BookingKeyRing;
}) {
  /** Everything of hers; `currentTokenHash` marks this device among her sessions. */
  async function collect(
    memberId: string,
    currentTokenHash: string,
    language: Locale,
  ): Promise<AccountExport> {
    const [
      [u],
      answers,
      [code],
      joined,
      done,
      attempts,
      written,
      bills,
      notes,
      booked,
      cards,
      devices,
      cat,
      posts,
    ] = await Promise.all([
      db.select().from(users).where(eq(users.id, memberId)),
      db
        .select({ questionId: securityAnswers.questionId })
        .from(securityAnswers)
        .where(eq(securityAnswers.userId, memberId))
        .orderBy(asc(securityAnswers.position)),
      db
        .select({ createdAt: recoveryCodes.createdAt })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, memberId)),
      db.select().from(enrolments).where(eq(enrolments.userId, memberId)).orderBy(asc(enrolments.enrolledAt)),
      db
        .select()
        .from(lessonProgress)
        .where(eq(lessonProgress.userId, memberId))
        .orderBy(asc(lessonProgress.completedAt)),
      db
        .select()
        .from(quizAttempts)
        .where(eq(quizAttempts.userId, memberId))
        .orderBy(asc(quizAttempts.submittedAt)),
      db.select().from(reviews).where(eq(reviews.userId, memberId)).orderBy(asc(reviews.createdAt)),
      db.select().from(invoices).where(eq(invoices.userId, memberId)).orderBy(desc(invoices.issuedAt)),
      db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.userId, memberId))
        .orderBy(desc(creditNotes.issuedAt)),
      db
        .select({ booking: bookings, expertTexts: experts.texts })
        .from(bookings)
        .innerJoin(experts, eq(experts.id, bookings.expertId))
        .where(eq(bookings.userId, memberId))
        .orderBy(asc(bookings.startsAt)),
      db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.userId, memberId))
        .orderBy(asc(sandboxPaymentMethods.createdAt)),
      db.select().from(sessions).where(eq(sessions.userId, memberId)).orderBy(desc(sessions.lastSeenAt)),
      catalogue.get(),
      circlePostsOf(db, memberId, language),
    ]);
    if (!u) throw new Error('member not found');
    const course = (id: string) => cat.byId.get(id);
    const courseTitle = (id: string) => course(id)?.texts[language].title ?? id;
    const lines =
      bills.length === 0
        ? []
        : await db
            .select()
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                bills.map((b) => b.orderId),
              ),
            )
            .orderBy(asc(orderLines.position));
    const invoiceNumbers = new Map(bills.map((b) => [b.id, b.number]));
    const consultationLine = new Map(
      booked
        .filter((r) => r.booking.invoiceId)
        .map((r) => [r.booking.invoiceId!, r.booking.titles[language]]),
    );

    return {
      exportedAt: iso(clock.now()),
      language,
      profile: { ...profileOf(u), joinedAt: iso(u.createdAt) },
      securityQuestions: answers.map((a) => a.questionId),
      recoveryCode: { active: !!code, createdAt: code ? iso(code.createdAt) : null },
      enrolments: joined.map((e) => {
        const c = course(e.courseId);
        const mine = done.filter((p) => p.courseId === e.courseId);
        const lessonTitle = (id: string) => c?.lessons.find((l) => l.id === id)?.texts[language].title ?? id;
        return {
          courseId: e.courseId,
          title: courseTitle(e.courseId),
          enrolledAt: iso(e.enrolledAt),
          source: e.source,
          completedAt: e.completedAt ? iso(e.completedAt) : null,
          lessonsDone: mine.filter((p) => c?.lessons.some((l) => l.id === p.lessonId) ?? true).length,
          lessonsTotal: c?.lessons.length ?? mine.length,
          lessons: mine.map((p) => ({
            lessonId: p.lessonId,
            title: lessonTitle(p.lessonId),
            completedAt: iso(p.completedAt),
          })),
        };
      }),
      quizAttempts: attempts.map((a) => ({
        courseId: a.courseId,
        title: courseTitle(a.courseId),
        kind: a.kind,
        score: a.score,
        correct: a.correct,
        total: a.total,
        submittedAt: iso(a.submittedAt),
        answers: a.answers,
      })),
      reviews: written.map((r) => ({
        courseId: r.courseId,
        title: courseTitle(r.courseId),
        rating: r.rating,
        text: r.text,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
      })),
      invoices: bills.map((b) => ({
        number: b.number,
        issuedAt: iso(b.issuedAt),
        items: consultationLine.has(b.id)
          ? [consultationLine.get(b.id)!]
          : lines.filter((l) => l.orderId === b.orderId).map((l) => l.titles[language]),
        subtotal: b.subtotal,
        discount: b.discount,
        couponCode: b.couponCode,
        vat: b.vat,
        total: b.total,
        amountPaid: b.amountPaid,
        currency: b.currency,
      })),
      creditNotes: notes.map((n) => ({
        number: n.number,
        issuedAt: iso(n.issuedAt),
        invoiceNumber: invoiceNumbers.get(n.invoiceId) ?? null,
        refundPercent: n.refundPercent,
        total: n.total,
        currency: 'USD',
      })),
      consultations: booked.map(({ booking: b, expertTexts }) => ({
        id: b.id,
        title: b.titles[language],
        expert: expertTexts[language]?.name ?? b.expertId,
        mode: b.mode,
        minutes: b.minutes,
        startsAt: iso(b.startsAt),
        endsAt: iso(b.endsAt),
        status: b.status,
        total: b.total,
        amountPaid: b.amountPaid,
        refundAmount: b.refundAmount,
        personalDetails: b.details ? openFor(b.id, b.details, b.detailsKeyId) : null,
      })),
      circlePosts: posts,
      paymentMethods: cards.map((c) => ({
        brand: c.brand,
        last4: c.last4,
        expMonth: c.expMonth,
        expYear: c.expYear,
        addedAt: iso(c.createdAt),
      })),
      devices: devices
        .filter((s) => s.expiresAt > clock.now())
        .map((s) => ({
          browser: s.browser,
          system: s.system,
          signedInAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          current: s.tokenHash === currentTokenHash,
        })),
    };
  }

  /** Her sealed details, opened; null when no key of the ring opens them (never a failed export). */
  function openFor(bookingId: string, sealed: string, keyId: string | null): PersonalDetails | null {
    try {
      return openDetails(dataKeys, bookingId, sealed, keyId);
    } catch {
      return null;
    }
  }

  return { collect };
}
export type AccountExporter = ReturnType<typeof createAccountExport>;
