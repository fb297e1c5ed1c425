import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * The one place the tests read xstate beyond its documented API, for model coverage (coverage.ts):
 * a machine's state nodes and their transitions (`StateNode.states`, `.transitions`, `.always`,
 * `TransitionDefinition.source` / `.eventType`), the transitions a microstep took (the inspection
 * event's `_transitions`) and the state nodes a snapshot is in (`MachineSnapshot._nodes`).
 * xstate may change these in any release: xstate-internals.test.ts checks each accessor on a small
 * known machine, and every accessor throws (rather than quietly finding nothing) when what it reads
 * is not there, both with the message below.
 */
export const INTERNALS_CHANGED =
  "xstate's internals changed: update the adapter (tests/model/xstate-internals.ts)";

function changed(what: string): never {
  throw new Error(`${INTERNALS_CHANGED}: ${what}`);
}

/** The machine's root and every state node below it, parents before children. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => {
    if (typeof node?.id !== 'string' || typeof node.states !== 'object') changed('StateNode.id or .states');
    return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walk)];
  };
  return walk(machine.root);
}

/** A node and the nodes above it, up to the root. */
export function withAncestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) list.push(n);
  return list;
}

/**
 * Every transition that leaves `node`: its events' (guarded branches one by one, `after` and an
 * invoke's onDone / onError included), then its eventless (`always`) ones.
 */
export function transitionsFrom(node: AnyStateNode): AnyTransitionDefinition[] {
  if (!(node.transitions instanceof Map)) changed('StateNode.transitions is no longer a Map');
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/**
 * A transition's name, the same from the definition and from a microstep:
 * `<source state id> --<event type, or "always">#<its place among the source's branches for it>`.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode | undefined;
  if (!source || typeof t.eventType !== 'string') changed('TransitionDefinition.source or .eventType');
  const branches: AnyTransitionDefinition[] =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  return `${source.id} --${t.eventType || 'always'}#${Math.max(0, branches.indexOf(t))}`;
}

/** The actor logic behind an inspection event's actor (the machine, for a machine actor). */
export function logicOf(event: InspectionEvent): unknown {
  return (event.actorRef as { logic?: unknown }).logic;
}

/** The transitions a `@xstate.microstep` event took (none for other events). */
export function takenTransitions(event: InspectionEvent): AnyTransitionDefinition[] {
  if (event.type !== '@xstate.microstep') return [];
  const taken = (event as { _transitions?: unknown })._transitions;
  if (!Array.isArray(taken)) changed('the @xstate.microstep event has no _transitions list');
  return taken as AnyTransitionDefinition[];
}

/** The state nodes a machine's snapshot is in (for a `@xstate.snapshot` or `@xstate.microstep` event). */
export function activeNodes(event: InspectionEvent): AnyStateNode[] {
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return [];
  const nodes = (event.snapshot as { _nodes?: unknown })._nodes;
  if (!Array.isArray(nodes)) changed('a machine snapshot has no _nodes list');
  return nodes as AnyStateNode[];
}
