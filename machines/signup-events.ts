import type { SessionReply } from './session';
import { type FieldChange, type SignupField, type SignupFields, STEPS, type Step } from './signup-rules';

/**
 * What the sign-up views send and what they ask, beside the machine (machines/signup.ts):
 *
 * - events, made only by `signupEvents` (the views never spell an event type, and the i18n check,
 *   which reads dotted string literals under src/ as message ids, does not mistake them for ids);
 * - state tags, read with the helpers below, so no view maps state values to what it shows.
 */

export type SignupFieldChanged = { type: 'signup.fieldChanged' } & FieldChange;

export type SignupEvent =
  | SignupFieldChanged
  | { type: 'signup.next' }
  | { type: 'signup.back' }
  | { type: 'signup.submit' }
  | { type: 'signup.retry' }
  | { type: 'signup.localeChanged' }
  | SessionReply;

/** A field and a value of its type; `fieldChanged('pinLength', 'x')` does not compile. */
function fieldChanged<F extends SignupField>(field: F, value: SignupFields[F]): SignupFieldChanged;
function fieldChanged(field: SignupField, value: SignupFields[SignupField]) {
  return { type: 'signup.fieldChanged', field, value } as const;
}

export const signupEvents = {
  fieldChanged,
  next: () => ({ type: 'signup.next' }) as const,
  back: () => ({ type: 'signup.back' }) as const,
  submit: () => ({ type: 'signup.submit' }) as const,
  retry: () => ({ type: 'signup.retry' }) as const,
  localeChanged: () => ({ type: 'signup.localeChanged' }) as const,
} satisfies Record<string, (...args: never[]) => SignupEvent>;

/** A part the flow loads from the server in its own region. */
export type Catalog = 'questions' | 'avatars';
export type CatalogState = 'loading' | 'failed' | 'ready';

/**
 * The tags the machine's states carry:
 * - `step:<step>`: the step on screen (submitting and done keep the confirmation); `step:done`: registered;
 * - `busy`: the step's action is under way (the alias verified on Continue, the registration);
 * - `alias:checking` · `alias:available` · `alias:checkFailed`: what the live alias check says;
 * - `questions:<status>` · `avatars:<status>`: where each catalogue stands.
 */
export type SignupTag =
  | `step:${Step | 'done'}`
  | 'busy'
  | 'alias:checking'
  | 'alias:available'
  | 'alias:checkFailed'
  | `${Catalog}:${CatalogState}`;

interface Tagged {
  hasTag(tag: SignupTag): boolean;
}

/** The step to show. */
export const stepShown = (s: Tagged): Step => STEPS.find((step) => s.hasTag(`step:${step}`)) ?? 'alias';

/** Where a catalogue stands. */
export const catalogStatus = (s: Tagged, catalog: Catalog): CatalogState =>
  s.hasTag(`${catalog}:ready`) ? 'ready' : s.hasTag(`${catalog}:failed`) ? 'failed' : 'loading';

/** What the live alias check says, if anything. */
export const aliasStatus = (s: Tagged): 'checking' | 'available' | 'checkFailed' | null =>
  s.hasTag('alias:checking')
    ? 'checking'
    : s.hasTag('alias:available')
      ? 'available'
      : s.hasTag('alias:checkFailed')
        ? 'checkFailed'
        : null;
