/**
 * A tap on one of the page's buttons before the app listens (the page is readable and tappable as
 * soon as its HTML is in, and the app's script comes after the first paint) is not lost (issue 23):
 * the inline loader (vite.config.ts `bootAfterPaint`) keeps the last one and stops it there, and the
 * app replays it once React listens: React then hydrates that part of the page at once and hands
 * it the tap. Links need none of this: they work from the HTML alone.
 */
interface EarlyTap {
  /** The button tapped, if any. */
  t?: HTMLElement;
  /** The loader's listener. */
  k: (event: Event) => void;
}

/** Stops keeping taps and returns the one kept, if it is still on the page. */
export function takeEarlyTap(): HTMLElement | null {
  const w = window as { __earlyTap?: EarlyTap };
  const early = w.__earlyTap;
  if (!early) return null;
  document.removeEventListener('click', early.k, true);
  delete w.__earlyTap;
  return early.t?.isConnected ? early.t : null;
}
