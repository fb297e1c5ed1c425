/**
 * The public forms (issue 9): POST /forms/contact | programs | partnerships | concern (JSON) and
 * POST /forms/expert-application (multipart/form-data with a PDF CV). Open to everyone, throttled
 * per client address (FORM_RATE_LIMIT). Every field is checked by the shared rules
 * (contract/forms-rules.ts), the CV by lib/pdf-check.ts (read as a PDF, in a worker thread);
 * problems come back as 400 VALIDATION_ERROR with a code per field.
 * A filled honeypot is answered 201 like a real submission and nothing is kept.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import {
  CV_MAX_BYTES,
  cvProblem,
  type FormProblems,
  FormReceiptSchema,
  formSchema,
  HONEYPOT_FIELD,
  JSON_FORM_KINDS,
  type JsonFormKind,
} from '../../contract/forms.ts';
import type { Forms } from '../domain/forms.ts';
import { COUNTRY_CODES } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, createRouter, fieldsFromIssues, jsonBody, noStore } from '../lib/http.ts';
import { checkPdf } from '../lib/pdf-check.ts';
import { bodyOf, errorResponses, type Limit, reply } from './schemas.ts';

/** The application's body limit: the CV (5 MB) and room for the fields and the multipart framing. */
export const FORM_UPLOAD_MAX_BYTES = CV_MAX_BYTES + 512 * 1024;
export const EXPERT_APPLICATION_PATH = '/api/forms/expert-application';

const tags = ['Forms'];
const knownCountry = (code: string) => COUNTRY_CODES.has(code);

const formErrors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes per field: REQUIRED, TEXT_TOO_SHORT, TEXT_TOO_LONG, EMAIL_INVALID, REPLY_INVALID, CHOICE_INVALID, COUNTRY_INVALID, YEARS_INVALID, FILE_REQUIRED, FILE_NOT_PDF, FILE_TOO_LARGE; the CV also PDF_UNREADABLE, PDF_POLYGLOT, PDF_ENCRYPTED, PDF_JAVASCRIPT, PDF_LAUNCH, PDF_EMBEDDED_FILE, PDF_INFLATES_TOO_MUCH, PDF_TOO_COMPLEX) or INVALID_JSON',
  413: 'PAYLOAD_TOO_LARGE (JSON over 64 KiB; an application over 5.5 MB, with fieldCodes.cv FILE_TOO_LARGE)',
  415: 'UNSUPPORTED_MEDIA_TYPE (JSON for the four enquiries, multipart/form-data for the application)',
  429: 'RATE_LIMITED (see Retry-After)',
});

const SUMMARIES: Record<JsonFormKind, string> = {
  contact: 'A message to the team (name and a way to reply optional)',
  programs: 'An educational programs enquiry from a non-profit or a company',
  partnerships: 'A partnership enquiry (non-profit or corporate circle)',
  concern: 'Report a concern (may be fully anonymous)',
};

const schemas = Object.fromEntries(JSON_FORM_KINDS.map((k) => [k, formSchema(k, knownCountry)])) as {
  [K in JsonFormKind]: ReturnType<typeof formSchema<K>>;
};

/** A filled honeypot: answered like a success, nothing stored, nothing mailed. */
function isRobot(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value != null && value !== false;
}
const received = (c: Context) => {
  noStore(c);
  return c.json({ received: true as const }, 201);
};

/** Runs after jsonBody (which parsed and cached the body): a robot is answered here, before the checks. */
const honeypot: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = (await c.req.json()) as Record<string, unknown>;
  if (isRobot(body[HONEYPOT_FIELD])) return received(c);
  await next();
};

const jsonRoute = <K extends JsonFormKind>(kind: K, limit: Limit) =>
  createRoute({
    method: 'post',
    path: `/forms/${kind}`,
    tags,
    summary: SUMMARIES[kind],
    middleware: [limit, jsonBody, honeypot] as const,
    request: bodyOf(schemas[kind]),
    responses: {
      201: reply(FormReceiptSchema, 'Received (stored, and mailed to the team when SMTP is set)'),
      ...formErrors(400, 413, 415, 429),
    },
  });

/** multipart/form-data only: anything else is 415; a body that is not well-formed is 400. */
async function readMultipart(c: Context): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  try {
    return (await c.req.parseBody()) as Record<string, string | File>;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('VALIDATION_ERROR', { fields: { _: 'INVALID' } });
  }
}

const applicationSchema = formSchema('expert-application', knownCountry);

export function formRoutes({ forms, limit }: { forms: Forms; limit: Limit }) {
  const router = createRouter();

  for (const kind of JSON_FORM_KINDS) {
    router.openapi(jsonRoute(kind, limit), async (c) => {
      const { [HONEYPOT_FIELD]: _robot, ...fields } = c.req.valid('json') as Record<string, unknown>;
      await forms.submit({ kind, locale: c.var.locale, fields: fields as Record<string, string> });
      return received(c) as never;
    });
  }

  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/forms/expert-application',
    tags,
    summary: 'Apply to join as an expert (Leave an Impact): the fields and a CV (PDF, at most 5 MB)',
    description:
      'The CV is checked by its content: it must start with %PDF-, open in pdf.js, and carry no HTML outside its streams, no encryption, JavaScript, launch action or embedded file, and its streams must decode to at most 50 MiB. It is kept under DATA_DIR/uploads with a random name (0600) and never served.',
    request: {
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: applicationSchema.extend({
              cv: z.string().openapi({ type: 'string', format: 'binary', description: 'PDF, ≤ 5 MB' }),
            }),
          },
        },
      },
    },
    responses: {
      201: reply(FormReceiptSchema, 'Received'),
      ...formErrors(400, 413, 415, 429),
    },
  });

  router.post('/forms/expert-application', limit, async (c) => {
    const body = await readMultipart(c);
    if (isRobot(body[HONEYPOT_FIELD])) return received(c);
    const { cv, [HONEYPOT_FIELD]: _robot, ...rest } = body;
    const problems: FormProblems = {};
    const parsed = applicationSchema.safeParse(rest);
    if (!parsed.success) Object.assign(problems, fieldsFromIssues(parsed.error.issues));
    let bytes: Uint8Array | undefined;
    if (cv instanceof File) {
      bytes = cv.size > CV_MAX_BYTES ? undefined : new Uint8Array(await cv.arrayBuffer());
      // size and first bytes (as the app checks), then the content, read as a PDF
      const code =
        cvProblem({ size: cv.size, head: bytes?.subarray(0, 5) ?? new Uint8Array() }) ??
        (bytes ? await checkPdf(bytes) : null);
      if (code) problems.cv = code;
    } else problems.cv = 'FILE_REQUIRED';
    if (Object.keys(problems).length > 0 || !parsed.success)
      throw new ApiError('VALIDATION_ERROR', { fields: problems as never });
    const { [HONEYPOT_FIELD]: _h, ...fields } = parsed.data as Record<string, unknown>;
    await forms.submit({
      kind: 'expert-application',
      locale: c.var.locale,
      fields: fields as Record<string, string>,
      cv: bytes,
    });
    return received(c);
  });

  return router;
}
