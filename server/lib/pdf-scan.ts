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
 */
import { constants, createInflate } from 'node:zlib';
import type { FormFieldCode } from '../../contract/forms-rules.ts';

/** The contract's CV content codes (forms-rules.ts) but the one pdf.js gives (it does not open). */
export type ScanProblem = Exclude<Extract<FormFieldCode, `PDF_${string}`>, 'PDF_UNREADABLE'>;

export interface ScanLimits {
  /** The decoded size of all streams together. */
  maxInflatedBytes: number;
  /** Objects, at the top level and in object streams together. */
  maxObjects: number;
}

/** A bound was reached (nesting, objects): the file is refused as too complex. */
export class TooComplex extends Error {}
/** The decoded streams went past the budget. */
class TooMuch extends Error {}

class Name {
  constructor(readonly name: string) {}
}
class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class Keyword {
  constructor(readonly word: string) {}
}
const STRING = Symbol('string');
type Dict = Map<string, Value>;
type Value = number | boolean | null | typeof STRING | Name | Ref | Keyword | Value[] | Dict;

const MAX_DEPTH = 100;
const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const ch of '()<>[]{}/%') DELIM[ch.charCodeAt(0)] = 1;
/** Keywords that end an object: a dictionary or array left open stops before them. */
const ENDS = new Set(['endobj', 'stream', 'endstream', 'obj', 'trailer', 'xref', 'startxref']);

const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** A name's #xx escapes undone: /L#61unch is /Launch. */
const unescapeName = (name: string) =>
  name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** PDF's object syntax over bytes; strings are recognised and skipped, not kept. */
class Lexer {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    readonly end = buf.length,
  ) {
    this.pos = pos;
  }

  skip() {
    const { buf, end } = this;
    while (this.pos < end) {
      const c = buf[this.pos];
      if (WHITE[c]) this.pos++;
      else if (c === 0x25) {
        while (this.pos < end && buf[this.pos] !== 10 && buf[this.pos] !== 13) this.pos++;
      } else break;
    }
  }

  private regular(): string {
    const { buf, end } = this;
    const start = this.pos;
    while (this.pos < end && !WHITE[buf[this.pos]] && !DELIM[buf[this.pos]]) this.pos++;
    return String.fromCharCode(...buf.subarray(start, Math.min(this.pos, start + 256)));
  }

  private name(): Name {
    this.pos++;
    const raw = this.regular();
    return new Name(raw.includes('#') ? unescapeName(raw) : raw);
  }

  private literal() {
    const { buf, end } = this;
    let nesting = 0;
    while (this.pos < end) {
      const c = buf[this.pos++];
      if (c === 0x5c) this.pos++;
      else if (c === 0x28) nesting++;
      else if (c === 0x29 && --nesting === 0) return;
    }
  }

  /** The next object, or undefined at the end. */
  value(depth = 0): Value | undefined {
    this.skip();
    const { buf, end } = this;
    if (this.pos >= end) return undefined;
    if (depth > MAX_DEPTH) throw new TooComplex('nesting');
    const c = buf[this.pos];
    if (c === 0x2f) return this.name();
    if (c === 0x3c) {
      if (buf[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return this.dict(depth);
      }
      const close = buf.indexOf(0x3e, this.pos);
      this.pos = close < 0 ? end : close + 1;
      return STRING;
    }
    if (c === 0x28) {
      this.literal();
      return STRING;
    }
    if (c === 0x5b) {
      this.pos++;
      const items: Value[] = [];
      for (;;) {
        this.skip();
        if (this.pos >= end) break;
        if (buf[this.pos] === 0x5d) {
          this.pos++;
          break;
        }
        const at = this.pos;
        const v = this.value(depth + 1);
        if (v === undefined) break;
        if (v instanceof Keyword && ENDS.has(v.word)) {
          this.pos = at;
          break;
        }
        items.push(v);
      }
      return items;
    }
    if (DELIM[c]) {
      // a stray ), ], {, } or >> (a well-formed one is read by the dictionary or array it closes)
      const double = c === 0x3e && buf[this.pos + 1] === 0x3e;
      this.pos += double ? 2 : 1;
      return new Keyword(double ? '>>' : String.fromCharCode(c));
    }
    const word = this.regular();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const n = Number(word);
      if (/^\d+$/.test(word)) {
        // an indirect reference: num gen R
        const save = this.pos;
        this.skip();
        const gen = this.regular();
        this.skip();
        if (
          /^\d+$/.test(gen) &&
          buf[this.pos] === 0x52 &&
          (this.pos + 1 >= end || WHITE[buf[this.pos + 1]] || DELIM[buf[this.pos + 1]])
        ) {
          this.pos++;
          return new Ref(n, Number(gen));
        }
        this.pos = save;
      }
      return n;
    }
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return new Keyword(word);
  }

  private dict(depth: number): Dict {
    const { buf, end } = this;
    const entries: Dict = new Map();
    for (;;) {
      this.skip();
      if (this.pos >= end) break;
      if (buf[this.pos] === 0x3e && buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      const at = this.pos;
      const key = this.value(depth + 1);
      if (key === undefined) break;
      if (key instanceof Keyword && ENDS.has(key.word)) {
        this.pos = at;
        break;
      }
      if (!(key instanceof Name)) continue;
      const valueAt = this.pos;
      const v = this.value(depth + 1);
      if (v === undefined) break;
      if (v instanceof Keyword && ENDS.has(v.word)) {
        this.pos = valueAt;
        break;
      }
      entries.set(key.name, v);
    }
    return entries;
  }
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

/** A growing output that refuses to pass its cap. */
class Out {
  bytes = new Uint8Array(4096);
  length = 0;
  constructor(readonly cap: number) {}
  push(b: number) {
    if (this.length >= this.cap) throw new TooMuch();
    if (this.length === this.bytes.length) {
      const next = new Uint8Array(Math.min(this.bytes.length * 2, this.cap));
      next.set(this.bytes);
      this.bytes = next;
    }
    this.bytes[this.length++] = b;
  }
  result() {
    return this.bytes.subarray(0, this.length);
  }
}

/** zlib streams the output in chunks that are counted (and kept only when asked); past `cap`, it stops. */
function inflate(
  data: Uint8Array,
  cap: number,
  keep: boolean,
): Promise<{ size: number; bytes?: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const z = createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ size, bytes: keep ? Buffer.concat(chunks) : undefined });
    };
    z.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > cap) {
        settled = true;
        z.destroy();
        reject(new TooMuch());
      } else if (keep) chunks.push(chunk);
    });
    // a damaged stream: what came out before the damage counts (viewers show it too)
    z.on('error', done);
    z.on('end', done);
    z.end(data);
  });
}

