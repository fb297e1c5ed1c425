/**
 * The lesson Markdown subset → the contract's `Block[]`. Accepted: `##`/`###` headings, paragraphs,
 * `-` and `1.` lists (one level), `**bold**`, `*italic*`, `>` notes, and links to a page of this
 * site, `[text](/path)` (one line, plain text, the path as `isSitePath` accepts it:
 * contract/content-rules.ts). Everything else (other links, images, HTML, tables, code, other
 * headings, rules, bare URLs, entities) is refused with the line number, so what an educator writes
 * is exactly what a member sees.
 */
import { isSitePath } from '../../contract/content-rules.ts';
import type { Block, Inline } from '../../contract/learning.ts';

export class MarkdownError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'MarkdownError';
  }
}

/** What a refused link is told. */
const LINKS_ONLY_HERE = 'links are not allowed, except to a page of this site, written [text](/path)';

/** `[text](target)`: a link as the subset writes it (text without brackets, a target without spaces). */
const LINK = /\[([^[\]]+)\]\(([^()\s]*)\)/y;
const LINKS = new RegExp(LINK.source, 'g');

/**
 * The line with each link replaced by its text, after checking its target: only a path of this
 * site (`/safeguarding`, `/articles/<id>`), never `https://…`, `//host`, `javascript:` or `../`.
 */
function withoutLinks(line: string, n: number): string {
  return line.replace(LINKS, (_all, text: string, href: string, at: number) => {
    if (line[at - 1] === '!') throw new MarkdownError(n, 'images are not allowed');
    if (!isSitePath(href))
      throw new MarkdownError(
        n,
        `${LINKS_ONLY_HERE} (a path starting with one "/", such as /safeguarding; not "${href}")`,
      );
    if (/[*_]/.test(text.replace(/\\[*_]/g, '')))
      throw new MarkdownError(n, "a link's text is plain (no bold or italic inside it)");
    return text;
  });
}

/** Constructs found anywhere in a line (its site links aside) that the subset does not allow. */
const FORBIDDEN: [RegExp, string][] = [
  [/!\[/, 'images are not allowed'],
  [/\]\(|\]\[|^\s*\[[^\]]+\]:/, LINKS_ONLY_HERE],
  [/<\/?[a-zA-Z!?][^>]*>?/, 'HTML is not allowed'],
  [/<https?:/i, 'links are not allowed'],
  [/\bhttps?:\/\/|\bwww\./i, 'web addresses are not allowed (no links)'],
  [/`/, 'code (backticks) is not allowed'],
  [/&(#\d+|#x[0-9a-f]+|[a-z]+);/i, 'HTML entities are not allowed'],
  [/~~/, 'strike-through is not allowed'],
  [/__/, 'use **bold** (not __)'],
];

/** A quick first look: only lines with one of these characters are checked against FORBIDDEN. */
const SUSPECT = /[![\]<`&~_]|https?:|www\./i;

/**
 * The next `*`, backslash, `[` or `_` that opens emphasis (`_` only at the start of a word, so
 * snake_case stays text; formatters such as Biome rewrite `*italic*` as `_italic_`).
 */
function nextSpecial(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const ch = s[i];
    if (ch === '*' || ch === '\\' || ch === '[') return i;
    if (ch === '_' && (i === 0 || !/[\p{L}\p{N}]/u.test(s[i - 1])) && /\S/.test(s[i + 1] ?? ' ')) return i;
  }
  return -1;
}

/** Where `marker` closes (an `_` closes only at the end of a word). */
function closing(s: string, marker: string, from: number): number {
  let i = s.indexOf(marker, from);
  if (marker !== '_') return i;
  while (i >= 0 && /[\p{L}\p{N}]/u.test(s[i + 1] ?? ' ')) i = s.indexOf('_', i + 1);
  return i;
}

