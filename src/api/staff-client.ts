import type { $Fetch, FetchOptions } from 'ofetch';
import type { AppError } from '../../machines/types';
import { API_BASE, toApiError } from './client';

/**
 * The staff side's HTTP client (issue 26): `/api/staff/*` with the staff session's HttpOnly cookie
 * (sent by the browser, never read by script), JSON, her language. Never a member's bearer token,
 * and a staff 401 never signs a member out: it goes to the staff area's own handler (its session
 * machine sends her back to /staff/login).
 */
let language = 'en';
let onUnauthorized: (() => void) | null = null;

export function setStaffLanguage(locale: string) {
  language = locale;
}

/** Called when a staff request is refused with 401 (the session ended: idle, signed out elsewhere). */
export function setStaffUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler;
}

let client: Promise<$Fetch> | null = null;
function staffFetch(): Promise<$Fetch> {
  client ??= import('ofetch').then(({ ofetch }) =>
    ofetch.create({
      baseURL: `${API_BASE}/staff`,
      retry: 0,
      timeout: 20_000,
      credentials: 'same-origin',
      onRequest({ options }) {
        const headers = new Headers(options.headers);
        headers.set('Accept', 'application/json');
        headers.set('Accept-Language', language);
        options.headers = headers;
      },
    }),
  );
  return client;
}

/**
 * A staff request whose failure is an AppError (path under /api/staff, e.g. '/me'). Pass the actor's
 * `signal` so leaving a state cancels it. `quiet401`: a 401 is the answer itself (the sign-in's
 * first check of /me), not a session that ended.
 */
export async function staffRequest<T>(
  path: string,
  options: FetchOptions<'json'> & { quiet401?: boolean } = {},
): Promise<T> {
  const { quiet401, ...rest } = options;
  try {
    const fetcher = await staffFetch();
    return (await fetcher<T>(path, rest as never)) as T;
  } catch (error) {
    if (rest.signal?.aborted) throw error;
    const appError: AppError = toApiError(error);
    if (appError.code === 'UNAUTHORIZED' && !quiet401) onUnauthorized?.();
    throw appError;
  }
}

/** A staff file download (the inbox's CV): the response's blob, for the save-file helper. */
export async function staffDownload(path: string, signal?: AbortSignal): Promise<Blob> {
  const fetcher = await staffFetch();
  try {
    return (await fetcher(path, { responseType: 'blob', signal } as never)) as Blob;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw toApiError(error);
  }
}
