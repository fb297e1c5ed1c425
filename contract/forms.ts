/**
 * The public forms' API shapes (issue 9). The server validates with these schemas; the app imports
 * only their types (`import type`) and the zod-free rules they are built from (forms-rules.ts,
 * re-exported here), so both sides check the same limits and send the same field codes.
 *
 * POST /forms/contact                 ContactBody       → FormReceipt (201)
 * POST /forms/programs                ProgramsBody      → FormReceipt (201)
 * POST /forms/partnerships            PartnershipsBody  → FormReceipt (201)
 * POST /forms/concern                 ConcernBody       → FormReceipt (201)
 * POST /forms/expert-application      multipart/form-data: the fields as text + `cv` (PDF ≤ 5 MB)
 *
 * Problems: 400 VALIDATION_ERROR with `fieldCodes` per field; 413 (a body over the route's limit,
 * `fieldCodes.cv = FILE_TOO_LARGE` for the application); 415 (wrong content type); 429 (throttle).
 */
import { z } from '@hono/zod-openapi';
import { type FieldRule, FORM_FIELDS, type FormKind, fieldProblem, HONEYPOT_FIELD } from './forms-rules.ts';

export * from './forms-rules.ts';

/** Longest raw text taken into the checks (a message's limit is 5000 characters; emoji count as one). */
const RAW_MAX = 20_000;

/** One field: text (absent → blank), checked by the shared rule, trimmed and normalised on the way out. */
function field(rule: FieldRule, knownCountry?: (code: string) => boolean) {
  return z
    .string({ error: 'INVALID' })
    .max(RAW_MAX, { error: 'TEXT_TOO_LONG' })
    .optional()
    .transform((v) => (v ?? '').trim())
    .superRefine((v, ctx) => {
      const code = fieldProblem(rule, v, knownCountry);
      if (code) ctx.addIssue({ code: 'custom', message: code });
    })
    .transform((v) => {
      if (v === '') return v;
      if (rule.type === 'country') return v.toUpperCase();
      if (rule.type === 'email' || (rule.type === 'reply' && v.includes('@'))) {
        const at = v.lastIndexOf('@');
        return `${v.slice(0, at)}@${v.slice(at + 1).toLowerCase()}`;
      }
      return v;
    })
    .openapi({
      type: 'string',
      ...(rule.type === 'choice' ? { enum: [...rule.options] } : {}),
      ...(rule.type === 'text' ? { minLength: rule.min, maxLength: rule.max } : {}),
      ...(rule.type === 'email' ? { format: 'email' } : {}),
    });
}

/** A form's body schema: its fields, plus the honeypot (any text; filled → answered, not stored). */
export function formSchema<K extends FormKind>(kind: K, knownCountry?: (code: string) => boolean) {
  const shape = Object.fromEntries(
    Object.entries(FORM_FIELDS[kind]).map(([name, rule]) => [name, field(rule as FieldRule, knownCountry)]),
  ) as Record<keyof (typeof FORM_FIELDS)[K] & string, ReturnType<typeof field>>;
  return z.object({
    ...shape,
    [HONEYPOT_FIELD]: z
      .unknown()
      .optional()
      .openapi({ description: 'Leave empty (hidden from people): a filled one is answered but not kept.' }),
  });
}

export const FormReceiptSchema = z.object({ received: z.literal(true) }).openapi('FormReceipt');
