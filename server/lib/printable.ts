/**
 * Stored text made safe for the team's terminal (`npm run forms:list`, `bookings:list`). What a
 * member typed must not act on the terminal: an escape sequence could clear the screen, set the
 * title, write the clipboard (OSC 52) or move the cursor; a carriage return or a newline could
 * forge an entry of its own; a bidi override or isolate could make text read as something else.
 * Every such character is written as a visible escape instead, and the rest (Arabic, emoji,
 * punctuation) is left as it is, so the text still reads.
 */

/**
 * C0 controls (tab, newline, carriage return and ESC among them), DEL, C1 controls (CSI U+009B,
 * OSC U+009D), the line and paragraph separators, and the bidi embeddings, overrides and isolates.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const TERMINAL_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(ch: string): string {
  const code = ch.charCodeAt(0);
  return (
    NAMED[ch] ??
    (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/** The text on one line, every control, separator and bidi control shown as an escape (`\n`, `\x1b`, `\u202e`). */
export function printable(text: unknown): string {
  return String(text ?? '').replace(TERMINAL_UNSAFE, escaped);
}
