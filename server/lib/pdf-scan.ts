/**
 * A PDF's raw structure, read without a PDF library (issue 20, finding 10): what opening the
 * document with pdf.js would not show, or would itself be harmed by. pdf-check.ts runs it in a
 * worker thread before pdf.js opens the file.
 *
 * - Every `N G obj` of the file and every object kept in an object stream is parsed (names
 *   un-escaped: `/L#61unch` is `/Launch`); their dictionaries tell encryption (`/Encrypt`),
 *   JavaScript (`/JS`, `/JavaScript`, an XFA form), launch actions (`/Launch`) and embedded files
 *   (`/EmbeddedFiles`, `/EmbeddedFile`, `/EF`, `/FileAttachment`), wherever they sit and however
 *   they are referenced (an annotation's, a page's or the document's action, the names tree). The
 *   long names are also looked for in the raw bytes, stream data included: a viewer reads an object
 *   wherever the cross-reference table points, even inside another stream's data.
 * - Every stream is decoded through its filters (Flate, LZW, RunLength, ASCIIHex, ASCII85; image
 *   codecs count their input) against one budget for the whole file: past it, the file is a
 *   decompression bomb. A Flate stream is counted as zlib streams it out, and never held unless
 *   another filter or the object-stream parser needs its bytes, so the budget also bounds memory.
 * - HTML outside the streams, or anywhere in the first KiB, makes a polyglot (a file a browser or
 *   a mail client could read as a web page).
 *
 * The work is linear in the file (≤ 5 MB) plus the budget; nesting and object counts are bounded.
 * The object syntax is pdf-lexer.ts, the stream filters pdf-filters.ts.
 */
import type { FormFieldCode } from '../../contract/forms-rules.ts';
import { ascii85, asciiHex, FILTERS, inflate, lzw, runLength, TooMuch } from './pdf-filters.ts';
import { type Dict, Lexer, MAX_DEPTH, Name, Ref, TooComplex, unescapeName, type Value } from './pdf-lexer.ts';

export { TooComplex };

/** The contract's CV content codes (forms-rules.ts) but the one pdf.js gives (it does not open). */
export type ScanProblem = Exclude<Extract<FormFieldCode, `PDF_${string}`>, 'PDF_UNREADABLE'>;

export interface ScanLimits {
  /** The decoded size of all streams together. */
  maxInflatedBytes: number;
  /** Objects, at the top level and in object streams together. */
  maxObjects: number;
}

/** What the objects say, each problem once. */
type Flag = 'PDF_ENCRYPTED' | 'PDF_JAVASCRIPT' | 'PDF_LAUNCH' | 'PDF_EMBEDDED_FILE';
const FLAG_ORDER: Flag[] = ['PDF_ENCRYPTED', 'PDF_JAVASCRIPT', 'PDF_LAUNCH', 'PDF_EMBEDDED_FILE'];
/** Dictionary keys that mean a problem wherever they are (an XFA form carries its own scripts). */
const KEYS: Record<string, Flag> = {
  Encrypt: 'PDF_ENCRYPTED',
  JS: 'PDF_JAVASCRIPT',
  JavaScript: 'PDF_JAVASCRIPT',
  XFA: 'PDF_JAVASCRIPT',
  EmbeddedFiles: 'PDF_EMBEDDED_FILE',
  EF: 'PDF_EMBEDDED_FILE',
};
/** Names that mean a problem wherever they are (an action's /S, an annotation's /Subtype, a /Type). */
const NAMES: Record<string, Flag> = {
  JavaScript: 'PDF_JAVASCRIPT',
  Launch: 'PDF_LAUNCH',
  EmbeddedFile: 'PDF_EMBEDDED_FILE',
  EmbeddedFiles: 'PDF_EMBEDDED_FILE',
  FileAttachment: 'PDF_EMBEDDED_FILE',
};

function mark(v: Value, flags: Set<Flag>, depth = 0) {
  if (depth > MAX_DEPTH) return;
  if (v instanceof Name) {
    if (Object.hasOwn(NAMES, v.name)) flags.add(NAMES[v.name]);
  } else if (Array.isArray(v)) {
    for (const item of v) mark(item, flags, depth + 1);
  } else if (v instanceof Map) {
    for (const [key, item] of v) {
      if (Object.hasOwn(KEYS, key)) flags.add(KEYS[key]);
      mark(item, flags, depth + 1);
    }
  }
}