/** Parses `**bold**`, `*italic*` / `_italic_` (not nested) and site links into inline runs. */
export function parseInline(source: string, line: number): Inline[] {
  const out: Inline[] = [];
  let text = '';
  let i = 0;
  const flush = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  while (i < source.length) {
    const next = nextSpecial(source, i);
    if (next < 0) {
      text += source.slice(i);
      break;
    }
    text += source.slice(i, next);
    i = next;
    if (source[i] === '\\') {
      // a backslash escapes ASCII punctuation (formatters write \* or \_ for a literal one)
      if (/[!-/:-@[-`{-~]/.test(source[i + 1] ?? '')) {
        text += source[i + 1];
        i += 2;
      } else {
        text += '\\';
        i += 1;
      }
      continue;
    }
    if (source[i] === '[') {
      LINK.lastIndex = i;
      const link = LINK.exec(source);
      if (!link) {
        text += '[';
        i += 1;
        continue;
      }
      // the lines were checked (withoutLinks); checked again here, where the run is made
      if (!isSitePath(link[2])) throw new MarkdownError(line, LINKS_ONLY_HERE);
      flush();
      out.push({ t: 'link', v: link[1].replace(/\\([!-/:-@[-`{-~])/g, '$1'), href: link[2] });
      i += link[0].length;
      continue;
    }
    const strong = source.startsWith('**', i);
    const marker = strong ? '**' : source[i] === '_' ? '_' : '*';
    const start = i + marker.length;
    const end = closing(source, marker, start);
    if (end < 0) throw new MarkdownError(line, `"${marker}" is opened but not closed`);
    const inner = source.slice(start, end);
    if (!inner.trim()) throw new MarkdownError(line, `empty "${marker}${marker}"`);
    if (/[*_]/.test(inner.replace(/\\[*_]/g, '')))
      throw new MarkdownError(line, 'bold and italic cannot be nested or mixed ("*" inside "**")');
    if (new RegExp(LINK.source).test(inner))
      throw new MarkdownError(line, 'a link cannot be inside bold or italic');
    if (/^\s|\s$/.test(inner))
      throw new MarkdownError(line, `no space just inside "${marker}" (write ${marker}word${marker})`);
    flush();
    out.push({ t: strong ? 'strong' : 'em', v: inner });
    i = end + marker.length;
  }
  flush();
  return out;
}

type Open =
  | { kind: 'p' | 'note'; lines: string[]; line: number }
  | { kind: 'ul' | 'ol'; items: { text: string; line: number }[] }
  | null;

