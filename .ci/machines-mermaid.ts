/**
 * The statechart of one machine as a Mermaid `stateDiagram-v2` (for .ci/machines-docs.ts).
 *
 * Compound and parallel states are blocks (a parallel state's regions split by `--`); each edge is
 * written in the block holding both of its ends. A state's box lists its entry and exit actions, its
 * invoked actors and the events it handles without leaving (`event / actions`, as UML writes them).
 * Mermaid's layout cannot draw a few things, so they are left out of the picture and named below it
 * (every transition is in the page's table anyway): a compound state's transitions that stay in it
 * (a box that holds states cannot hold text) and edges touching a region of a parallel state that is
 * itself inside a parallel state (Mermaid fails on those).
 */
import { type MachineGraph, pathText, type StateInfo, type TransitionInfo } from './machines-walk';

// words of Mermaid's state-diagram grammar that cannot be a state id
const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click', 'as']);

/** Text safe in a Mermaid label: no character that ends or breaks one. */
export const mermaidText = (s: string) =>
  s
    .replace(/[:;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const transitionText = (t: TransitionInfo) =>
  `${t.label}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;

export interface Diagram {
  /** The fenced Mermaid block. */
  text: string;
  /** Transitions (or, for several targets, some of their edges) the picture leaves out. */
  notDrawn: { transition: TransitionInfo; target: string[] | null }[];
}

export function mermaidDiagram(machineName: string, graph: MachineGraph): Diagram {
  const key = pathText;
  const byPath = new Map(graph.states.map((s) => [key(s.path), s]));
  const stateOf = (path: readonly string[]) => byPath.get(key(path))!;
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const s of graph.states) {
    let id = (s.path.length ? s.path.join('_') : machineName).replace(/[^A-Za-z0-9_]/g, '_');
    if (RESERVED.has(id) || /^\d/.test(id)) id = `s_${id}`;
    while (taken.has(id)) id = `${id}_`;
    taken.add(id);
    ids.set(key(s.path), id);
  }
  const idOf = (path: readonly string[]) => ids.get(key(path))!;
  const isBlock = (s: StateInfo) => s.type === 'compound' || s.type === 'parallel';
  // a region of a parallel state nested in another parallel state: Mermaid fails on edges touching it
  const undrawable = (path: readonly string[]) =>
    path.length > 0 &&
    isBlock(stateOf(path)) &&
    stateOf(path.slice(0, -1)).type === 'parallel' &&
    path.slice(0, -1).some((_, i) => stateOf(path.slice(0, i)).type === 'parallel');

  const notDrawn: Diagram['notDrawn'] = [];
  const inside = new Map<string, string[]>();
  const edges = new Map<string, string[]>();
  for (const t of graph.transitions) {
    const text = mermaidText(transitionText(t));
    if (!t.targets.length) {
      if (isBlock(stateOf(t.source))) notDrawn.push({ transition: t, target: null });
      else inside.set(key(t.source), [...(inside.get(key(t.source)) ?? []), text]);
      continue;
    }
    for (const to of t.targets) {
      const from = t.source;
      if (undrawable(from) || undrawable(to)) {
        notDrawn.push({ transition: t, target: to });
        continue;
      }
      // the deepest non-parallel state holding both ends strictly inside it (the root: outside every block)
      let depth = 0;
      while (depth < from.length - 1 && depth < to.length - 1 && from[depth] === to[depth]) depth++;
      let block = from.slice(0, depth);
      while (block.length && stateOf(block).type === 'parallel') block = block.slice(0, -1);
      const edge = `${idOf(from)} --> ${idOf(to)}${text ? ` : ${text}` : ''}`;
      edges.set(key(block), [...(edges.get(key(block)) ?? []), edge]);
    }
  }

  const lines: string[] = [];
  const write = (indent: string, s: StateInfo) => {
    const name = mermaidText(s.path.at(-1) ?? machineName);
    const id = idOf(s.path);
    if (isBlock(s)) {
      const inner = `${indent}  `;
      lines.push(`${indent}state "${name}${s.type === 'parallel' ? ' (parallel)' : ''}" as ${id} {`);
      const initial = s.node.initial?.target[0];
      if (s.type === 'compound' && initial) lines.push(`${inner}[*] --> ${idOf(initial.path)}`);
      const children = graph.states.filter(
        (c) => c.path.length === s.path.length + 1 && key(c.path.slice(0, -1)) === key(s.path),
      );
      children.forEach((c, i) => {
        if (s.type === 'parallel' && i > 0) lines.push(`${inner}--`);
        write(inner, c);
      });
      // the root's edges go after every block: an edge inside its own cluster's block breaks the layout
      if (s.path.length) lines.push(...(edges.get(key(s.path)) ?? []).map((e) => `${inner}${e}`));
      lines.push(`${indent}}`);
      return;
    }
    lines.push(`${indent}state "${name}" as ${id}`);
    const box = [
      s.entry.length ? `entry / ${s.entry.join(', ')}` : '',
      s.invokes.length ? `invoke ${s.invokes.join(', ')}` : '',
      ...(inside.get(key(s.path)) ?? []),
      s.exit.length ? `exit / ${s.exit.join(', ')}` : '',
    ];
    for (const line of box) if (line) lines.push(`${indent}${id} : ${mermaidText(line)}`);
    if (s.type === 'final') lines.push(`${indent}${id} --> [*]`);
  };

  const root = graph.states[0];
  // the machine itself is a box when it is parallel or has transitions of its own (from any state)
  if (root.type === 'parallel' || (edges.get(key([]))?.some((e) => e.startsWith(`${idOf([])} `)) ?? false)) {
    write('  ', root);
  } else if (root.type === 'compound') {
    lines.push(`  [*] --> ${idOf(root.node.initial!.target[0].path)}`);
    for (const c of graph.states.filter((s) => s.path.length === 1)) write('  ', c);
  } else write('  ', root);
  lines.push(...(edges.get(key([])) ?? []).map((e) => `  ${e}`));
  return { text: ['```mermaid', 'stateDiagram-v2', ...lines, '```'].join('\n'), notDrawn };
}
