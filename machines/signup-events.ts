import type { SessionReply } from './session';
import { type FieldChange, type SignupDraft, STEPS, type Step } from './signup-rules';

/**
 * What the sign-up views send and what they ask, beside the machine (machines/signup.ts):
 *
 * - events, sent as they are written (`{ type: 'signup.fieldChanged', field: 'pinLength', value: 8 }`):
 *   one change event for every field, whose value must be of that field's type;
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
  /** The address asks for a step (browser Back or Forward, a reload): see landingStep. */
  | { type: 'signup.goTo'; step: Step }
  /** What she typed before a reload, from the session's storage (the screen reads it). */
  | { type: 'signup.restore'; draft: Partial<SignupDraft> }
  /** She left sign-up on purpose (a link elsewhere): what she typed is forgotten. */
  | { type: 'signup.leave' }
  /** From the welcome after registering (issue 25): she goes in. */
  | { type: 'signup.enter' }
  | SessionReply;

/** A part the flow loads from the server in its own region. */
export type Catalog = 'questions' | 'avatars';
export type CatalogState = 'loading' | 'failed' | 'ready';

/**
 * The tags the machine's states carry:
 * - `step:<step>`: the step on screen (submitting, the welcome and done keep the confirmation's address);
 *   `step:welcome`: registered, the recovery code offered (issue 25); `step:done`: going in;
 * - `busy`: the step's action is under way (the alias verified on Continue, the registration);
 * - `alias:checking` · `alias:available` · `alias:checkFailed`: what the live alias check says;
 * - `questions:<status>` · `avatars:<status>`: where each catalogue stands.
 */
export type SignupTag =
  | `step:${Step | 'welcome' | 'done'}`
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
