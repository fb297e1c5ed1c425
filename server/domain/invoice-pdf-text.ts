/**
 * Bidirectional text for the invoice PDF: pdfkit draws glyphs, this module decides which font
 * draws which characters, where lines break, and in which visual order the pieces go.
 *
 * pdfkit lays text out with fontkit, which shapes Arabic (joining forms, lam-alef ligatures)
 * only when a whole run is laid out at once (`features` given) and then reverses the glyphs of
 * a run whose script is right to left. It does no bidi of its own, and Noto Naskh Arabic has no
 * Latin letters or Latin digits. So each line is:
 *   1. resolved with the Unicode bidi algorithm (bidi-js) in its paragraph's direction,
 *   2. put into visual order (bidi-js `getReorderedIndices`, per line, after wrapping),
 *   3. cut into runs of one font and one embedding level,
 *   4. drawn run by run from left to right:
 *      - Arabic letters (odd level): given to fontkit in logical order, so it shapes them and
 *        reverses them itself;
 *      - Latin text in a right-to-left run (punctuation, brackets): reversed and mirrored here;
 *      - everything else in logical order; pieces fontkit could wrongly reverse (Arabic-Indic
 *        digits, lone Arabic punctuation) one character at a time.
 * Bidi marks (LRM, RLM, ALM, isolates) steer step 1 and are never drawn. Which face draws which
 * character and where lines break: invoice-pdf-lines.ts.
 */
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { assignScripts, breakLines } from './invoice-pdf-lines.ts';
import {
  ARABIC_LETTER,
  type Faces,
  normalise,
  type Script,
  SPACE,
  stripInvisible,
  type TextBox,
  type TextStyle,
  type Weight,
} from './invoice-pdf-script.ts';

export type { Face, Faces, Script, TextBox, TextStyle, Weight } from './invoice-pdf-script.ts';

type Doc = InstanceType<typeof PDFDocument>;

const bidi = bidiFactory();
const FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['rlig'];
const TABULAR: PDFKit.Mixins.OpenTypeFeatures[] = ['rlig', 'tnum'];

function features(script: Script, style: TextStyle) {
  return style.tabular && script !== 'arabic' ? TABULAR : FEATURES;
}

interface Piece {
  text: string;
  script: Script;
  width: number;
}

/** Widths depend only on font, size and text: shared by every document of the process. */
const widthCache = new Map<string, number>();
const WIDTH_CACHE_MAX = 20_000;

export class TextEngine {
  private readonly fonts: Record<Script, Record<Weight, string>>;

  constructor(
    private readonly doc: Doc,
    private readonly faces: Faces,
    /** Arabic letters look smaller than Latin at one size: drawn this much larger. */
    private readonly arabicScale = 1.12,
  ) {
    this.fonts = Object.fromEntries([faces.arabic, ...faces.others].map((f) => [f.key, f.names]));
  }

  /** The width of one unwrapped line. */
  measure(text: string, style: TextStyle): number {
    const clean = normalise(text);
    return this.segmentWidth(clean, assignScripts(clean, this.faces), 0, clean.length, style);
  }

  /** Draws text wrapped into the box; returns the height used. */
  draw(text: string, style: TextStyle, box: TextBox): number {
    const lines = this.layout(text, style, box.width, box.dir);
    const lineBox = style.size * (style.lineHeight ?? 1.4);
    let y = box.y;
    for (const line of lines) {
      this.drawLine(line, style, box, y + lineBox / 2 + style.size * 0.3);
      y += lineBox;
    }
    return y - box.y;
  }

  /** Height that `draw` would use. */
  height(text: string, style: TextStyle, width: number, dir: TextBox['dir'] = 'auto'): number {
    return this.layout(text, style, width, dir).length * style.size * (style.lineHeight ?? 1.4);
  }

  private layout(text: string, style: TextStyle, maxWidth: number, dir: TextBox['dir']): Line[] {
    const clean = normalise(text);
    const scripts = assignScripts(clean, this.faces);
    const levels = bidi.getEmbeddingLevels(clean, dir);
    return breakLines(clean, maxWidth, (from, to) => this.segmentWidth(clean, scripts, from, to, style)).map(
      ([start, end]) => ({ text: clean, scripts, levels, start, end }),
    );
  }

