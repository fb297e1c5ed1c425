import type { AnyActorLogic, InspectionEvent } from 'xstate';

/**
 * What the sign-up screen's own actor is built with besides the real API actors. The app leaves
 * this empty; the test harness (tests/support/render-app.tsx) fills it the way it stubs the
 * system actors, so the real screen runs against stub actors and can be inspected. Kept apart
 * from the screen so importing it costs nothing.
 */
export interface SignupWiring {
  actors?: Partial<Record<'fetchAvatars' | 'fetchSecurityQuestions' | 'checkAlias', AnyActorLogic>>;
  delays?: { aliasDebounce?: number };
  inspect?: (event: InspectionEvent) => void;
}

let wiring: SignupWiring = {};

/** Replaces the wiring for screens opened from now on. */
export function wireSignup(next: SignupWiring) {
  wiring = next;
}

export function signupWiring(): SignupWiring {
  return wiring;
}