function lzw(data: Uint8Array, earlyChange: number, cap: number): Uint8Array {
  const out = new Out(cap);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  const first = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    length[i] = 1;
    first[i] = i;
  }
  let next = 258;
  let bits = 9;
  let prev = -1;
  let buffer = 0;
  let count = 0;
  let i = 0;
  const stack = new Uint8Array(4096);
  const emit = (code: number) => {
    let n = length[code];
    for (let c = code; c >= 0 && n > 0; c = prefix[c]) stack[--n] = suffix[c];
    for (let k = 0; k < length[code]; k++) out.push(stack[k]);
  };
  for (;;) {
    while (count < bits && i < data.length) {
      buffer = ((buffer << 8) | data[i++]) & 0xffffff;
      count += 8;
    }
    if (count < bits) break;
    const code = (buffer >>> (count - bits)) & ((1 << bits) - 1);
    count -= bits;
    if (code === 256) {
      next = 258;
      bits = 9;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    if (prev < 0) {
      if (code > 255) break;
      emit(code);
      prev = code;
      continue;
    }
    let entry = code;
    if (code < next) {
      if (next < 4096) {
        prefix[next] = prev;
        suffix[next] = first[code];
        first[next] = first[prev];
        length[next] = length[prev] + 1;
        next++;
      }
    } else if (code === next && next < 4096) {
      prefix[next] = prev;
      suffix[next] = first[prev];
      first[next] = first[prev];
      length[next] = length[prev] + 1;
      entry = next++;
    } else break;
    emit(entry);
    prev = entry;
    const room = next + earlyChange;
    bits = room >= 2048 ? 12 : room >= 1024 ? 11 : room >= 512 ? 10 : 9;
  }
  return out.result();
}

function runLength(data: Uint8Array, cap: number): Uint8Array {
  const out = new Out(cap);
  let i = 0;
  while (i < data.length) {
    const n = data[i++];
    if (n === 128) break;
    if (n < 128) for (let k = 0; k <= n && i < data.length; k++) out.push(data[i++]);
    else {
      if (i >= data.length) break;
      const b = data[i++];
      for (let k = 0; k < 257 - n; k++) out.push(b);
    }
  }
  return out.result();
}

function asciiHex(data: Uint8Array, cap: number): Uint8Array {
  const out = new Out(cap);
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out.push((high << 4) | v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.result();
}

function ascii85(data: Uint8Array, cap: number): Uint8Array {
  const out = new Out(cap);
  const group: number[] = [];
  const flush = (n: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    for (let k = 0; k < n; k++) out.push((v >>> (24 - 8 * k)) & 0xff);
    group.length = 0;
  };
  for (const c of data) {
    if (c === 0x7e) break;
    if (c === 0x7a && group.length === 0) {
      for (let k = 0; k < 4; k++) out.push(0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.result();
}

const FILTERS: Record<string, string> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  RunLengthDecode: 'rl',
  RL: 'rl',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
};

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