  /** Width of text[start, end) in logical order: shaping depends on logical order only. */
  private segmentWidth(
    text: string,
    scripts: (Script | null)[],
    start: number,
    end: number,
    style: TextStyle,
  ) {
    let width = 0;
    let i = start;
    while (i < end) {
      const script = scripts[i];
      let j = i + 1;
      while (j < end && scripts[j] === script) j++;
      if (script) width += this.width(stripInvisible(text.slice(i, j)), script, style);
      i = j;
    }
    return width;
  }

  private width(text: string, script: Script, style: TextStyle): number {
    if (!text) return 0;
    const weight = style.weight ?? 'regular';
    const size = this.sizeFor(script, style);
    const key = `${script}|${weight}|${size}|${style.tabular ? 't' : ''}|${text}`;
    let width = widthCache.get(key);
    if (width === undefined) {
      width = this.doc
        .font(this.fonts[script][weight])
        .fontSize(size)
        .widthOfString(text, { features: features(script, style) });
      if (widthCache.size >= WIDTH_CACHE_MAX) widthCache.clear();
      widthCache.set(key, width);
    }
    return width;
  }

  private sizeFor(script: Script, style: TextStyle) {
    return script === 'arabic' ? style.size * this.arabicScale : style.size;
  }

  // ------------------------------------------------------------------ drawing

  private drawLine(line: Line, style: TextStyle, box: TextBox, baseline: number) {
    const pieces = this.visualPieces(line, style);
    const total = pieces.reduce((sum, p) => sum + p.width, 0);
    let x =
      box.align === 'left'
        ? box.x
        : box.align === 'right'
          ? box.x + box.width - total
          : box.x + (box.width - total) / 2;
    this.doc.fillColor(style.color ?? '#000000');
    const weight = style.weight ?? 'regular';
    for (const piece of pieces) {
      if (piece.text.trim()) {
        this.doc
          .font(this.fonts[piece.script][weight])
          .fontSize(this.sizeFor(piece.script, style))
          .text(piece.text, x, baseline, {
            lineBreak: false,
            baseline: 'alphabetic',
            features: features(piece.script, style),
          });
      }
      x += piece.width;
    }
  }

  /** The line's pieces from left to right, each ready to hand to pdfkit. */
  private visualPieces(line: Line, style: TextStyle): Piece[] {
    const { text, scripts, levels } = line;
    // Trim spaces at the line's ends (they would shift alignment).
    let { start, end } = line;
    while (start < end && SPACE.test(text[start])) start++;
    while (end > start && SPACE.test(text[end - 1])) end--;
    if (start >= end) return [];
    // Indices of the whole text, with this line's segments reversed: keep the line's.
    const order = bidi.getReorderedIndices(text, levels, start, end - 1).slice(start, end);
    const pieces: Piece[] = [];
    let k = 0;
    while (k < order.length) {
      const first = order[k];
      const script = scripts[first];
      const level = levels.levels[first];
      let m = k + 1;
      while (m < order.length && scripts[order[m]] === script && levels.levels[order[m]] === level) m++;
      if (script) {
        const indices = order.slice(k, m).sort((a, b) => a - b);
        const logical = stripInvisible(indices.map((i) => text[i]).join(''));
        const rtl = level % 2 === 1;
        const add = (t: string) => {
          if (t) pieces.push({ text: t, script, width: this.width(t, script, style) });
        };
        if (script === 'arabic') {
          if (rtl && ARABIC_LETTER.test(logical)) add(logical);
          else {
            const chars = Array.from(logical);
            for (const ch of rtl ? chars.reverse() : chars) add(ch);
          }
        } else if (rtl) {
          add(
            Array.from(logical)
              .reverse()
              .map((ch) => bidi.getMirroredCharacter(ch) ?? ch)
              .join(''),
          );
        } else add(logical);
      }
      k = m;
    }
    return pieces;
  }
}

interface Line {
  text: string;
  scripts: (Script | null)[];
  levels: EmbeddingLevels;
  start: number;
  end: number;
}

type EmbeddingLevels = ReturnType<typeof bidi.getEmbeddingLevels>;
