/**
 * The pages of the fixed libraries alone, each adding to the one before (`npm run size:floor` builds
 * all three and weighs them; `npm run perf` serves the last one beside the app's pages as its
 * reference, server/bench/perf-reference.ts):
 *   1. React: one `hydrateRoot` of one element;
 *   2. + xstate: one actor, read with `@xstate/react`;
 *   3. + react-intl (provider, one message), a wouter route and one Panda `css()` call.
 * Each page is two modules: `app.tsx` (its `App`, which a server can render) and `main.tsx` (which
 * hydrates it). `STYLED_SYSTEM` in the code stands for the path of the generated styled-system.
 */

/** The one machine of pages 2 and 3: a counter, started before the first render as the root's are. */
const counter = `
import { assign, createActor, setup } from 'xstate';
import { useSelector } from '@xstate/react';
const counter = setup({}).createMachine({
  context: { n: 0 },
  on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
});
const actor = createActor(counter).start();
`;

export const FLOOR_MAIN = `
import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
hydrateRoot(document.getElementById('root')!, <App />);
`;

export const FLOOR_PAGES: { name: string; app: string }[] = [
  { name: 'React and React DOM', app: 'export const App = () => <a href="/x">hi</a>;' },
  {
    name: '+ xstate and @xstate/react',
    app: `${counter}
export const App = () => <a href="/x">{useSelector(actor, (s) => s.context.n)}</a>;`,
  },
  {
    name: '+ react-intl, wouter and Panda css()',
    app: `${counter}
import { FormattedMessage, IntlProvider } from 'react-intl';
import { Link, Route, Router } from 'wouter';
import { css } from 'STYLED_SYSTEM/css';
export const App = () => (
  <IntlProvider locale="en" messages={{ hi: [{ type: 0, value: 'Hello' }] }}>
    <Router>
      <Link href="/x" className={css({ color: 'accent.fg', ms: '2' })}>
        {useSelector(actor, (s) => s.context.n)}
      </Link>
      <Route path="/x"><FormattedMessage id="hi" /></Route>
    </Router>
  </IntlProvider>
);`,
  },
];

/** Writes a page's two modules and its index.html into `dir` (`root` is the repository's). */
export function floorPageFiles(page: { app: string }, root: string): Record<string, string> {
  return {
    'app.tsx': page.app.replace('STYLED_SYSTEM', `${root.replace(/\/$/, '')}/styled-system`),
    'main.tsx': FLOOR_MAIN,
    'index.html':
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  };
}

/** The build settings the app's vite.config.ts uses that bear on these pages' size. */
export const FLOOR_BUILD = {
  // as vite.config.ts builds the app: its target, and the message parser left out
  resolve: {
    alias: {
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  build: { target: 'es2022', modulePreload: { polyfill: false } },
} as const;
