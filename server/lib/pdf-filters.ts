/**
 * PDF's stream filters for pdf-scan.ts (Flate, LZW, RunLength, ASCIIHex, ASCII85), each writing
 * into an output that refuses to pass its cap (TooMuch): the scan's one budget for the whole file.
 * A Flate stream is counted as zlib streams it out, and kept only when asked.
 */
import { constants, createInflate } from 'node:zlib';
import { hexValue } from './pdf-lexer.ts';

/** The decoded streams went past the budget. */
export class TooMuch extends Error {}

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
export function inflate(
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

export function lzw(data: Uint8Array, earlyChange: number, cap: number): Uint8Array {
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

export function runLength(data: Uint8Array, cap: number): Uint8Array {
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

export function asciiHex(data: Uint8Array, cap: number): Uint8Array {
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

export function ascii85(data: Uint8Array, cap: number): Uint8Array {
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

export const FILTERS: Record<string, string> = {
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
