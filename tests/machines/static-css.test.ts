import { readFileSync } from 'node:fs';
import { parseAst, transformWithOxc } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRuntime, staticCalls } from '../../.ci/vite-static-css.ts';

const root = new URL('../..', import.meta.url).pathname;
let runtime: Awaited<ReturnType<typeof loadRuntime>>;
beforeAll(async () => {
  runtime = await loadRuntime(root);
});

/** What the build does to a module: each static styled-system call becomes its class string. */
function transform(code: string): string {
  let out = code;
  for (const c of staticCalls(parseAst(code) as never, runtime).sort((a, b) => b.start - a.start))
    out = out.slice(0, c.start) + c.text + out.slice(c.end);
  return out;
}

const IMPORTS = `import { css, cx } from '../../styled-system/css';
import { stack } from '../../styled-system/patterns';
import { button } from '../../styled-system/recipes';
`;

describe('the build computes Panda class names it can know (issue 23)', () => {
  it('gives exactly the classes the browser would compute', () => {
    const styles = {
      display: { base: 'none', sm: 'inline-flex' },
      '&[aria-current=page]': { bg: 'accent.muted' },
      px: ['2', '3'],
      mt: -1,
      _focusVisible: { outline: '2px solid', outlineOffset: '2px' },
    };
    const code = `${IMPORTS}
const a = css(${JSON.stringify(styles)});
const b = css({ flex: 1 }, { color: \`fg.muted\` });
const c = stack({ gap: '6' });
const d = button({ variant: 'ghost', size: 'sm' });`;
    const out = transform(code);
    const css = runtime.css.css as (...s: unknown[]) => string;
    expect(out).toContain(`const a = ${JSON.stringify(css(styles))};`);
    expect(out).toContain(`const b = ${JSON.stringify(css({ flex: 1 }, { color: 'fg.muted' }))};`);
    expect(out).toContain(
      `const c = ${JSON.stringify((runtime.patterns.stack as (s: unknown) => string)({ gap: '6' }))};`,
    );
    expect(out).toContain(
      `const d = ${JSON.stringify((runtime.recipes.button as (s: unknown) => string)({ variant: 'ghost', size: 'sm' }))};`,
    );
    expect(out).not.toMatch(/\b(css|stack|button)\(/);
    // a real class list, not an empty string
    expect(css(styles).split(' ').length).toBeGreaterThan(4);
  });

  it('leaves a call that depends on the browser (a variable, a spread, a function) as it is', () => {
    const code = `${IMPORTS}
const v = 'red';
const a = css({ color: v });
const b = css({ ...base });
const c = css({ color: 'red', [key]: 1 });
const d = cx(css({ p: '2' }), props.className);
const e = button(props);`;
    const out = transform(code);
    expect(out).toContain('css({ color: v })');
    expect(out).toContain('css({ ...base })');
    expect(out).toContain("css({ color: 'red', [key]: 1 })");
    expect(out).toContain('button(props)');
    // the static call inside a dynamic one is computed; the outer call stays
    expect(out).toContain(
      `cx(${JSON.stringify((runtime.css.css as (s: unknown) => string)({ p: '2' }))}, props.className)`,
    );
  });

  it('leaves a module alone when a name of its own could hide the import, or the name is not imported', () => {
    const shadowed = `${IMPORTS}
function f(css) { return css({ p: '2' }); }
const a = css({ p: '2' });`;
    expect(transform(shadowed)).toBe(shadowed);
    const notImported = "import { css } from 'somewhere-else';\nconst a = css({ p: '2' });";
    expect(transform(notImported)).toBe(notImported);
  });

  it('computes every static call of a real view, as the build sees it (TypeScript and JSX compiled)', async () => {
    const file = new URL('../../src/app/layouts/SiteLayout.tsx', import.meta.url);
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file.pathname, {
      lang: 'tsx',
      jsx: { runtime: 'automatic' },
    });
    const before = code.match(/\bcss\(/g)?.length ?? 0;
    expect(before).toBeGreaterThan(5);
    const out = transform(code);
    expect(out.match(/\bcss\(/g)?.length ?? 0).toBe(0);
    expect(out).toContain(JSON.stringify((runtime.css.css as (s: unknown) => string)({ flex: 1 })));
  });
});
