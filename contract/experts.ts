/**
 * The experts directory's API shapes: one home for the server (which validates with these schemas)
 * and the app (which imports only their inferred types: `import type`; the lists come from
 * experts-constants.ts). Money is integer cents (USD). Texts arrive in the request's
 * Accept-Language.
 *
 * GET /p/experts?specialty&language&mode → ExpertsList (published experts, filtered; public)
 * GET /p/experts/{expertId}              → ExpertProfile (404 NOT_FOUND when unknown or unpublished)
 */
import { z } from '@hono/zod-openapi';
import { CALL_MODES, CONSULT_LANGUAGES, EXPERT_SPECIALTIES, OFFER_KINDS } from './experts-constants.ts';

/** One filter value: one of `list`, else 400 VALIDATION_ERROR (field code INVALID). */
const filter = <T extends readonly [string, ...string[]]>(list: T, example: T[number]) =>
  z.enum(list, { error: 'INVALID' }).optional().openapi({ example });

export const ExpertsQuery = z.object({
  specialty: filter(EXPERT_SPECIALTIES, 'gynaecology'),
  /** A language she consults in. */
  language: filter(CONSULT_LANGUAGES, 'ar'),
  /** A call mode she offers. */
  mode: filter(CALL_MODES, 'video'),
});
export type ExpertsQuery = z.infer<typeof ExpertsQuery>;

export const ExpertAvatar = z.object({ id: z.string(), url: z.string(), label: z.string() });

export const ExpertCard = z
  .object({
    id: z.string().openapi({ example: 'rana-aziz' }),
    name: z.string(),
    title: z.string(),
    specialty: z.enum(EXPERT_SPECIALTIES),
    languages: z.array(z.enum(CONSULT_LANGUAGES)),
    modes: z.array(z.enum(CALL_MODES)),
    avatar: ExpertAvatar.nullable(),
    /** The lowest price of her paid consultations, in cents. */
    fromPrice: z.number().int(),
    currency: z.literal('USD'),
  })
  .openapi('ExpertCard');
export type ExpertCard = z.infer<typeof ExpertCard>;

export const ExpertsList = z
  .object({ items: z.array(ExpertCard), total: z.number().int() })
  .openapi('ExpertsList');
export type ExpertsList = z.infer<typeof ExpertsList>;

export const ConsultationOffer = z
  .object({
    /** Permanent: `discovery-15`, `consult-30`, `consult-60`. */
    id: z.string().openapi({ example: 'consult-30' }),
    kind: z.enum(OFFER_KINDS),
    minutes: z.number().int(),
    /** Cents; 0 for the discovery call. */
    price: z.number().int(),
    currency: z.literal('USD'),
  })
  .openapi('ConsultationOffer');
export type ConsultationOffer = z.infer<typeof ConsultationOffer>;

export const ExpertProfile = ExpertCard.extend({
  bio: z.string(),
  qualifications: z.array(z.string()),
  offers: z.array(ConsultationOffer),
  /** Her published courses, in catalogue order. */
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
}).openapi('ExpertProfile');
export type ExpertProfile = z.infer<typeof ExpertProfile>;
