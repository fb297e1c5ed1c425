import Cookies from 'js-cookie';
import { FetchError, type FetchOptions, ofetch } from 'ofetch';
import type { AppError } from '../../machines/types';

/**
 * The one HTTP client (spec §6, §7): base URL from VITE_API_URL (default `/api` on this origin),
 * JSON, `Authorization: Bearer <authToken cookie>` when present, `Accept-Language` from the
 * current language. Failures become AppError codes; machines keep the codes, views translate them.
 */
export const AUTH_COOKIE = 'authToken';
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

const client = ofetch.create({
  baseURL: API_BASE,
  retry: 0,
  timeout: 20_000,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    headers.set('Accept', 'application/json');
    headers.set('Accept-Language', acceptLanguage);
    const token = Cookies.get(AUTH_COOKIE);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    options.headers = headers;
  },
});

interface ErrorBody {
  error?: {
    code?: string;
    fieldCodes?: Record<string, string>;
    retryAfter?: number;
    attemptsRemaining?: number;
  };
}

export function toApiError(error: unknown): AppError {
  if (error instanceof FetchError) {
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

/** A request whose failure is an AppError. Pass the actor's `signal` so leaving a state cancels it. */
export async function request<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return (await client<T>(path, options as never)) as T;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const appError = toApiError(error);
    const sentToken = !!Cookies.get(AUTH_COOKIE);
    if (appError.code === 'UNAUTHORIZED' && sentToken) onUnauthorized?.();
    throw appError;
  }
}
