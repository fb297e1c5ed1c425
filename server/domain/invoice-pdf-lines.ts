/**
 * The invoice PDF's text before it is drawn (invoice-pdf-text.ts draws it): which face draws each
 * character, and where a paragraph breaks into lines of a given width.
 */
import {
  ARABIC_CHAR,
  type Faces,
  INVISIBLE,
  isLowSurrogate,
  MARK,
  neighbour,
  nextBoundary,
  type Script,
  SPACE,
} from './invoice-pdf-script.ts';

/**
 * Which face draws each UTF-16 unit: Arabic characters in Noto Naskh Arabic, the rest in the
 * first other face that has the glyph (Inter Latin, then its Latin Extended, Cyrillic, Greek,
 * Vietnamese subsets); combining marks stay with their base's face; spaces between two Arabic
 * characters stay Arabic (one shaped run); invisible marks get null.
 */
export function assignScripts(text: string, faces: Faces): (Script | null)[] {
  const { arabic, others } = faces;
  const scripts: (Script | null)[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (INVISIBLE.test(ch) || SPACE.test(ch) || isLowSurrogate(text.charCodeAt(i))) scripts.push(null);
    else if (ARABIC_CHAR.test(ch)) scripts.push(arabic.key);
    else {
      const cp = text.codePointAt(i) ?? 0;
      const previous = i > 0 ? scripts[i - 1] : null;
      const face =
        (MARK.test(ch) && previous && previous !== arabic.key
          ? others.find((f) => f.key === previous)
          : undefined) ??
        others.find((f) => f.has(cp)) ??
        others[0];
      scripts.push(face.key);
    }
  }
  for (let i = 0; i < text.length; i++) {
    if (!SPACE.test(text[i])) continue;
    const before = neighbour(scripts, text, i, -1);
    const after = neighbour(scripts, text, i, 1);
    // Between two Arabic characters: part of the Arabic run; otherwise the default face's space.
    scripts[i] = before === arabic.key && after === arabic.key ? arabic.key : others[0].key;
  }
  // A low surrogate follows its high surrogate's face.
  for (let i = 1; i < text.length; i++) if (isLowSurrogate(text.charCodeAt(i))) scripts[i] = scripts[i - 1];
  return scripts;
}

/**
 * The lines of `clean` (normalised text), as [start, end) ranges, each at most `maxWidth` wide as
 * `widthOf` measures a range; at least one line.
 */
export function breakLines(
  clean: string,
  maxWidth: number,
  widthOf: (start: number, end: number) => number,
): [number, number][] {
  const lines: [number, number][] = [];
  // Break opportunities: after each ordinary space (NBSP and NNBSP do not break).
  const words: [number, number][] = [];
  let start = 0;
  for (let i = 0; i <= clean.length; i++) {
    if (i === clean.length || clean[i] === ' ') {
      if (i > start) words.push([start, i]);
      start = i + 1;
    }
  }
  let lineStart = -1;
  let lineEnd = -1;
  const flush = () => {
    if (lineStart >= 0) lines.push([lineStart, lineEnd]);
    lineStart = -1;
  };
  for (const [ws, we] of words) {
    const candidateStart = lineStart < 0 ? ws : lineStart;
    if (widthOf(candidateStart, we) <= maxWidth) {
      lineStart = candidateStart;
      lineEnd = we;
      continue;
    }
    flush();
    if (widthOf(ws, we) <= maxWidth) {
      lineStart = ws;
      lineEnd = we;
      continue;
    }
    // A word longer than the line (a long alias, a long code): break it between characters.
    let from = ws;
    while (from < we) {
      let to = nextBoundary(clean, from);
      while (to < we) {
        const next = nextBoundary(clean, to);
        if (widthOf(from, next) > maxWidth) break;
        to = next;
      }
      lines.push([from, to]);
      from = to;
    }
  }
  flush();
  return lines.length ? lines : [[0, 0]];
}
