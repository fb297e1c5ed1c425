/**
 * The words of a booking, from the message catalogue (`server.booking.*`, `server.mail.*`): its
 * invoice line in both languages (kept with the booking), and the expert's mail and calendar invite.
 */
import type { CallMode, OfferKind } from '../../contract/experts-constants.ts';
import { type Locale, message, type Values } from '../lib/i18n.ts';

/** How long a call is, in the app's words (`time.minutes`). */
const duration = (locale: Locale, minutes: number) => message(locale, 'time.minutes', { count: minutes });

/** The invoice line of a booking, in both languages (kept with the booking). */
export function bookingTitles(
  offer: { kind: OfferKind; minutes: number },
  mode: CallMode,
  names: Record<Locale, string>,
): Record<Locale, string> {
  const title = (locale: Locale) =>
    message(locale, 'server.booking.title', {
      kind: offer.kind,
      mode,
      duration: duration(locale, offer.minutes),
      name: names[locale],
    });
  return { en: title('en'), ar: title('ar') };
}

export interface ExpertMailInput {
  booking: { id: string; mode: string; offerKind: string; minutes: number; medical: boolean };
  alias: string;
  /** The start, already written in her time zone. */
  when: string;
  zone: string;
  /** Her join link (not written in a cancellation's text). */
  url: string;
  cancelled: boolean;
}

/** The expert's mail about a new or cancelled booking, and its invite's summary and description. */
export function expertMail(
  { booking: b, alias, when, zone, url, cancelled }: ExpertMailInput,
  locale: Locale = 'en',
): { subject: string; text: string; summary: string; description: string } {
  const t = (id: string, values?: Values) => message(locale, `server.mail.${id}`, values);
  const what = t('booking.what', {
    mode: b.mode,
    kind: b.offerKind,
    duration: duration(locale, b.minutes),
  });
  const summary = t(cancelled ? 'booking.summaryCancelled' : 'booking.summary', { what, alias });
  const text = [
    t(cancelled ? 'booking.cancelled' : 'booking.booked'),
    '',
    t('booking.whatLine', { what }),
    t('booking.member', { alias }),
    t('booking.when', { when, zone }),
    t('booking.booking', { id: b.id }),
    ...(cancelled ? [] : [t('booking.join', { url }), '', t('booking.opens')]),
    ...(b.medical && !cancelled ? ['', t('booking.medical')] : []),
  ].join('\n');
  return {
    subject: t('subject', { title: summary }),
    text: `${text}\n`,
    summary,
    description: cancelled
      ? t('booking.invite', { what, alias })
      : t('booking.inviteJoin', { what, alias, url }),
  };
}
