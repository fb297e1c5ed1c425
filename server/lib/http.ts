/** Request plumbing shared by the routes: app env, JSON body guard, validation hook, bearer auth. */
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { Session } from '../domain/accounts.ts';
import { ApiError } from './errors.ts';
import { type FieldCode, isFieldCode, type Locale } from './i18n.ts';
import type { StaffContext } from './staff-guard.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    locale: Locale;
    session: Session;
    /** Routes open to visitors and members (the cart's quote): her session, or null for a visitor. */
    viewer: Session | null;
    /** Staff routes (issue 26, lib/staff-guard.ts): who is signed in, or null on a 'signed-out' route. */
    staff: StaffContext | null;
  };
}

export const MAX_BODY_BYTES = 64 * 1024;
/** A JSON body's content type (`application/json`, `application/<x>+json`, parameters allowed). */
export const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;.*)?$/i;

/**
 * For routes with a JSON body: 415 unless the body is declared JSON, 400 unless it parses to an
 * object. (Size is capped earlier, for every request, by the body limit in app.ts.)
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type');
  const length = c.req.header('content-length');
  const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
  if (!type) {
    if (hasBody) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
    throw new ApiError('INVALID_JSON'); // no body at all
  }
  if (!JSON_CONTENT_TYPE.test(type)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('INVALID_JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_JSON');
  await next();
};

/** zod issues → `fields` keyed by dotted path, each with one field code. */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, FieldCode> {
  const fields: Record<string, FieldCode> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (key in fields) continue;
    const msg = issue.message;
    let code: FieldCode;
    if (isFieldCode(msg)) code = msg;
    else if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined)
      code = 'REQUIRED';
    else code = 'INVALID';
    fields[key] = code;
  }
  return fields;
}

/** Default validation hook: every failed zod check becomes a 400 VALIDATION_ERROR envelope. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  _c: Context,
): undefined {
  if (!result.success)
    throw new ApiError('VALIDATION_ERROR', { fields: fieldsFromIssues(result.error.issues) });
  return undefined;
}

export function createRouter() {
  return new OpenAPIHono<AppEnv>({ strict: true, defaultHook: validationHook });
}

/** The bearer token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(c: Context): string | null {
  const h = c.req.header('authorization');
  if (!h) return null;
  const m = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(h);
  return m ? m[1] : null;
}

export function noStore(c: Context) {
  c.header('Cache-Control', 'no-store');
}
