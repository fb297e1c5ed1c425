/**
 * `npm run size:floor`: the smallest first visit the fixed stack allows. It builds, with the
 * project's own build settings, three pages made of the fixed libraries and nothing of ours, each
 * adding to the one before:
 *   1. React: one `hydrateRoot` of one element;
 *   2. + xstate: one actor, read with `@xstate/react`;
 *   3. + react-intl (provider, one message), a wouter route and one Panda `css()` call.
 * and prints each one's gzip JavaScript beside the budgets in package.json. What is left between the
 * third line and a budget is all the room the app (root machines, shell, API client, the screen) has.
 * Evidence for the size budgets, not a gate: it is not part of `npm run check`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const work = join(root, 'node_modules/.cache/size-floor');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

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
const hydrate = (app: string) => `
import { hydrateRoot } from 'react-dom/client';
${app}
hydrateRoot(document.getElementById('root')!, <App />);
`;

const pages: { name: string; code: string }[] = [
  { name: 'React and React DOM', code: hydrate('const App = () => <a href="/x">hi</a>;') },
  {
    name: '+ xstate and @xstate/react',
    code: hydrate(`${counter}
const App = () => <a href="/x">{useSelector(actor, (s) => s.context.n)}</a>;`),
  },
  {
    name: '+ react-intl, wouter and Panda css()',
    code: hydrate(`${counter}
import { FormattedMessage, IntlProvider } from 'react-intl';
import { Link, Route, Router } from 'wouter';
import { css } from 'STYLED_SYSTEM/css';
const App = () => (
  <IntlProvider locale="en" messages={{ hi: [{ type: 0, value: 'Hello' }] }}>
    <Router>
      <Link href="/x" className={css({ color: 'accent.fg', ms: '2' })}>
        {useSelector(actor, (s) => s.context.n)}
      </Link>
      <Route path="/x"><FormattedMessage id="hi" /></Route>
    </Router>
  </IntlProvider>
);`),
  },
];

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
rmSync(work, { recursive: true, force: true });
const rows: [string, number][] = [];
for (const [i, page] of pages.entries()) {
  const dir = join(work, String(i));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.tsx'), page.code.replace('STYLED_SYSTEM', join(root, 'styled-system')));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  const out = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    // as vite.config.ts builds the app: its target, and the message parser left out
    resolve: {
      alias: {
        '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    },
    build: { target: 'es2022', write: false, modulePreload: { polyfill: false } },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as { output: { type: string; code?: string }[] }[];
  const js = outputs.flatMap((o) => o.output).filter((f) => f.type === 'chunk');
  rows.push([page.name, js.reduce((n, c) => n + gzipSync(c.code ?? '', { level: 9 }).length, 0)]);
}
rmSync(work, { recursive: true, force: true });

for (const [name, bytes] of rows) console.log(`size floor: ${kib(bytes).padStart(5)} KiB gzip  ${name}`);
const floor = rows.at(-1)![1];
for (const [route, limit] of Object.entries(pkg.sizeBudget.firstVisitJsGzipKiB as Record<string, number>))
  console.log(
    `size floor: first visit to ${route}: ceiling ${limit} KiB; the fixed libraries leave ${kib(limit * 1024 - floor)} KiB of it to the app`,
  );
const issue = { '/': 100, '/login': 110 };
for (const [route, limit] of Object.entries(issue))
  console.log(
    `size floor: the issue's budget for ${route}, ${limit} KiB, would leave the app ${kib(limit * 1024 - floor)} KiB`,
  );
