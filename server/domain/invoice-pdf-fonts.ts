/**
 * The invoice PDF's fonts, embedded (subset) in every PDF: Inter for Latin text and digits, Noto
 * Naskh Arabic for Arabic (its Arabic subset has no Latin glyphs). Both are OFL-licensed and come
 * from the @fontsource packages the app already self-hosts, resolved through Node's module
 * resolution so a fresh clone works after `npm install`. Read once per process and unpacked from
 * WOFF to plain TrueType: fontkit reads WOFF too, but inflates a table (in JavaScript) every time
 * it reads one, which made one Arabic invoice take over a second instead of a few milliseconds.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Face, Faces } from './invoice-pdf-text.ts';

const INTER = '@fontsource/inter/files/inter';
const NASKH = '@fontsource/noto-naskh-arabic/files/noto-naskh-arabic';

/** Inter's subsets, in the order text falls back through them; the first is the default face. */
const INTER_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];

/** A parsed font (fontkit's Font): pdfkit takes one in place of a file (`typeof src.layout === 'function'`). */
export interface ParsedFont {
  layout: (text: string, features?: unknown) => GlyphRun;
}

interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

interface GlyphRun {
  glyphs: Glyph[];
  positions: Record<string, number>[];
  readonly advanceWidth: number;
}

interface Subset {
  glyphs: number[];
  mapping: Record<number, number>;
  includeGlyph: (glyph: number | { id: number }) => number;
}

export interface InvoiceFont {
  name: string;
  font: ParsedFont;
}

let cache: { fonts: InvoiceFont[]; faces: Faces } | undefined;

/**
 * The fonts, read and parsed on first use (pdfkit embeds only the faces a document uses, and of
 * those only the glyphs it uses). The parsed fonts are shared by every PDF: given a file, pdfkit
 * would parse the font again for each document and lose fontkit's caches (parsed GSUB/GPOS
 * tables, glyphs), which costs hundreds of milliseconds per Arabic invoice. fontkit is the copy
 * pdfkit itself depends on, resolved from pdfkit's own location.
 */
export function invoiceFonts(): { fonts: InvoiceFont[]; faces: Faces } {
  if (!cache) {
    const require = createRequire(import.meta.url);
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
      create: (data: Buffer) => ParsedFont & { hasGlyphForCodePoint: (cp: number) => boolean };
    };
    const fonts: InvoiceFont[] = [];
    const face = (key: string, family: string, file: (weight: number) => string): Face => {
      const weights = { regular: 400, bold: 700 } as const;
      const names = { regular: `${family}-Regular`, bold: `${family}-Bold` };
      let regular: ReturnType<typeof fontkit.create> | undefined;
      for (const weight of ['regular', 'bold'] as const) {
        const font = fontkit.create(woffToSfnt(readFileSync(require.resolve(file(weights[weight])))));
        if (weight === 'regular') regular = font;
        fonts.push({ name: names[weight], font: memoiseLayout(font) });
      }
      const coverage = regular as ReturnType<typeof fontkit.create>;
      return { key, names, has: (cp) => coverage.hasGlyphForCodePoint(cp) };
    };
    const faces: Faces = {
      arabic: face('arabic', 'NotoNaskhArabic', (w) => `${NASKH}-arabic-${w}-normal.woff`),
      others: INTER_SUBSETS.map((subset) =>
        face(subset, `Inter-${subset}`, (w) => `${INTER}-${subset}-${w}-normal.woff`),
      ),
    };
    cache = { fonts, faces };
  }
  return cache;
}

const LAYOUT_MEMO_MAX = 5_000;
/** Ids of glyph variants (see below) start here, far above any real glyph id. */
const VARIANT_BASE = 1_000_000;

/**
 * The font as pdfkit sees it, with two changes:
 *
 * 1. A memo in front of `layout`: shaping a string (GSUB/GPOS lookups) is what an invoice spends
 *    most time on, and its labels are the same every time. pdfkit scales the positions it gets
 *    in place, so each call returns fresh position objects.
 *
 * 2. Text that can be copied and searched. pdfkit writes one ToUnicode entry per glyph, from the
 *    characters fontkit's cached Glyph object was first created for. Noto Naskh Arabic draws letters as dotless
 *    skeletons plus separate dot glyphs, so one skeleton stands for several letters (ب ت ث ن ي
 *    share one) and the PDF's text would read "ضرتنية" for "ضريبية". Each (glyph, characters)
 *    pair is therefore handed to pdfkit as its own glyph variant with its own id; the subset
 *    gives every variant its own slot (a copy of the same outline), so each maps to its own
 *    characters and pdftotext, copy and paste and screen readers get the real words.
 */
function memoiseLayout(font: ParsedFont): ParsedFont {
  const memo = new Map<string, { glyphs: Glyph[]; positions: Record<string, number>[] }>();
  const variants = new Map<string, Glyph>();
  const realIds: number[] = [];
  const variant = (glyph: Glyph): Glyph => {
    const key = `${glyph.id}|${glyph.codePoints.join(',')}`;
    let v = variants.get(key);
    if (!v) {
      v = {
        id: VARIANT_BASE + realIds.length,
        codePoints: [...glyph.codePoints],
        advanceWidth: glyph.advanceWidth,
      };
      realIds.push(glyph.id);
      variants.set(key, v);
    }
    return v;
  };
  const wrapper = Object.create(font) as ParsedFont & {
    createSubset: () => Subset;
    getGlyph: (id: number, codePoints?: number[]) => Glyph | null;
  };
  // fontkit caches one Glyph per id and keeps the characters it was first created for; its layout
  // engine passes the right characters for each glyph it outputs: keep them, on a per-call view.
  const realGetGlyph = (font as unknown as typeof wrapper).getGlyph.bind(font);
  wrapper.getGlyph = (id, codePoints = []) => {
    const glyph = realGetGlyph(id, codePoints);
    return glyph && Object.create(glyph, { codePoints: { value: codePoints, enumerable: true } });
  };
  wrapper.layout = (text, features) => {
    const key = `${JSON.stringify(features ?? null)}|${text}`;
    let run = memo.get(key);
    if (!run) {
      // Run fontkit's layout on the wrapper, so that its engine asks the wrapper for glyphs.
      const fresh = font.layout.call(wrapper, text, features);
      run = { glyphs: fresh.glyphs.map(variant), positions: fresh.positions.map((p) => ({ ...p })) };
      if (memo.size >= LAYOUT_MEMO_MAX) memo.clear();
      memo.set(key, run);
    }
    const positions = run.positions.map((p) => ({ ...p }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
  wrapper.createSubset = () => {
    const subset = (font as unknown as { createSubset: () => Subset }).createSubset();
    const include = subset.includeGlyph.bind(subset);
    subset.includeGlyph = (glyph) => {
      const id = typeof glyph === 'object' ? glyph.id : glyph;
      if (id < VARIANT_BASE) return include(id);
      if (subset.mapping[id] == null) {
        subset.glyphs.push(realIds[id - VARIANT_BASE]);
        subset.mapping[id] = subset.glyphs.length - 1;
      }
      return subset.mapping[id];
    };
    return subset;
  };
  return wrapper;
}

/** WOFF 1.0 (https://www.w3.org/TR/WOFF/) to the sfnt (TrueType/OpenType) file it wraps. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const tag = woff.readUInt32BE(entry);
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('Invalid WOFF table length');
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => a.tag - b.tag);
  const headerSize = 12 + 16 * numTables;
  const size = tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
