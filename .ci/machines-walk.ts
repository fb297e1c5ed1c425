/**
 * Reads the machines in machines/ as data, for `npm run machines:docs` (.ci/machines-docs.ts) and the
 * test that every state is described (tests/machines/descriptions.test.ts).
 *
 * Discovery is generic: every export of every machines/**.ts file that is an XState machine is one
 * machine, named by its export without the `Machine` suffix (`articleMachine` → `article`), so a new
 * machine file appears in the docs without editing anything here. The walk reads XState's public
 * state-node definition (`machine.root`: `states`, `initial`, `transitions`, `always`, `invoke`,
 * `entry`, `exit`, `description`, `tags`) in document order, so the output is stable.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface MachineEntry {
  /** Doc name: the export without `Machine` (file-qualified when two files export the same name). */
  name: string;
  /** Path from the repository root, e.g. `machines/login.ts`. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export interface StateInfo {
  node: AnyStateNode;
  /** Path keys from the root (`['editing', 'locked']`); the root is `[]`. */
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description: string | undefined;
  tags: string[];
  entry: string[];
  exit: string[];
  /** Invoked actors by src (with the invoke id when it differs). */
  invokes: string[];
}

export type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'snapshot' | 'stateDone';

export interface TransitionInfo {
  source: string[];
  /** Target paths; empty for a transition that stays (actions only). */
  targets: string[][];
  kind: TransitionKind;
  /** The event as a reader says it: `login.submit`, `after 1000 ms`, `always`, `done checkAlias`… */
  label: string;
  /** The external event type (kind `event`) — what a view or another actor sends. */
  eventType?: string;
  guard?: string;
  /** Every guard name the guard uses (`not`/`and`/`or` opened up). */
  guardNames: string[];
  actions: string[];
  reenter: boolean;
}

export interface MachineGraph {
  states: StateInfo[];
  transitions: TransitionInfo[];
}

const ROOT = join(import.meta.dirname, '..');

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { __xstatenode?: unknown }).__xstatenode === true &&
    'root' in value
  );
}

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return machineFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name) ? [path] : [];
    })
    .sort();
}

