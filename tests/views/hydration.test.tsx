import { type ReactNode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import en from '../../lang/en.json';
import { Apart } from '../../src/app/Apart';
import { SiteFooter } from '../../src/app/layouts/SiteFooter';

/**
 * Taking over a server-rendered page (issue 23): the parts below the first screen hydrate apart
 * (src/app/Apart.tsx), and a tap on one of them before it is hydrated is not lost: React hydrates
 * that part at once and hands it the tap. The page here is the site's own footer under a first
 * screen, as SiteLayout puts it.
 */
const page = (router: { ssrPath?: string }) => (children: ReactNode) => (
  <IntlProvider locale="en" messages={en} onError={() => {}}>
    <Router {...router}>{children}</Router>
  </IntlProvider>
);

const tree = (wrap: (c: ReactNode) => ReactNode) =>
  wrap(
    <>
      <main>
        <h1>First screen</h1>
      </main>
      <Apart>
        <SiteFooter />
      </Apart>
    </>,
  );

const hydrated = (node: Element) => Object.keys(node).some((k) => k.startsWith('__reactFiber'));

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('hydration in parts', () => {
  it('the server marks the footer as a part of its own', () => {
    const html = renderToString(tree(page({ ssrPath: '/' })));
    // a Suspense boundary's markers around the footer, none around the first screen
    expect(html).toMatch(/<\/main><!--\$--><footer[\s\S]*<\/footer><!--\/\$-->$/);
  });

  it('a tap on a link of the footer before it is hydrated is acted on (client navigation)', () => {
    history.replaceState(null, '', '/');
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree(page({ ssrPath: '/' })));
    document.body.append(container);
    const link = container.querySelector('footer a[href="/about"]') as HTMLAnchorElement;
    expect(link).not.toBeNull();

    // hydration as the app starts it: a transition, which has not run yet when the tap comes
    startTransition(() => {
      root = hydrateRoot(container, tree(page({})));
    });
    expect(hydrated(link)).toBe(false);
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(tap);

    // React hydrated the footer to answer it, and wouter's link navigated in the page
    expect(hydrated(link)).toBe(true);
    expect(tap.defaultPrevented).toBe(true);
    expect(location.pathname).toBe('/about');
  });
});
