import { useEffect, useRef } from 'react';

/**
 * After a refused submit, focus goes to the first field with a problem, and the page scrolls so
 * that field's label sits below the sticky header (the layouts mark it `data-toast-anchor`), never
 * under it. Shared by checkout, the booking's steps and the public forms; no stylesheet needed.
 */

const FIELD_BOX =
  '[data-part="root"]:is([data-scope="field"], [data-scope="fieldset"], [data-scope="file-upload"])';
const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea, select, button';
/** Room kept between the header and the label, in px. */
const GAP = 16;

/** Focus `el` and bring its field (label included) into view under the sticky header. */
export function revealAndFocus(el: HTMLElement) {
  el.focus({ preventScroll: true });
  const box = el.closest<HTMLElement>(FIELD_BOX) ?? el;
  const rect = box.getBoundingClientRect();
  if (rect.height === 0) return; // not laid out (hidden, or a test DOM)
  const header = document.querySelector('[data-toast-anchor]')?.getBoundingClientRect().bottom ?? 0;
  const below = Math.max(0, header) + GAP;
  const end = el.getBoundingClientRect().bottom;
  if (rect.top < below || end > window.innerHeight) window.scrollBy({ top: rect.top - below });
}

/** The first control marked invalid inside `root` (a radio group: its first radio), focused and shown. */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const marked = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!marked) return false;
  const target = marked.matches(FOCUSABLE) ? marked : marked.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  revealAndFocus(target);
  return true;
}

/**
 * For a form whose machine keeps its field problems: call `submitted()` in onSubmit and put `ref`
 * on the form. Focus moves only after a submit, or when the form opens with problems (a refusal
 * sent her back to it), not while marks change as she types: when the problems are drawn, or at
 * once when they are the ones already on screen.
 */
export function useFocusFirstInvalid(errors: unknown) {
  const ref = useRef<HTMLFormElement>(null);
  const armed = useRef(false);
  // a form that opens with problems was refused (the server sent her back to it); after the
  // screen's own focus on a new step's heading
  useEffect(() => {
    const later = setTimeout(() => focusFirstInvalid(ref.current));
    return () => clearTimeout(later);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the problems change
  useEffect(() => {
    if (armed.current && focusFirstInvalid(ref.current)) armed.current = false;
  }, [errors]);
  const submitted = () => {
    armed.current = true;
    setTimeout(() => {
      if (armed.current && focusFirstInvalid(ref.current)) armed.current = false;
    });
  };
  return { ref, submitted };
}
