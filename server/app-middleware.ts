/**
 * What app.ts puts around every request: the request id and the access log (the matched route's
 * pattern, never a raw path that could carry an alias or a member id; no bodies, query strings or
 * headers), the security headers, the body limits, and the one error envelope for what goes wrong.
 */
import { randomUUID } from 'node:crypto';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { matchedRoutes } from 'hono/route';
import { DOCS_CSP } from './docs.ts';
import { ApiError, errorResponse } from './lib/errors.ts';
import { type AppEnv, MAX_BODY_BYTES } from './lib/http.ts';
import { negotiateLocale } from './lib/i18n.ts';
import { describeError, type Logger } from './lib/log.ts';
import { EXPERT_APPLICATION_PATH, FORM_UPLOAD_MAX_BYTES } from './routes/forms.ts';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Camera and microphone for the consultations' Jitsi Meet origin only (issue 10), nothing else. */
export const permissionsPolicy = (jitsiOrigin: string) =>
  `camera=(self "${jitsiOrigin}"), microphone=(self "${jitsiOrigin}"), geolocation=()`;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The path the access log writes: for the API, the matched route's pattern
 * (`/api/users/verify-alias/:alias`, `/api/lms/user/courses/:userId`), never the raw path, which can
 * carry an alias or a member's id; unmatched API paths as `/api/*`. The front end's paths carry no
 * member data (ids are in the app's memory, not its URLs) and are logged as they are.
 */
export function loggedPath(c: Context): string {
  const path = c.req.path;
  if (path !== '/api' && !path.startsWith('/api/')) return path;
  const route = matchedRoutes(c)[c.req.routeIndex];
  return route && route.method !== 'ALL' ? route.path : '/api/*';
}

/** Request id, locale, access log (no bodies, no query strings, no headers), security headers. */
export function requestContext({
  jitsiOrigin,
  siteCsp,
  log,
}: {
  jitsiOrigin: string;
  /** The front end's Content-Security-Policy (server/static.ts), for responses without their own. */
  siteCsp: () => string;
  log: Logger;
}): MiddlewareHandler<AppEnv> {
  // consultations (issue 10): the Jitsi origin may be framed and use the camera and microphone
  const securityHeaders = { ...SECURITY_HEADERS, 'Permissions-Policy': permissionsPolicy(jitsiOrigin) };
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    c.set('locale', negotiateLocale(c.req.header('accept-language')));
    await next();
    const h = c.res.headers;
    h.set('X-Request-Id', id);
    for (const [k, v] of Object.entries(securityHeaders)) h.set(k, v);
    // a server-rendered page brings its own (server/static.ts: the app's, plus its style attributes)
    if (c.req.path === '/api/docs') h.set('Content-Security-Policy', DOCS_CSP);
    else if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', siteCsp());
    log.request({
      id,
      method: c.req.method,
      path: loggedPath(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE');
  },
});
// the expert application carries a CV (PDF ≤ 5 MB): its route alone takes up to 5.5 MB
const limitUpload: MiddlewareHandler = bodyLimit({
  maxSize: FORM_UPLOAD_MAX_BYTES,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', { fields: { cv: 'FILE_TOO_LARGE' } });
  },
});

/** A GET or HEAD body is never read: only requests that carry one pay for the check. */
export const limitBodies: MiddlewareHandler = (c, next) =>
  c.req.method === 'GET' || c.req.method === 'HEAD'
    ? next()
    : c.req.method === 'POST' && c.req.path === EXPERT_APPLICATION_PATH
      ? limitUpload(c, next)
      : limitBody(c, next);

/** 404: the error envelope under /api, plain text elsewhere. */
export function notFound(c: Context): Response {
  if (c.req.path.startsWith('/api/') || c.req.path === '/api')
    return errorResponse(c, new ApiError('NOT_FOUND'));
  return c.text('Not found', 404);
}

/** ApiError and Hono's client errors as the envelope; anything else logged and answered 500. */
export function handleError(log: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException && err.status < 500) {
      const code =
        err.status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : err.status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : err.status === 401
              ? 'UNAUTHORIZED'
              : err.status === 404
                ? 'NOT_FOUND'
                : 'INVALID_JSON';
      return errorResponse(c, new ApiError(code));
    }
    log.error('unhandled error', {
      id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: describeError(err),
    });
    return errorResponse(c, new ApiError('INTERNAL_ERROR'));
  };
}