interface Stream {
  dict: Dict;
  start: number;
  end: number;
}

const PDF_SPACE = '[\\0\\t\\n\\f\\r ]';
const OBJECT_OR_TRAILER = new RegExp(
  `(?<![0-9])([0-9]+)${PDF_SPACE}+([0-9]+)${PDF_SPACE}+obj(?![^\\0\\t\\n\\f\\r ()<>\\[\\]{}/%])|trailer(?=${PDF_SPACE}*<<)`,
  'g',
);
/** The start of an HTML document or element a browser would act on. */
const HTML =
  /<(?:!doctype|html|head|body|script|iframe|frame|object|embed|svg|img|meta|link|style|form|base)[\s>/]/gi;
const HEAD_BYTES = 1024;

/** A name as it may be written, each letter as itself or #xx: /L#61unch. */
function spelled(word: string): string {
  const either = (d: string) => (/[0-9]/.test(d) ? d : `[${d.toLowerCase()}${d.toUpperCase()}]`);
  return [...word]
    .map((ch) => {
      const [h, l] = ch.charCodeAt(0).toString(16).padStart(2, '0');
      return `(?:${ch}|#${either(h)}${either(l)})`;
    })
    .join('');
}
/**
 * The long names of NAMES, found in the raw bytes too (stream data included): an object a cross-
 * reference table points into another stream's data is read by a viewer but not by the object
 * walk. (Short keys such as /JS would match compressed data by chance; their actions also need one
 * of these names, /S /JavaScript.)
 */
const RAW_NAMES = new RegExp(
  `/(${Object.keys(NAMES).map(spelled).join('|')})(?![^\\0\\t\\n\\f\\r ()<>\\[\\]{}/%])`,
  'g',
);

