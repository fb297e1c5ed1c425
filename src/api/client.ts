import Cookies from 'js-cookie';
import type { $Fetch, FetchError, FetchOptions } from 'ofetch';
import { AUTH_COOKIE } from '../../contract/cookies';
import type { ServerErrorCode } from '../../contract/errors';
import type { AppError } from '../../machines/types';

/**
 * The one HTTP client (spec §6, §7): base URL from VITE_API_URL (default `/api` on this origin),
 * JSON, `Authorization: Bearer <authToken cookie>` when present, `Accept-Language` from the
 * current language. Failures become AppError codes; machines keep the codes, views translate them.
 */
export { AUTH_COOKIE } from '../../contract/cookies';
export const API_BASE = import.meta.env.VITE_API_URL || '/api';

let acceptLanguage = 'en';
let onUnauthorized: (() => void) | null = null;

export function setApiLanguage(locale: string) {
  acceptLanguage = locale;
}

/** Called when a request that carried a token is refused with 401 (token revoked or expired). */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

/** JSON, her language, and her token when she has one (unless the request brings its own). */
function apiHeaders(given: HeadersInit | undefined, language: string, token?: string): Headers {
  const headers = new Headers(given);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', language);
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * ofetch loads with the first request, not with the page: a page the server rendered needs none to
 * show and become interactive (src/main.tsx warms it up once the page is in).
 */
let browserClient: Promise<$Fetch> | null = null;
export function browserFetch(): Promise<$Fetch> {
  browserClient ??= import('ofetch').then(({ ofetch }) =>
    ofetch.create({
      baseURL: API_BASE,
      retry: 0,
      timeout: 20_000,
      onRequest({ options }) {
        options.headers = apiHeaders(options.headers, acceptLanguage, Cookies.get(AUTH_COOKIE));
      },
    }),
  );
  return browserClient;
}

/** ofetch's FetchError, known by its name (the class itself loads with ofetch). */
function isFetchError(error: unknown): error is FetchError {
  return error instanceof Error && error.name === 'FetchError';
}

interface ErrorBody {
  error?: {
    code?: ServerErrorCode;
    fieldCodes?: Record<string, string>;
    retryAfter?: number;
    attemptsRemaining?: number;
  };
}

export function toApiError(error: unknown): AppError {
  if (isFetchError(error)) {
    const body = error.data as ErrorBody | undefined;
    const status = error.response?.status;
    if (body?.error?.code) {
      const retryHeader = Number(error.response?.headers.get('Retry-After'));
      return {
        code: body.error.code,
        ...(body.error.fieldCodes ? { fields: body.error.fieldCodes } : {}),
        ...(body.error.retryAfter != null || retryHeader
          ? { retryAfter: body.error.retryAfter ?? retryHeader }
          : {}),
        ...(body.error.attemptsRemaining != null ? { attemptsRemaining: body.error.attemptsRemaining } : {}),
      };
    }
    if (status == null) return { code: 'NETWORK_ERROR' };
    return { code: status >= 500 ? 'SERVER_ERROR' : 'UNEXPECTED_RESPONSE' };
  }
  return { code: 'NETWORK_ERROR' };
}

/**
 * The server's renderer (src/entry-server.tsx) answers the views' reads in-process: it gives the
 * `fetch` that reaches its own API, the language of the page being rendered, and where to record
 * each answer so the browser can reuse it (`primeResponses`) instead of asking again.
 */
export interface ServerTransport {
  fetch: typeof fetch;
  language: () => string;
  record: (key: string, value: unknown) => void;
}
let server: { transport: ServerTransport; client: $Fetch } | null = null;

export async function setServerTransport(transport: ServerTransport) {
  const { ofetch } = await import('ofetch');
  const client = ofetch.create(
    {
      baseURL: `http://render.internal${API_BASE}`,
      retry: 0,
      onRequest({ options }) {
        // a visitor's page: never a token
        options.headers = apiHeaders(options.headers, transport.language());
      },
    },
    { fetch: transport.fetch },
  );
  server = { transport, client };
}

/** Answers the server recorded while rendering this page, used once each (GET reads only). */
const primed = new Map<string, unknown>();

export function primeResponses(entries: Record<string, unknown>) {
  for (const [key, value] of Object.entries(entries)) primed.set(key, value);
}

/** A read's identity: its path, its query in a stable order and the language it was asked in. */
function readKey(path: string, options: FetchOptions<'json'>, language: string): string | null {
  if (options.method && options.method.toUpperCase() !== 'GET') return null;
  const query = Object.entries((options.query ?? {}) as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return `${path}${query ? `?${query}` : ''}|${language}`;
}

/** A request whose failure is an AppError. Pass the actor's `signal` so leaving a state cancels it. */
export async function request<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  if (server) {
    const { transport, client } = server;
    try {
      const value = (await client<T>(path, options as never)) as T;
      const key = readKey(path, options, transport.language());
      if (key) transport.record(key, value);
      return value;
    } catch (error) {
      throw toApiError(error);
    }
  }
  const key = primed.size ? readKey(path, options, acceptLanguage) : null;
  if (key && primed.has(key)) {
    const value = primed.get(key) as T;
    primed.delete(key);
    return value;
  }
  try {
    const client = await browserFetch();
    return (await client<T>(path, options as never)) as T;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const appError = toApiError(error);
    const sentToken = !!Cookies.get(AUTH_COOKIE);
    if (appError.code === 'UNAUTHORIZED' && sentToken) onUnauthorized?.();
    throw appError;
  }
}
