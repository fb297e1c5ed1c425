/**
 * The cookies both sides name (spec §3): the session token, and the language choice mirrored from
 * storage so the server renders her next page in it (server/ssr.ts). Constants only: the app
 * imports them as they are.
 */
export const AUTH_COOKIE = 'authToken';
export const LANGUAGE_COOKIE = 'language';
