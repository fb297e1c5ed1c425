/**
 * Logging: one JSON line per request to stdout; errors to stderr. Nothing here ever receives a
 * request body, and anything that looks like a secret is redacted before it is written.
 */
import { DrizzleQueryError } from 'drizzle-orm';

export type LogLevel = 'info' | 'error' | 'silent';

export interface RequestLine {
  id: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface Logger {
  /** The access log: only these five fields, so nothing else can slip in. */
  request(line: RequestLine): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

// card|cvc|cvv: defence in depth; no code path hands a card to the logger (see sandbox-pay.ts)
const SECRET_KEY =
  /pin|answer|token|authorization|cookie|password|secret|pepper|hash|params|body|card|cvc|cvv/i;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Deep-copies `value`, replacing fields whose names look secret by "[redacted]". */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '[…]';
  if (typeof value === 'string') return value.replace(BEARER, '$1[redacted]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
    );
  }
  return value;
}

/** The frames of an error's stack, without the message it begins with (which may span lines). */
function framesOf(err: { message?: unknown; stack?: unknown }): string | undefined {
  if (typeof err.stack !== 'string' || typeof err.message !== 'string') return undefined;
  const end = err.stack.indexOf(err.message);
  if (end < 0) return undefined;
  return err.stack
    .slice(end + err.message.length)
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 8)
    .join('\n');
}

/**
 * A database message without the values it may quote (`invalid input syntax for type uuid: "…"`):
 * everything from the first double quote to the last goes; the names it quotes are logged apart
 * (table, column, constraint).
 */
const withoutQuotedValues = (message: unknown) =>
  typeof message === 'string' ? message.replace(/".*"/s, '"…"').slice(0, 300) : undefined;

/**
 * Drizzle's query error: its message is `Failed query: <sql>\nparams: <every value>` and its `name`
 * stays "Error", so it is recognised by its class or, for another copy of drizzle, its shape.
 */
function isQueryError(
  err: unknown,
): err is { query: string; message: string; cause?: unknown; stack?: string } {
  if (err instanceof DrizzleQueryError) return true;
  const e = err as { query?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.query === 'string' && 'params' in e;
}

/**
 * A loggable description of an error. A failed query's parameters are what people typed (a
 * concern's text, an e-mail, an alias) or secrets (hashes, token digests), so for a database error
 * only the SQL state, the names the server gives (constraint, table, column), the query text with
 * its placeholders and the stack's frames survive. Any other error whose message carries
 * "params:" is logged without its message either.
 */
export function describeError(err: unknown): Record<string, unknown> {
  if (isQueryError(err)) {
    const cause = (err.cause ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof cause[k] === 'string' ? (cause[k] as string) : undefined);
    return {
      name: 'DatabaseError',
      code: text('code'),
      constraint: text('constraint'),
      table: text('table'),
      column: text('column'),
      message: withoutQuotedValues(cause.message),
      query: err.query.slice(0, 2000),
      stack: framesOf(err),
    };
  }
  const e = err as { code?: unknown; message?: unknown };
  if (err instanceof Error) {
    const raw = /params:/i.test(err.message);
    return {
      name: err.name,
      code: e.code,
      message: raw ? '[withheld: it quotes query parameters]' : err.message,
      stack: raw ? framesOf(err) : err.stack?.split('\n').slice(0, 8).join('\n'),
    };
  }
  const message = String(err);
  return { message: /params:/i.test(message) ? '[withheld: it quotes query parameters]' : message };
}

export interface LoggerOptions {
  level?: LogLevel;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/**
 * Lines for a stream, written together once per turn of the event loop instead of one blocking
 * write per request (stdout to a file or a terminal is synchronous in Node); what is left is written
 * when the process exits.
 */
export function batchedWriter(stream: { write(chunk: string): unknown }): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    stream.write(chunk);
  };
  process.on('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

/** The one batched stdout of the process, made when a logger first needs it. */
let stdout: ((line: string) => void) | undefined;
const batchedStdout = (line: string) => {
  stdout ??= batchedWriter(process.stdout);
  stdout(line);
};

export function createLogger({
  level = 'info',
  out = batchedStdout,
  err = (l) => process.stderr.write(`${l}\n`),
}: LoggerOptions = {}): Logger {
  const line = (lvl: string, msg: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...(redact(fields ?? {}) as object) });
  return {
    request({ id, method, path, status, ms }) {
      if (level !== 'info') return;
      out(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'info',
          msg: 'request',
          id,
          method,
          path,
          status,
          ms,
        }),
      );
    },
    info(msg, fields) {
      if (level === 'info') out(line('info', msg, fields));
    },
    error(msg, fields) {
      if (level !== 'silent') err(line('error', msg, fields));
    },
  };
}