/** Lesson body (front matter already removed) → blocks. `firstLine` numbers the lines in errors. */
export function markdownToBlocks(source: string, firstLine = 1): Block[] {
  const blocks: Block[] = [];
  let open: Open = null;
  const close = () => {
    const o = open as Open;
    if (!o) return;
    if ('items' in o) blocks.push({ t: o.kind, items: o.items.map((it) => parseInline(it.text, it.line)) });
    else blocks.push({ t: o.kind, c: parseInline(o.lines.join(' '), o.line) });
    open = null;
  };
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const n = firstLine + index;
    if (/\t/.test(raw)) throw new MarkdownError(n, 'tabs are not allowed (use spaces)');
    const line = raw.trimEnd();
    if (!line.trim()) {
      close();
      return;
    }
    if (SUSPECT.test(line)) {
      const rest = withoutLinks(line, n);
      for (const [re, why] of FORBIDDEN) if (re.test(rest)) throw new MarkdownError(n, why);
    }
    if (/^\s*\|/.test(line) || /\|\s*$/.test(line)) throw new MarkdownError(n, 'tables are not allowed');
    const indent = line.length - line.trimStart().length;
    const body = line.trim();

    const heading = /^(#+)(\s+|$)(.*)$/.exec(body);
    if (heading && indent === 0) {
      const level = heading[1].length;
      if (level !== 2 && level !== 3)
        throw new MarkdownError(n, `only ## and ### headings are allowed (found ${'#'.repeat(level)})`);
      if (!heading[3].trim()) throw new MarkdownError(n, 'empty heading');
      close();
      blocks.push({ t: level === 2 ? 'h2' : 'h3', c: parseInline(heading[3].trim(), n) });
      return;
    }
    if (/^(-{3,}|\*{3,}|_{3,}|={3,})$/.test(body.replace(/\s/g, '')))
      throw new MarkdownError(n, 'horizontal rules and underlined headings are not allowed');
    if (/^[*+]\s/.test(body)) throw new MarkdownError(n, 'start list items with "- " (not "*" or "+")');
    if (/^\d+[)]\s/.test(body)) throw new MarkdownError(n, 'number list items as "1." (not "1)")');

    const bullet = /^-\s+(.*)$/.exec(body);
    const numbered = /^\d{1,3}\.\s+(.*)$/.exec(body);
    if ((bullet || numbered) && indent <= 1) {
      const kind = bullet ? 'ul' : 'ol';
      const text = (bullet ?? numbered)![1];
      if (open?.kind !== kind) {
        close();
        open = { kind, items: [] };
      }
      (open as { items: { text: string; line: number }[] }).items.push({ text, line: n });
      return;
    }
    if (bullet || numbered) throw new MarkdownError(n, 'nested lists are not allowed');

    const quote = /^>\s?(.*)$/.exec(body);
    if (quote && indent === 0) {
      if (open?.kind !== 'note') {
        close();
        open = { kind: 'note', lines: [], line: n };
      }
      if (quote[1].trim()) open.lines.push(quote[1].trim());
      return;
    }
    if (body.startsWith('>'))
      throw new MarkdownError(n, 'a note (">") must start at the beginning of the line');

    // text: continues the open paragraph, note or list item; otherwise starts a paragraph
    if (open?.kind === 'ul' || open?.kind === 'ol') {
      if (indent === 0) throw new MarkdownError(n, 'leave a blank line between a list and a paragraph');
      const last = open.items.at(-1)!;
      last.text += ` ${body}`;
      return;
    }
    if (indent >= 4 && !open) throw new MarkdownError(n, 'indented code blocks are not allowed');
    if (open?.kind === 'note') {
      throw new MarkdownError(n, 'every line of a note starts with ">" (or leave a blank line after it)');
    }
    const para = (open ?? { kind: 'p', lines: [], line: n }) as { kind: 'p'; lines: string[]; line: number };
    open = para;
    para.lines.push(body);
  });
  close();
  for (const b of blocks) {
    const runs = 'c' in b ? [b.c] : b.items;
    if (runs.some((r) => r.length === 0)) throw new MarkdownError(firstLine, 'an empty block');
  }
  return blocks;
}

/** Splits `---\nkey: value\n---\nbody`; values: strings, or whole numbers. */
export function splitFrontMatter(source: string): {
  data: Record<string, string | number>;
  body: string;
  bodyLine: number;
} {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0] !== '---') throw new MarkdownError(1, 'the file must start with front matter ("---")');
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new MarkdownError(1, 'the front matter is not closed with "---"');
  const data: Record<string, string | number> = {};
  for (let i = 1; i < end; i++) {
    const l = lines[i];
    if (!l.trim()) continue;
    const m = /^([a-z_]+):\s*(.*)$/.exec(l);
    if (!m) throw new MarkdownError(i + 1, 'front matter lines are "key: value"');
    if (m[1] in data) throw new MarkdownError(i + 1, `"${m[1]}" appears twice`);
    let v: string | number = m[2].trim();
    const quoted = /^"(.*)"$/.exec(v) ?? /^'(.*)'$/.exec(v);
    if (quoted) v = quoted[1];
    else if (/^-?\d+$/.test(v)) v = Number(v);
    data[m[1]] = v;
  }
  return { data, body: lines.slice(end + 1).join('\n'), bodyLine: end + 2 };
}