/** The first problem of the file's structure, or null. */
export async function scanPdf(bytes: Uint8Array, limits: ScanLimits): Promise<ScanProblem | null> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const objects = new Map<string, Value>();
  const streams: Stream[] = [];
  const flags = new Set<Flag>();
  let count = 0;

  // 1. every object of the file, skipping over stream data
  const re = new RegExp(OBJECT_OR_TRAILER.source, 'g');
  // an object is read up to the next endobj at most (one left open, a string without its end, stops
  // there as a reader's would, and the file is read once whatever it holds)
  let endobj = -1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (++count > limits.maxObjects) return 'PDF_TOO_COMPLEX';
    if (endobj < m.index) {
      const at = text.indexOf('endobj', m.index);
      endobj = at < 0 ? bytes.length : at;
    }
    const lexer = new Lexer(bytes, m.index + m[0].length, endobj);
    const value = lexer.value();
    if (value === undefined) break;
    mark(value, flags);
    re.lastIndex = lexer.pos;
    if (m[1] === undefined) continue; // a trailer
    objects.set(`${m[1]} ${m[2]}`, value);
    if (!(value instanceof Map)) continue;
    lexer.skip();
    if (!text.startsWith('stream', lexer.pos)) continue;
    let start = lexer.pos + 6;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const declared = value.get('Length');
    let end = -1;
    if (typeof declared === 'number' && Number.isInteger(declared) && declared >= 0) {
      const after = new Lexer(bytes, start + declared);
      after.skip();
      if (start + declared <= bytes.length && text.startsWith('endstream', after.pos)) end = start + declared;
    }
    if (end < 0) end = text.indexOf('endstream', start);
    if (end < 0) end = bytes.length;
    streams.push({ dict: value, start, end });
    re.lastIndex = end;
  }

  for (const m of text.matchAll(RAW_NAMES)) flags.add(NAMES[unescapeName(m[1])]);

  // 2. HTML in the first KiB, or anywhere outside the streams
  const html = new RegExp(HTML.source, 'gi');
  let s = 0;
  for (let m = html.exec(text); m; m = html.exec(text)) {
    if (m.index < HEAD_BYTES) return 'PDF_POLYGLOT';
    while (s < streams.length && streams[s].end <= m.index) s++;
    if (s >= streams.length || streams[s].start > m.index) return 'PDF_POLYGLOT';
    html.lastIndex = streams[s].end;
  }

  // 3. an encrypted file's streams cannot be read: say so before trying
  if (flags.has('PDF_ENCRYPTED')) return 'PDF_ENCRYPTED';

  // 4. every stream decoded against one budget; object streams first, their objects parsed
  const resolve = (v: Value | undefined, hops = 0): Value | undefined =>
    v instanceof Ref && hops < 8 ? resolve(objects.get(`${v.num} ${v.gen}`), hops + 1) : v;
  let total = 0;
  const decode = async (stream: Stream, keep: boolean): Promise<Uint8Array | undefined> => {
    const filter = resolve(stream.dict.get('Filter'));
    const list: (Value | undefined)[] = Array.isArray(filter) ? filter : [filter];
    const names = list
      .map((f) => resolve(f))
      .filter((f): f is Name => f instanceof Name)
      .map((f) => f.name);
    const params = resolve(stream.dict.get('DecodeParms') ?? stream.dict.get('DP'));
    let data = bytes.subarray(stream.start, stream.end);
    let size = data.length;
    for (const [i, name] of names.entries()) {
      const kind = FILTERS[name];
      if (!kind) break; // an image codec (DCT, JPX, CCITT, JBIG2) or Crypt: its input is what counts here
      const cap = limits.maxInflatedBytes - total;
      const last = i === names.length - 1;
      if (kind === 'flate') {
        const r = await inflate(data, cap, keep || !last);
        size = r.size;
        data = r.bytes ?? data;
        continue;
      }
      if (kind === 'lzw') {
        const p = resolve(Array.isArray(params) ? params[i] : params);
        const early = p instanceof Map ? resolve(p.get('EarlyChange')) : undefined;
        data = lzw(data, early === 0 ? 0 : 1, cap);
      } else if (kind === 'rl') data = runLength(data, cap);
      else if (kind === 'hex') data = asciiHex(data, cap);
      else data = ascii85(data, cap);
      size = data.length;
    }
    total += size;
    if (total > limits.maxInflatedBytes) throw new TooMuch();
    return keep ? data : undefined;
  };

  try {
    const isObjectStream = (st: Stream) => {
      const type = resolve(st.dict.get('Type'));
      return type instanceof Name && type.name === 'ObjStm';
    };
    for (const stream of streams.filter(isObjectStream)) {
      const data = await decode(stream, true);
      if (!data) continue;
      const n = resolve(stream.dict.get('N'));
      const first = resolve(stream.dict.get('First'));
      if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || first < 0) continue;
      const header = new Lexer(data, 0, Math.min(first, data.length));
      // object number → offset; each offset read once, up to where the next one starts
      const numbers = new Map<number, number[]>();
      for (let k = 0; k < n; k++) {
        const num = header.value();
        const offset = header.value();
        if (typeof num !== 'number' || !Number.isInteger(offset) || (offset as number) < 0) break;
        if (++count > limits.maxObjects) return 'PDF_TOO_COMPLEX';
        const same = numbers.get(offset as number);
        if (same) same.push(num);
        else numbers.set(offset as number, [num]);
      }
      const offsets = [...numbers.keys()].sort((a, b) => a - b);
      for (const [k, offset] of offsets.entries()) {
        const end = first + (offsets[k + 1] ?? data.length);
        const value = new Lexer(data, first + offset, Math.min(end, data.length)).value();
        if (value === undefined) continue;
        mark(value, flags);
        for (const num of numbers.get(offset) ?? [])
          if (!objects.has(`${num} 0`)) objects.set(`${num} 0`, value);
      }
    }
    const flag = FLAG_ORDER.find((f) => flags.has(f));
    if (flag) return flag;
    for (const stream of streams) if (!isObjectStream(stream)) await decode(stream, false);
  } catch (e) {
    if (e instanceof TooMuch) return 'PDF_INFLATES_TOO_MUCH';
    throw e;
  }
  return null;
}
