import type { IntlShape } from 'react-intl';
import { CV_MAX_BYTES, type FieldRule, type FormKind, limitsOf } from '../../../contract/forms-rules';
import { revealAndFocus } from '../../components/focus-field';

/**
 * How the five public forms show their fields (the rules are the contract's, forms-rules.ts): each
 * field's control, whether it takes a whole row, its autofill and direction; and the words around
 * them: `forms.<kind>.<field>.label|helper|placeholder`, choices `forms.option.<field>.<value>`,
 * problems `forms.error.<CODE>`.
 */

export type Control = 'text' | 'textarea' | 'email' | 'select' | 'radio' | 'country' | 'years' | 'cv';
export interface UiField {
  name: string;
  control: Control;
  /** Full width on wider screens (otherwise two fields share a row). */
  wide?: boolean;
  autoComplete?: string;
  dir?: 'auto' | 'ltr';
}

export const UI: Record<FormKind, UiField[]> = {
  contact: [
    { name: 'name', control: 'text', autoComplete: 'off', dir: 'auto' },
    { name: 'replyTo', control: 'text', autoComplete: 'off', dir: 'auto' },
    { name: 'subject', control: 'text', wide: true, dir: 'auto' },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  programs: [
    { name: 'organisation', control: 'text', autoComplete: 'organization', dir: 'auto' },
    { name: 'organisationKind', control: 'radio' },
    { name: 'size', control: 'select' },
    { name: 'country', control: 'country' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr', wide: true },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  partnerships: [
    { name: 'organisation', control: 'text', autoComplete: 'organization', dir: 'auto' },
    { name: 'circle', control: 'radio' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr', wide: true },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  concern: [
    { name: 'topic', control: 'select', wide: true },
    { name: 'details', control: 'textarea', wide: true, dir: 'auto' },
    { name: 'when', control: 'text', dir: 'auto' },
    { name: 'replyTo', control: 'text', autoComplete: 'off', dir: 'auto' },
  ],
  'expert-application': [
    { name: 'name', control: 'text', autoComplete: 'name', dir: 'auto' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr' },
    { name: 'profession', control: 'select' },
    { name: 'specialty', control: 'text', dir: 'auto' },
    { name: 'languages', control: 'radio', wide: true },
    { name: 'yearsOfPractice', control: 'years' },
    { name: 'licence', control: 'text', dir: 'auto' },
    { name: 'statement', control: 'textarea', wide: true, dir: 'auto' },
    { name: 'cv', control: 'cv', wide: true },
  ],
};

/** A message if it exists (helpers are optional per field). */
export function maybe(
  intl: IntlShape,
  id: string,
  values?: Record<string, string | number>,
): string | undefined {
  return intl.messages[id] ? intl.formatMessage({ id }, values) : undefined;
}

/**
 * A field's problem as a sentence in her language, with its limits: the field's own words when it
 * has them (`forms.error.email.REQUIRED`: what to enter there), else the code's.
 */
export function problemText(
  intl: IntlShape,
  code: string | undefined,
  rule?: FieldRule,
  field?: string,
): string | undefined {
  if (!code) return undefined;
  const limits = rule ? limitsOf(rule) : { min: 0, max: 0 };
  const values = { min: limits.min, max: limits.max, mb: CV_MAX_BYTES / (1024 * 1024) };
  return (
    (field && maybe(intl, `forms.error.${field}.${code}`, values)) ||
    maybe(intl, `forms.error.${code}`, values) ||
    intl.formatMessage({ id: 'forms.error.INVALID' })
  );
}

/** Where focus goes for a field (its input, its first radio, the select's or the CV's button). */
export function focusField(root: HTMLElement | null, name: string) {
  if (!root) return;
  const el =
    (name === 'cv' ? root.querySelector<HTMLElement>('[data-testid="cv-choose"]') : null) ??
    root.querySelector<HTMLElement>(`[data-testid="field-${name}"]:is(input, textarea, button)`) ??
    root.querySelector<HTMLElement>(`[data-testid="field-${name}"] input:not([disabled])`) ??
    root.querySelector<HTMLElement>(`input[name="${name}"]:not([type="hidden"])`);
  if (el) revealAndFocus(el);
}

/** A file's size in her language ("240 KB", "1.2 MB"). */
export const formatSize = (intl: IntlShape, bytes: number) =>
  bytes >= 1024 * 1024
    ? intl.formatMessage(
        { id: 'forms.cv.sizeMb' },
        { size: intl.formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 }) },
      )
    : intl.formatMessage(
        { id: 'forms.cv.sizeKb' },
        { size: intl.formatNumber(Math.max(1, Math.round(bytes / 1024))) },
      );
