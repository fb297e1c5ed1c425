import { readFileSync } from 'node:fs';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { cut, descriptionRanges } from '../../.ci/vite-strip-descriptions.ts';

/** What the client build does to a machine file: every plain `description` goes, nothing else. */
const strip = (code: string) => cut(code, descriptionRanges(parseAst(code) as never, code));

describe('the client build drops the statecharts’ descriptions', () => {
  it('removes a description wherever it stands in a state, and keeps the rest of the state', () => {
    const code = `const m = {
  a: { description: 'first', on: { go: 'b' } },
  b: { tags: ['x'], description: \`last\` },
  c: { description: 'only' },
  d: { on: { go: 'a' }, description: 'mid' + 'dle', tags: ['y'] },
};`;
    const out = strip(code);
    expect(out).not.toContain('description');
    const m = new Function(`${out}; return m;`)();
    expect(m).toEqual({
      a: { on: { go: 'b' } },
      b: { tags: ['x'] },
      c: {},
      d: { on: { go: 'a' }, tags: ['y'] },
    });
  });

  it('keeps a description that is computed, or not a property', () => {
    const code =
      "const text = 'x'; const m = { a: { description: text }, b: { [k]: 'y' }, description: text + `` };";
    expect(strip(code)).toBe(code);
  });

  it('leaves no description in a real machine file, as the build sees it (TypeScript stripped)', async () => {
    const file = new URL('../../machines/safety.ts', import.meta.url);
    const source = readFileSync(file, 'utf8');
    const { code } = await transformWithOxc(source, file.pathname, { lang: 'ts' });
    const described = code.match(/\bdescription: /g)?.length ?? 0;
    expect(described).toBeGreaterThan(3);
    const out = strip(code);
    expect(out).not.toMatch(/\bdescription: /);
    expect(parseAst(out)).toBeTruthy();
  });
});
