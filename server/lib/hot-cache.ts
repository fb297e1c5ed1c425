/**
 * A micro-cache for the public reads every visitor makes (the avatar list, the catalogue, a course,
 * articles, experts): for `ttlMs` (1 s) after the app answered one, the same request is answered
 * straight from node:http with the same bytes and the same headers, without building a Request, a
 * Hono context or a Response. That per-request machinery, not the database, was most of a public
 * read's cost (server/README.md, "Where a request's time went").
 *
 * What is cached: a 200 answer to a GET without Authorization or If-None-Match, on a path the app
 * names (`HOT_PATHS`), keyed by the URL, the negotiated language and whether gzip is accepted, which
 * is everything those answers vary on (`Vary: Accept-Language, Accept-Encoding`). Every header the
 * app sent is replayed (security headers, CSP, Vary, ETag, Cache-Control) with a fresh X-Request-Id,
 * and every answer still writes its access-log line. Member data is never cached: those routes take
 * a bearer token, and a request carrying one always goes through the app. A second of staleness on
 * a public read (a new review's count) is the price; the catalogue already tells browsers 60 s.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { acceptedEncodings } from '../static.ts';
import type { Clock } from './clock.ts';
import { negotiateLocale } from './i18n.ts';
import type { Logger } from './log.ts';

/** The public, member-independent reads worth answering from memory. */
export const HOT_PATHS: readonly RegExp[] = [
  /^\/api\/p\/avatar\/all$/,
  /^\/api\/lms\/courses\/all$/,
  /^\/api\/p\/lms\/get-course-by-id\/[^/]+$/,
  /^\/api\/articles\/all$/,
  /^\/api\/articles\/(?!enroll-free-course$)[^/]+$/,
  /^\/api\/p\/experts$/,
  /^\/api\/p\/experts\/[^/]+$/,
];

interface Entry {
  status: number;
  /** Raw header list (name, value, name, value…) as node:http's writeHead takes it. */
  headers: string[];
  body: Buffer;
  loggedPath: string;
  expires: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export class HotCache {
  readonly #entries = new Map<string, Entry>();
  readonly #locales = new Map<string, string>();
  readonly #gzip = new Map<string, boolean>();

  constructor(
    readonly options: { clock: Clock; ttlMs?: number; maxEntries?: number; paths?: readonly RegExp[] },
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  #locale(header: string | undefined): string {
    const h = header ?? '';
    let l = this.#locales.get(h);
    if (l === undefined) {
      l = negotiateLocale(h);
      if (this.#locales.size < 256) this.#locales.set(h, l);
    }
    return l;
  }

  #acceptsGzip(header: string | undefined): boolean {
    const h = header ?? '';
    let g = this.#gzip.get(h);
    if (g === undefined) {
      g = acceptedEncodings(h).some((e) => e.name === 'gzip');
      if (this.#gzip.size < 256) this.#gzip.set(h, g);
    }
    return g;
  }

  key(url: string, acceptLanguage: string | undefined, acceptEncoding: string | undefined): string {
    return `${url}\n${this.#locale(acceptLanguage)}\n${this.#acceptsGzip(acceptEncoding) ? 'gzip' : 'identity'}`;
  }

  #cacheable(path: string): boolean {
    return (this.options.paths ?? HOT_PATHS).some((p) => p.test(path));
  }

  /**
   * Hono middleware, registered first so it sees the final answer (every header set): keeps a copy
   * of a cacheable 200. `loggedPath` is what the access log writes for it (the route's pattern).
   */
  capture(loggedPath: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
    return async (c, next) => {
      await next();
      const req = c.req;
      if (
        req.method !== 'GET' ||
        c.res.status !== 200 ||
        req.header('authorization') !== undefined ||
        req.header('if-none-match') !== undefined ||
        !this.#cacheable(req.path) ||
        !c.res.body
      )
        return;
      const url = req.url.slice(req.url.indexOf('/', req.url.indexOf('//') + 2));
      const key = this.key(url, req.header('accept-language'), req.header('accept-encoding'));
      const body = Buffer.from(await c.res.clone().arrayBuffer());
      const headers: string[] = [];
      c.res.headers.forEach((value, name) => {
        if (name !== 'x-request-id') headers.push(name, value);
      });
      if (!c.res.headers.has('content-length')) headers.push('content-length', String(body.length));
      this.#store(key, {
        status: 200,
        headers,
        body,
        loggedPath: loggedPath(c),
        expires: this.options.clock.now().getTime() + (this.options.ttlMs ?? 1000),
      });
    };
  }

  #store(key: string, entry: Entry) {
    const max = this.options.maxEntries ?? 2000;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > max) {
      // drop the oldest tenth (Map order is insertion order)
      let n = Math.ceil(max / 10);
      for (const k of this.#entries.keys()) {
        this.#entries.delete(k);
        if (--n === 0) break;
      }
    }
  }

  /** Answers `req` from memory if it can; false when the app must answer it. */
  serve(req: IncomingMessage, res: ServerResponse, log: Logger): boolean {
    if (
      req.method !== 'GET' ||
      req.headers.authorization !== undefined ||
      req.headers['if-none-match'] !== undefined
    )
      return false;
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) return false;
    const key = this.key(
      url,
      req.headers['accept-language'],
      req.headers['accept-encoding'] as string | undefined,
    );
    const entry = this.#entries.get(key);
    if (!entry) return false;
    if (entry.expires <= this.options.clock.now().getTime()) {
      this.#entries.delete(key);
      return false;
    }
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.writeHead(entry.status, [...entry.headers, 'x-request-id', id]);
    res.end(entry.body);
    log.request({
      id,
      method: 'GET',
      path: entry.loggedPath,
      status: entry.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return true;
  }

  /** A node:http request listener: from memory when it can, else `next` (the app). */
  listener(
    log: Logger,
    next: (req: IncomingMessage, res: ServerResponse) => unknown,
  ): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      if (!this.serve(req, res, log)) next(req, res);
    };
  }
}
