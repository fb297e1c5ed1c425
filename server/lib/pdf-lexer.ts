/**
 * PDF's object syntax over bytes, for pdf-scan.ts: names (their #xx escapes undone), numbers,
 * indirect references, arrays and dictionaries; strings are recognised and skipped, not kept.
 * Nesting is bounded (MAX_DEPTH): deeper is TooComplex.
 */

/** A bound was reached (nesting, objects): the file is refused as too complex. */
export class TooComplex extends Error {}

export class Name {
  constructor(readonly name: string) {}
}
export class Ref {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export class Keyword {
  constructor(readonly word: string) {}
}
export const STRING = Symbol('string');
export type Dict = Map<string, Value>;
export type Value = number | boolean | null | typeof STRING | Name | Ref | Keyword | Value[] | Dict;

export const MAX_DEPTH = 100;
const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const ch of '()<>[]{}/%') DELIM[ch.charCodeAt(0)] = 1;
/** Keywords that end an object: a dictionary or array left open stops before them. */
const ENDS = new Set(['endobj', 'stream', 'endstream', 'obj', 'trailer', 'xref', 'startxref']);

export const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** A name's #xx escapes undone: /L#61unch is /Launch. */
export const unescapeName = (name: string) =>
  name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** PDF's object syntax over bytes; strings are recognised and skipped, not kept. */
export class Lexer {
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
