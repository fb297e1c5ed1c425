import { DRAFT_FIELDS, type SignupDraft, type Step } from '../../../machines/signup';

/**
 * Sign-up's draft for this tab (sessionStorage, cleared at sign-out with the rest): what she typed
 * but her PIN and security answers (machines/signup-rules.ts DRAFT_FIELDS), so a reload keeps it.
 */
const KEY = 'signupDraft';

export function readDraft(): Partial<SignupDraft> | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return draft && typeof draft === 'object' ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: SignupDraft) {
  try {
    // field by field: nothing else is ever written
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(DRAFT_FIELDS.map((f) => [f, draft[f]]))));
  } catch {
    // storage disabled: this visit still works, a reload starts afresh
  }
}

export function forgetDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}

/** The step the address names (`/signup?step=pin`); the first step when it names none. */
export function stepOfSearch(search: string, steps: readonly Step[]): Step {
  const step = new URLSearchParams(search).get('step');
  return steps.find((s) => s === step) ?? steps[0];
}

/** The address of a step, keeping the rest of the query (`next`). */
export function searchOfStep(search: string, step: Step, first: Step): string {
  const params = new URLSearchParams(search);
  if (step === first) params.delete('step');
  else params.set('step', step);
  const query = params.toString();
  return query ? `/signup?${query}` : '/signup';
}
