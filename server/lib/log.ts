/**
 * Logging: one JSON line per request to stdout; errors to stderr. Nothing here ever receives a
 * request body, and anything that looks like a secret is redacted before it is written.
 */
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

/**
 * A loggable description of an error. Database drivers put the SQL parameters (hashes, token
 * digests) into their messages, so for those only the SQLSTATE and the driver's own text survive.
 */
export function describeError(err: unknown): Record<string, unknown> {
  const e = err as { name?: string; message?: string; code?: string; stack?: string; cause?: unknown };
  if (e && typeof e === 'object' && e.name === 'DrizzleQueryError' && e.cause) {
    const cause = e.cause as { code?: string; message?: string; name?: string };
    return { name: cause.name ?? 'DatabaseError', code: cause.code, message: cause.message };
  }
  if (err instanceof Error) {
    return {
      name: err.name,
      code: e.code,
      message: err.message,
      stack: err.stack?.split('\n').slice(0, 8).join('\n'),
    };
  }
  return { message: String(err) };
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
