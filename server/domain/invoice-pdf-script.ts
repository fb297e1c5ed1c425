/**
 * What the invoice's text engine (invoice-pdf-text.ts) is given and knows of characters: the faces
 * and styles it draws with, which characters are Arabic, invisible (bidi controls), spaces or
 * marks, and where a code point ends.
 */
export type Weight = 'regular' | 'bold';
/** A face's key: `arabic` (Noto Naskh Arabic) or one of the other faces (Inter's subsets). */
export type Script = string;

/** One typeface in two weights, registered with pdfkit under these names. */
export interface Face {
  key: Script;
  names: Record<Weight, string>;
  /** Whether the face has a glyph for a code point. */
  has: (codePoint: number) => boolean;
}

export interface Faces {
  arabic: Face;
  /** For everything that is not Arabic, in order of preference; the first is the default. */
  others: Face[];
}

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  /** Line box height as a multiple of the size. */
  lineHeight?: number;
  /** Tabular (fixed-width) Latin digits, for amounts. */
  tabular?: boolean;
}

export interface TextBox {
  x: number;
  /** Top of the first line box. */
  y: number;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Paragraph direction: the document's, or `auto` (first strong character) for values such as an alias. */
  dir: 'ltr' | 'rtl' | 'auto';
}

/** Characters Noto Naskh Arabic draws (Arabic blocks, presentation forms, ZWNJ/ZWJ). */
export const ARABIC_CHAR = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\uFB50-\uFDFF\uFE70-\uFEFC\u200C\u200D]/;
/** Arabic-script letters: a run holding one of these is reversed by fontkit. */
export const ARABIC_LETTER =
  /[\u0620-\u064A\u066E\u066F\u0671-\u06D3\u06D5\u06EE\u06EF\u06FA-\u06FC\u06FF\u0750-\u077F\u0870-\u0887\u0889-\u088E\u08A0-\u08C9\uFB50-\uFDFF\uFE70-\uFEFC]/;
/** Bidi controls and other invisible format characters: they steer the algorithm, never drawn. */
export const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;
export const SPACE = /[ \u00A0\u202F]/;
export const MARK = /\p{M}/u;

export function normalise(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').normalize('NFC');
}

export function stripInvisible(text: string): string {
  return text.replace(new RegExp(INVISIBLE.source, 'g'), '');
}

export function isLowSurrogate(code: number) {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The index after the code point at i. */
export function nextBoundary(text: string, i: number) {
  return i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1)) ? i + 2 : i + 1;
}

export function neighbour(scripts: (Script | null)[], text: string, i: number, step: 1 | -1): Script | null {
  for (let j = i + step; j >= 0 && j < text.length; j += step) {
    if (SPACE.test(text[j]) || INVISIBLE.test(text[j])) continue;
    return scripts[j];
  }
  return null;
}