/** Every machine exported from machines/ (files in name order, exports in name order; re-exports once). */
export async function discoverMachines(dir = join(ROOT, 'machines')): Promise<MachineEntry[]> {
  const found: MachineEntry[] = [];
  for (const path of machineFiles(dir)) {
    const file = relative(ROOT, path).split('\\').join('/');
    const mod: Record<string, unknown> = await import(pathToFileURL(path).href).catch((error: unknown) => {
      throw new Error(`cannot import ${file}: ${error instanceof Error ? error.message : String(error)}`);
    });
    for (const exportName of Object.keys(mod).sort()) {
      const machine = mod[exportName];
      if (!isMachine(machine) || found.some((m) => m.machine === machine)) continue;
      found.push({ name: exportName.replace(/Machine$/, '') || exportName, file, exportName, machine });
    }
  }
  for (const entry of found) {
    if (found.filter((m) => m.name === entry.name).length > 1) {
      entry.name = `${entry.file
        .replace(/^machines\//, '')
        .replace(/\.tsx?$/, '')
        .replace(/\//g, '-')}-${entry.name}`;
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

type Fn = ((...args: never[]) => unknown) & Record<string, unknown>;

/** A guard as written: `name`, `not name`, `(a and b)`, `in state`, or `inline` for an anonymous one. */
export function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as Fn;
    if (Array.isArray(fn.guards)) {
      const inner = (fn.guards as unknown[]).map(guardText);
      if (fn.name === 'not') return `not ${inner[0]}`;
      return `(${inner.join(` ${fn.name} `)})`;
    }
    if (fn.name === 'stateIn') {
      const value =
        typeof fn.stateValue === 'string' ? fn.stateValue.replace(/^#/, '') : JSON.stringify(fn.stateValue);
      return `in ${value}`;
    }
    return fn.name ? `inline ${fn.name}` : 'inline';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return 'inline';
}

function guardNames(guard: unknown): string[] {
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'function' && Array.isArray((guard as Fn).guards)) {
    return ((guard as Fn).guards as unknown[]).flatMap(guardNames);
  }
  if (guard && typeof guard === 'object' && 'type' in guard) return [String(guard.type)];
  return [];
}

/** An action by name; XState's own (assign, sendTo…) written inline show as `inline assign`. */
export function actionText(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as Fn;
    const type = typeof fn.type === 'string' ? fn.type : undefined;
    // the raise/cancel pair XState adds to a state with `after` is the delay itself, drawn as the edge
    if (type === 'xstate.raise' && String(fn.id ?? '').startsWith('xstate.after.')) return null;
    if (type === 'xstate.cancel' && String(fn.sendId ?? '').startsWith('xstate.after.')) return null;
    if (type) return `inline ${type.replace(/^xstate\./, '')}`;
    return fn.name ? `inline ${fn.name}` : 'inline';
  }
  if (action && typeof action === 'object' && 'type' in action) return String(action.type);
  return 'inline';
}

const actionList = (actions: readonly unknown[]) =>
  actions.map(actionText).filter((a): a is string => a !== null);

function delayText(machine: AnyStateMachine, delay: unknown): string {
  if (typeof delay === 'number') return `after ${delay} ms`;
  const value = (machine.implementations.delays as Record<string, unknown>)[String(delay)];
  return typeof value === 'number' ? `after ${String(delay)} (${value} ms)` : `after ${String(delay)}`;
}

/** An invoked actor's name: its `src` when named in setup(), its logic's id, or 'inline'. */
function srcName(src: unknown): string {
  if (typeof src === 'string') return src.startsWith('xstate.invoke.') ? 'inline' : src;
  const id = (src as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : 'inline';
}

function srcOf(node: AnyStateNode, invokeId: string): string {
  const def = node.invoke.find((d) => d.id === invokeId);
  return def ? srcName(def.src) : invokeId;
}

function classify(
  machine: AnyStateMachine,
  node: AnyStateNode,
  descriptor: string,
  transition: { delay?: unknown },
): Pick<TransitionInfo, 'kind' | 'label' | 'eventType'> {
  if (descriptor === '') return { kind: 'always', label: 'always' };
  const prefixed = (prefix: string) =>
    descriptor.startsWith(prefix) ? descriptor.slice(prefix.length) : null;
  const done = prefixed('xstate.done.actor.');
  if (done !== null) return { kind: 'done', label: `done ${srcOf(node, done)}` };
  const error = prefixed('xstate.error.actor.');
  if (error !== null) return { kind: 'error', label: `error ${srcOf(node, error)}` };
  const snapshot = prefixed('xstate.snapshot.');
  if (snapshot !== null) return { kind: 'snapshot', label: `snapshot ${srcOf(node, snapshot)}` };
  if (descriptor.startsWith('xstate.after.'))
    return { kind: 'after', label: delayText(machine, transition.delay) };
  if (descriptor.startsWith('xstate.done.state.')) return { kind: 'stateDone', label: 'done' };
  return { kind: 'event', label: descriptor, eventType: descriptor };
}

/** The machine's states (root first, then depth-first in document order) and transitions. */
export function walkMachine(machine: AnyStateMachine): MachineGraph {
  const states: StateInfo[] = [];
  const transitions: TransitionInfo[] = [];
  const visit = (node: AnyStateNode) => {
    states.push({
      node,
      path: [...node.path],
      type: node.type,
      description: node.description,
      tags: [...node.tags],
      entry: actionList(node.entry),
      exit: actionList(node.exit),
      invokes: node.invoke.map((d) => {
        const src = srcName(d.src);
        // an invoke without an id gets `<index>.<state id>`: only a chosen id is worth showing
        return d.id === src || d.id === `${d.id.split('.')[0]}.${node.id}` ? src : `${src} (id ${d.id})`;
      }),
    });
    const add = (descriptor: string, list: readonly Record<string, unknown>[]) => {
      for (const t of list) {
        const target = (t.target as AnyStateNode[] | undefined) ?? [];
        transitions.push({
          source: [...node.path],
          targets: target.map((n) => [...n.path]),
          ...classify(machine, node, descriptor, t),
          guard: t.guard === undefined ? undefined : guardText(t.guard),
          guardNames: t.guard === undefined ? [] : guardNames(t.guard),
          actions: actionList((t.actions as unknown[]) ?? []),
          reenter: t.reenter === true,
        });
      }
    };
    if (node.always) add('', node.always as unknown as Record<string, unknown>[]);
    for (const [descriptor, list] of node.transitions)
      add(descriptor, list as unknown as Record<string, unknown>[]);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return { states, transitions };
}

/** `editing.locked` for a path; `(machine)` for the root (whatever state it is in). */
export const pathText = (path: readonly string[]) => (path.length ? path.join('.') : '(machine)');

/** The states (not the root) without a `description`, as dotted paths. */
export function statesWithoutDescription(machine: AnyStateMachine): string[] {
  return walkMachine(machine)
    .states.filter((s) => s.path.length > 0 && !s.description?.trim())
    .map((s) => pathText(s.path));
}
