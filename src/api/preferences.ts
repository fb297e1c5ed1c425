import type { Locale } from '../../machines/types';
import { request } from './client';

/**
 * Her language kept on her account (issue 25): PUT /users/me/preferences { language }, sent by the
 * root when a signed-in member switches language (the language machine's `saveLanguageOnServer`).
 * Kept out of the settings page's chunk: the root needs it on every page. A failure changes
 * nothing she sees (the switch already happened on this device); it is dropped.
 */
export function saveLanguagePreference(locale: Locale): void {
  request('/users/me/preferences', { method: 'PUT', body: { language: locale } }).catch(() => {});
}
