/**
 * Open slots: an expert's hours, exceptions, notice and horizon (contract/consultation-rules.ts
 * `openSlots`) minus her confirmed calls and unexpired holds with their buffer, for one offer,
 * with its price (fee, merchant charges, VAT) and whether it is a medical consultation. The next
 * open slots are what a refused hold (409 SLOT_TAKEN) offers instead.
 */
import {
  consultationPrice,
  isMedicalConsultation,
  openSlots,
  SLOTS_MAX_DAYS,
} from '../../contract/consultation-rules.ts';
import type { Slots } from '../../contract/consultations.ts';
import { NEXT_SLOTS_COUNT } from '../../contract/consultations.ts';
import type { Locale } from '../../contract/locale.ts';
import { ApiError } from '../lib/errors.ts';
import {
  busy,
  type ConsultationsDeps,
  DAY,
  type ExpertInfo,
  expertInfo,
  offerOf,
  validationError,
} from './consultations-store.ts';

export function createSlots({ database, clock, config }: ConsultationsDeps) {
  const { db } = database;

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

  return {
    async nextSlots(e: ExpertInfo, minutes: number, after: Date): Promise<string[]> {
      if (!e.availability) return [];
      const to = new Date(clock.now().getTime() + e.availability.horizonDays * DAY);
      const open = await slotsFor(e, minutes, after, to);
      return open.slice(0, NEXT_SLOTS_COUNT).map((d) => d.toISOString());
    },

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
  };
}
export type SlotsPart = ReturnType<typeof createSlots>;
