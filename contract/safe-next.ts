/** `?next=`: a path on this site, or nothing (its own module: the entry needs it, not the other readers). */
/**
 * Where the guard may send a member back to after sign-in: a path on this origin only (no
 * `//host`, no backslashes or control characters a browser would read as another host, no scheme).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const base = 'http://app.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
