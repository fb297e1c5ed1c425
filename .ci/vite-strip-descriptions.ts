/**
 * The statecharts' `description`s are for the people who read them (the Stately editor, the
 * inspector, docs/machines/ and the machines' tests), not for the browser: the client build drops
 * every `description: '…'` property from machines/*.ts, so describing a state costs no byte of the
 * first visit (the root machines ship in the entry). Only plain string values are dropped; anything
 * computed stays. The source, the tests, the docs and the server render keep them.
 */
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';

/** A string known at build time: a literal, a template without expressions, or a `+` of those. */
function isPlainText(n: Node): boolean {
  if (n.type === 'Literal') return typeof n.value === 'string';
  if (n.type === 'TemplateLiteral') return (n.expressions as unknown[]).length === 0;
  if (n.type === 'BinaryExpression' && n.operator === '+')
    return isPlainText(n.left as Node) && isPlainText(n.right as Node);
  return false;
}

const isDescription = (p: Node): boolean => {
  if (p.type !== 'Property' || p.computed || p.kind !== 'init') return false;
  const key = p.key as Node;
  const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : null;
  return name === 'description' && isPlainText(p.value as Node);
};

/** The ranges to cut: each description property with the comma after it (or before it, when last). */
export function descriptionRanges(program: Node, code: string): [number, number][] {
  const ranges: [number, number][] = [];
  const visit = (node: Node) => {
    if (node.type === 'ObjectExpression') {
      const props = node.properties as Node[];
      props.forEach((p, i) => {
        if (!isDescription(p)) return;
        const next = props[i + 1];
        if (next) ranges.push([p.start, next.start]);
        else {
          const prev = props[i - 1];
          const comma = code.indexOf(',', p.end);
          const closing = node.end - 1;
          if (prev) ranges.push([prev.end, comma !== -1 && comma < closing ? comma + 1 : p.end]);
          else ranges.push([p.start, comma !== -1 && comma < closing ? comma + 1 : p.end]);
        }
      });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ranges;
}

export function cut(code: string, ranges: [number, number][]): string {
  let out = code;
  for (const [from, to] of [...ranges].sort((a, b) => b[0] - a[0])) out = out.slice(0, from) + out.slice(to);
  return out;
}

export function stripDescriptions(): Plugin {
  return {
    name: 'amina:strip-machine-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]machines[\\/][^\\/]+\.ts$/.test(id) || !code.includes('description')) return null;
      const program = this.parse(code) as unknown as Node;
      const ranges = descriptionRanges(program, code);
      return ranges.length ? { code: cut(code, ranges), map: null } : null;
    },
  };
}
