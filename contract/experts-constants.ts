/**
 * Experts' constants shared by the server and the app (zod-free, so the app may import them as
 * values): specialties, the languages an expert consults in, call modes and consultation offers.
 */
export const EXPERT_SPECIALTIES = [
  'gynaecology',
  'midwifery',
  'psychology',
  'sexual-health-education',
  'endocrinology',
  'nutrition',
  'general-practice',
] as const;
export type ExpertSpecialty = (typeof EXPERT_SPECIALTIES)[number];

/** The languages an expert consults in. */
export const CONSULT_LANGUAGES = ['ar', 'en', 'fr'] as const;
export type ConsultLanguage = (typeof CONSULT_LANGUAGES)[number];

/** How a consultation takes place (spec §1: by voice or video). */
export const CALL_MODES = ['voice', 'video'] as const;
export type CallMode = (typeof CALL_MODES)[number];

/**
 * A consultation offer: the free discovery call (spec §9: 15 minutes) or a paid consultation.
 * Offer ids are permanent (bookings will point at them): `discovery-15`, `consult-30`, `consult-60`.
 */
export const OFFER_KINDS = ['discovery', 'consultation'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const DISCOVERY_OFFER_ID = 'discovery-15';
export const DISCOVERY_MINUTES = 15;

/** Is `value` one of `list`? (Reading filters from an address.) */
export function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T | null {
  return value != null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export interface ExpertFilters {
  specialty: ExpertSpecialty | null;
  language: ConsultLanguage | null;
  mode: CallMode | null;
}

/** The directory's filters from the address; an unknown value is no filter. */
export function filtersFromQuery(search: string): ExpertFilters {
  const q = new URLSearchParams(search);
  return {
    specialty: oneOf(EXPERT_SPECIALTIES, q.get('specialty')),
    language: oneOf(CONSULT_LANGUAGES, q.get('language')),
    mode: oneOf(CALL_MODES, q.get('mode')),
  };
}
