/**
 * The real renderer (src/entry-server.tsx) on a slow API: the page's HTML shows the start-up splash
 * as it first is, however long the render took. The page's own CSS fades it out (index.html); a
 * splash written half gone (`fadingOut`) would be invisible yet still cover the page for tools that
 * read it, and would differ from what the browser's machine starts with.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../src/entry-server';

/** An API that is busy for every request, and says so after longer than the splash's first second. */
const slowApi = (async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_300));
  return new Response(JSON.stringify({ error: { code: 'server.busy' } }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });
}) as typeof fetch;

describe('the server’s render of a page', () => {
  it('writes the splash as the page first shows it, even when the render outlasts the fade', async () => {
    const started = Date.now();
    const { html } = await render({ url: '/articles', locale: 'en', fetch: slowApi, timeoutMs: 5_000 });
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(html).toMatch(/class="app-splash" data-state="visible"/);
    expect(html).not.toContain('data-state="fadingOut"');
  }, 15_000);
});
