import {
  type ExpertProfileTexts,
  PROFILE_TEXT_LIMITS,
  type ProfileTextsBody,
} from '../contract/staff-expert';
import type { AppError } from './types';

/**
 * Her profile texts in the expert portal (issue 26), the pure part (machines/expertProfile.ts is the
 * flow): title, bio and qualifications in English and Arabic, keyed `en.title`…`ar.qualifications`;
 * what must be fixed before the server is asked (not blank, within PROFILE_TEXT_LIMITS, plain text)
 * and where the server's field codes land.
 */
export const PROFILE_LANGUAGES = ['en', 'ar'] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];
export const PROFILE_FIELDS = ['title', 'bio', 'qualifications'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface ProfileChange {
  language: ProfileLanguage;
  field: ProfileField;
  value: string;
}

/** What she edits first: her waiting or refused draft, else the live texts. */
export const profileFields = (p: ExpertProfileTexts): ProfileTextsBody =>
  structuredClone(p.draft?.texts ?? p.live);

export function withProfileChange(
  f: ProfileTextsBody,
  errors: Record<string, string>,
  c: ProfileChange,
): { fields: ProfileTextsBody; fieldErrors: Record<string, string> } {
  const key = `${c.language}.${c.field}`;
  return {
    fields: { ...f, [c.language]: { ...f[c.language], [c.field]: c.value } },
    fieldErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key)),
  };
}

/** Markup is not taken: the texts are shown as plain text. */
const MARKUP = /<\s*[a-z!/]/i;

export function profileProblems(f: ProfileTextsBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const language of PROFILE_LANGUAGES)
    for (const field of PROFILE_FIELDS) {
      const text = f[language][field];
      const key = `${language}.${field}`;
      if (text.trim() === '') out[key] = 'REQUIRED';
      else if (text.length > PROFILE_TEXT_LIMITS[field]) out[key] = 'TEXT_TOO_LONG';
      else if (MARKUP.test(text)) out[key] = 'MARKUP';
    }
  return out;
}

/** The server's field codes at their fields (`en.bio`; a deeper path at its field). */
export function serverProfileProblems(error: AppError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, code] of Object.entries(error.fields ?? {})) {
    const m = /^(?:texts\.)?(en|ar)\.(title|bio|qualifications)/.exec(key);
    if (m) out[`${m[1]}.${m[2]}`] ??= code;
  }
  return out;
}
