import type { AnyStateMachine, InspectionEvent } from 'xstate';
import * as internals from './xstate-internals';

/**
 * Coverage of a real machine by model-based tests. The inventory is read from the machine's own
 * definition (every state node; every transition, guarded branches counted one by one, `after`,
 * `always` and invoke onDone/onError included); what was covered is recorded from the live actor
 * through the inspection API while the generated paths drive the real views. What this reads of
 * xstate beyond its documented API goes through ./xstate-internals.ts.
 */
export function inventory(machine: AnyStateMachine) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const node of internals.stateNodes(machine)) {
    states.add(node.id);
    for (const t of internals.transitionsFrom(node)) transitions.add(internals.transitionKey(t));
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
    const logic = internals.logicOf(event);
    if (logic !== this.machine && (logic as { id?: string })?.id !== this.machine.id) return;
    for (const t of internals.takenTransitions(event)) {
      this.transitions.add(internals.transitionKey(t));
      // its source was active, even a state left at once by an eventless transition
      for (const n of internals.withAncestors(t.source)) this.states.add(n.id);
    }
    for (const node of internals.activeNodes(event)) this.states.add(node.id);
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
