import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * Coverage of a real machine by model-based tests. The inventory is read from the machine's own
 * definition (every state node; every transition, guarded branches counted one by one, `after`,
 * `always` and invoke onDone/onError included); what was covered is recorded from the live actor
 * through the inspection API while the generated paths drive the real views.
 */
function nodes(root: AnyStateNode): AnyStateNode[] {
  return [root, ...Object.values(root.states as Record<string, AnyStateNode>).flatMap(nodes)];
}

function keyOf(t: AnyTransitionDefinition): string {
  const list: AnyTransitionDefinition[] =
    t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return `${t.source.id} --${t.eventType || 'always'}#${Math.max(0, list.indexOf(t))}`;
}

export function inventory(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const node of nodes(machine.root)) {
    states.add(node.id);
    for (const list of node.transitions.values()) for (const t of list) transitions.add(keyOf(t));
    for (const t of node.always ?? []) transitions.add(keyOf(t));
  }
  return { states, transitions };
}

export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  private readonly all: ReturnType<typeof inventory>;

  constructor(
    readonly name: string,
    private readonly machine: AnyStateMachine,
  ) {
    this.all = inventory(machine);
  }

  /** Pass as `inspect` to the actor (or the root actor whose system holds it). */
  inspect = (event: InspectionEvent) => {
    const logic = (event.actorRef as { logic?: unknown }).logic;
    if (logic !== this.machine && (logic as { id?: string })?.id !== this.machine.id) return;
    if (event.type === '@xstate.microstep') {
      for (const t of (event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        this.transitions.add(keyOf(t));
        // its source was active, even a state left at once by an eventless transition
        for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) this.states.add(n.id);
      }
    }
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') {
      const snapshot = (event as { snapshot: { _nodes?: AnyStateNode[] } }).snapshot;
      for (const node of snapshot._nodes ?? []) this.states.add(node.id);
    }
  };

  missing() {
    return {
      states: [...this.all.states].filter((s) => !this.states.has(s)),
      transitions: [...this.all.transitions].filter((t) => !this.transitions.has(t)),
    };
  }

  report(): string {
    const s = [...this.all.states].filter((x) => this.states.has(x)).length;
    const t = [...this.all.transitions].filter((x) => this.transitions.has(x)).length;
    return `model coverage ${this.name}: states ${s}/${this.all.states.size}, transitions ${t}/${this.all.transitions.size}`;
  }
}
