/**
 * The shape of her data's export (issue 25, item 6): what account-export.ts collects and
 * account-export-html.ts lays out. Times are ISO instants, amounts integer cents (USD).
 */
import type { AccountProfile } from '../../contract/account-settings.ts';
import type { Locale } from '../../contract/locale.ts';
import type { PersonalDetails } from './consultations-calls.ts';

export interface AccountExport {
  exportedAt: string;
  language: Locale;
  /** Her profile as the settings page shows it (profileOf), with the day she joined. */
  profile: AccountProfile & { joinedAt: string };
  /** Her questions in order; the answers are kept only as hashes and cannot be given back. */
  securityQuestions: string[];
  recoveryCode: { active: boolean; createdAt: string | null };
  enrolments: {
    courseId: string;
    title: string;
    enrolledAt: string;
    source: string;
    completedAt: string | null;
    lessonsDone: number;
    lessonsTotal: number;
    lessons: { lessonId: string; title: string; completedAt: string }[];
  }[];
  quizAttempts: {
    courseId: string;
    title: string;
    kind: string;
    score: number;
    correct: number;
    total: number;
    submittedAt: string;
    answers: { questionId: string; choices: number[]; isCorrect: boolean }[];
  }[];
  reviews: {
    courseId: string;
    title: string;
    rating: number;
    text: string;
    createdAt: string;
    updatedAt: string;
  }[];
  invoices: {
    number: string;
    issuedAt: string;
    items: string[];
    subtotal: number;
    discount: number;
    couponCode: string | null;
    vat: number;
    total: number;
    amountPaid: number;
    currency: string;
  }[];
  creditNotes: {
    number: string;
    issuedAt: string;
    invoiceNumber: string | null;
    refundPercent: number;
    total: number;
    currency: string;
  }[];
  consultations: {
    id: string;
    title: string;
    expert: string;
    mode: string;
    minutes: number;
    startsAt: string;
    endsAt: string;
    status: string;
    total: number;
    amountPaid: number;
    refundAmount: number | null;
    /** Medical consultations: the names and date of birth she gave, opened for her alone. */
    personalDetails: PersonalDetails | null;
  }[];
  /** Her posts in the community circle (issue 27): threads she opened and her replies. */
  circlePosts: {
    space: string;
    threadTitle: string;
    opening: boolean;
    /** Posted as "a member". */
    anonymous: boolean;
    body: string;
    status: string;
    removedReason: string | null;
    createdAt: string;
    editedAt: string | null;
  }[];
  paymentMethods: { brand: string; last4: string; expMonth: number; expYear: number; addedAt: string }[];
  devices: {
    browser: string | null;
    system: string | null;
    signedInAt: string;
    lastSeenAt: string;
    current: boolean;
  }[];
}
