/**
 * Panda's `css()`, its patterns (`stack()`, …) and its config recipes (`button()`, …) compute class
 * names in the browser, at every call: hundreds of calls when the entry's modules are evaluated and
 * again at every render (issue 23: start-up work). A call whose arguments are all known at build
 * time (plain objects, strings, numbers, booleans, arrays of those) always gives the same classes,
 * so the build makes it the class string itself, computed by the very functions the browser would
 * have run (the generated styled-system, run here in Node). Anything else (a value from a variable,
 * a spread, a function) is left to run in the browser as before. The stylesheet does not change:
 * Panda extracts the styles from the source files, which this does not touch. Build only, for the
 * browser and the server's render alike (the same classes on both sides of hydration).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** What a styled-system import path names: the css function, the patterns or the recipes. */
const MODULE = /(?:^|[\\/])styled-system[\\/](css|patterns|recipes)(?:[\\/]index(?:\.mjs)?)?$/;

type Runtime = Record<'css' | 'patterns' | 'recipes', Record<string, unknown>>;

const NOT_STATIC = Symbol('not static');

/** The value of an expression known at build time, or NOT_STATIC. */
export function staticValue(n: Node): unknown {
  switch (n.type) {
    case 'Literal': {
      const v = n.value;
      return v === null || ['string', 'number', 'boolean'].includes(typeof v) ? v : NOT_STATIC;
    }
    case 'TemplateLiteral': {
      if ((n.expressions as Node[]).length) return NOT_STATIC;
      return (n.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join('');
    }
    case 'UnaryExpression': {
      const arg = staticValue(n.argument as Node);
      return n.operator === '-' && typeof arg === 'number' ? -arg : NOT_STATIC;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const el of n.elements as (Node | null)[]) {
        if (!el || el.type === 'SpreadElement') return NOT_STATIC;
        const v = staticValue(el);
        if (v === NOT_STATIC) return NOT_STATIC;
        out.push(v);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties as Node[]) {
        if (p.type !== 'Property' || p.kind !== 'init' || p.method || p.shorthand) return NOT_STATIC;
        const key = p.key as Node;
        let name: unknown;
        if (!p.computed && key.type === 'Identifier') name = key.name;
        else if (key.type === 'Literal' && ['string', 'number'].includes(typeof key.value))
          name = String(key.value);
        else return NOT_STATIC;
        const v = staticValue(p.value as Node);
        if (v === NOT_STATIC) return NOT_STATIC;
        out[name as string] = v;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

/** The local names bound to styled-system functions by the module's imports: local → [module, name]. */
function styledImports(program: Node): Map<string, [keyof Runtime, string]> {
  const out = new Map<string, [keyof Runtime, string]>();
  for (const s of program.body as Node[]) {
    if (s.type !== 'ImportDeclaration' || s.importKind === 'type') continue;
    const m = MODULE.exec((s.source as Node).value as string);
    if (!m) continue;
    for (const spec of s.specifiers as Node[]) {
      if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
      const imported = spec.imported as Node;
      out.set((spec.local as Node).name as string, [
        m[1] as keyof Runtime,
        (imported.name ?? imported.value) as string,
      ]);
    }
  }
  return out;
}

/** Names declared anywhere in the module (a binding that could hide an import's name). */
function declaredNames(program: Node): Set<string> {
  const names = new Set<string>();
  const addPattern = (p: Node | null) => {
    if (!p) return;
    if (p.type === 'Identifier') names.add(p.name as string);
    else if (p.type === 'ObjectPattern')
      for (const q of p.properties as Node[])
        addPattern((q.type === 'RestElement' ? q.argument : q.value) as Node);
    else if (p.type === 'ArrayPattern') for (const q of p.elements as (Node | null)[]) addPattern(q);
    else if (p.type === 'RestElement') addPattern(p.argument as Node);
    else if (p.type === 'AssignmentPattern') addPattern(p.left as Node);
  };
  const visit = (n: Node) => {
    if (n.type === 'VariableDeclarator') addPattern(n.id as Node);
    if ((n.type === 'FunctionDeclaration' || n.type === 'ClassDeclaration') && n.id) addPattern(n.id as Node);
    if (n.type.includes('Function')) for (const p of n.params as Node[]) addPattern(p);
    if (n.type === 'CatchClause') addPattern(n.param as Node | null);
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return names;
}

/**
 * The replacements for one module: each styled-system call whose arguments are all static, by
 * its range, with the class string the call returns.
 */
export function staticCalls(program: Node, runtime: Runtime): { start: number; end: number; text: string }[] {
  const imports = styledImports(program);
  if (imports.size === 0) return [];
  const hidden = declaredNames(program);
  const found: { start: number; end: number; text: string }[] = [];
  const visit = (n: Node) => {
    if (n.type === 'CallExpression' && !n.optional) {
      const callee = n.callee as Node;
      const target = callee.type === 'Identifier' ? imports.get(callee.name as string) : undefined;
      if (target && !hidden.has(callee.name as string)) {
        const fn = runtime[target[0]][target[1]];
        const args = (n.arguments as Node[]).map((a) =>
          a.type === 'SpreadElement' ? NOT_STATIC : staticValue(a),
        );
        if (typeof fn === 'function' && !args.includes(NOT_STATIC)) {
          const value = (fn as (...a: unknown[]) => unknown)(...args);
          if (typeof value === 'string') {
            found.push({ start: n.start, end: n.end, text: JSON.stringify(value) });
            return; // nothing inside a static call is a call
          }
        }
      }
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return found;
}

/** The generated styled-system's functions, loaded in Node. */
export async function loadRuntime(root: string): Promise<Runtime> {
  const load = (name: string) =>
    import(pathToFileURL(join(root, 'styled-system', name, 'index.mjs')).href) as Promise<
      Record<string, unknown>
    >;
  const [css, patterns, recipes] = await Promise.all([load('css'), load('patterns'), load('recipes')]);
  return { css, patterns, recipes };
}

export function staticCss(): Plugin {
  let runtime: Promise<Runtime> | null = null;
  let root = process.cwd();
  return {
    name: 'amina:static-css',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes('styled-system')) return null;
      runtime ??= loadRuntime(root);
      const program = this.parse(code) as unknown as Node;
      const calls = staticCalls(program, await runtime);
      if (!calls.length) return null;
      let out = code;
      for (const c of [...calls].sort((a, b) => b.start - a.start))
        out = out.slice(0, c.start) + c.text + out.slice(c.end);
      return { code: out, map: null };
    },
  };
}
