/**
 * NUL (U+0000) and unpaired surrogates (U+D800–U+DFFF alone) are never text a person typed, and
 * PostgreSQL refuses both (text cannot hold NUL, jsonb refuses `\u0000`, UTF-8 has no lone
 * surrogates): a query that carried one failed as a 500. They are refused here, once, for every API
 * request with a JSON or multipart body, as 400 VALIDATION_ERROR naming the field that held one
 * (code INVALID; its object's path, or `_`, when it was a key). Path and query parameters need no
 * check here: each has a pattern, a format or a list that refuses both, or (the articles' search) is
 * normalised without them; tests/server/unsafe-text.test.ts tries every parameter of every operation.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';
import { type AppEnv, JSON_CONTENT_TYPE } from './http.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSAFE = /\u0000|\p{Cs}/u;

/** Whether a string holds a NUL or a surrogate without its pair. */
export const isUnsafeText = (s: string): boolean => UNSAFE.test(s);

/**
 * Where an unsafe string in a parsed body is (dotted path, `_` for the root or a key), or
 * null. Walked with a list, not recursion: a 64 KiB body can nest thousands of levels deep.
 */
export function unsafeTextAt(value: unknown): string | null {
  const todo: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let item = todo.pop(); item; item = todo.pop()) {
    const { value: v, path } = item;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return path || '_';
    } else if (v !== null && typeof v === 'object' && !(v instanceof Blob)) {
      for (const [k, child] of Object.entries(v)) {
        if (isUnsafeText(k)) return path || '_';
        todo.push({ value: child, path: path ? `${path}.${k}` : k });
      }
    }
  }
  return null;
}

/**
 * The body as the route will read it (Hono keeps it, so it is parsed once), or undefined when it is
 * neither JSON nor multipart or does not parse: the route then answers 400, 413 or 415 as before.
 */
async function parsedBody(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
  const type = c.req.header('content-type') ?? '';
  try {
    if (JSON_CONTENT_TYPE.test(type)) return await c.req.json();
    if (/^multipart\/form-data\s*;/i.test(type)) return await c.req.parseBody({ all: true });
  } catch (e) {
    if (e instanceof ApiError) throw e; // too large: 413, as the route would answer
  }
  return undefined;
}

/** Mounted once for /api/* (app.ts), after the body limit. */
export const refuseUnsafeText: MiddlewareHandler<AppEnv> = async (c, next) => {
  const at = unsafeTextAt(await parsedBody(c));
  if (at !== null) throw new ApiError('VALIDATION_ERROR', { fields: { [at]: 'INVALID' } });
  await next();
};
