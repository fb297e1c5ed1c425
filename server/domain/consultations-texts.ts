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
  const t = (id: string, values?: Values) => message(locale, id, values);
  const what = t('server.mail.booking.what', {
    mode: b.mode,
    kind: b.offerKind,
    duration: duration(locale, b.minutes),
  });
  const summary = t(cancelled ? 'server.mail.booking.summaryCancelled' : 'server.mail.booking.summary', {
    what,
    alias,
  });
  const text = [
    t(cancelled ? 'server.mail.booking.cancelled' : 'server.mail.booking.booked'),
    '',
    t('server.mail.booking.whatLine', { what }),
    t('server.mail.booking.member', { alias }),
    t('server.mail.booking.when', { when, zone }),
    t('server.mail.booking.booking', { id: b.id }),
    ...(cancelled ? [] : [t('server.mail.booking.join', { url }), '', t('server.mail.booking.opens')]),
    ...(b.medical && !cancelled ? ['', t('server.mail.booking.medical')] : []),
  ].join('\n');
  return {
    subject: t('server.mail.subject', { title: summary }),
    text: `${text}\n`,
    summary,
    description: cancelled
      ? t('server.mail.booking.invite', { what, alias })
      : t('server.mail.booking.inviteJoin', { what, alias, url }),
  };
}
