/**
 * GET /sitemap.xml and GET /robots.txt (issue 9, being findable). Both are public, cached for an
 * hour, and built by server/site-meta.ts: every public page in English and Arabic with hreflang
 * alternates (courses read from the database), and the rules that keep members' pages out.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../lib/http.ts';
import type { SiteMeta } from '../site-meta.ts';

const CACHE = 'public, max-age=3600';

export function siteRoutes(meta: SiteMeta) {
  const app = new Hono<AppEnv>();
  app.get('/sitemap.xml', async (c) =>
    c.body(await meta.sitemap(), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': CACHE,
    }),
  );
  app.get('/robots.txt', (c) =>
    c.body(meta.robots(), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE }),
  );
  return app;
}
