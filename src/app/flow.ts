import { useSelector } from '@xstate/react';
import { type Context, createContext, useContext } from 'react';
import type { ActorRefFrom, AnyStateMachine, SnapshotFrom } from 'xstate';

/**
 * The one way a screen's parts reach its actor (sign-in, sign-up, PIN recovery, the wizards after
 * them, her consultations, the dashboard's learning pages and invoices): never an `actor` prop. A
 * flow is made once per machine, beside its screen (`createFlow<typeof machine>()`).
 * The screen's root puts the actor in `<Flow.Provider value={actor}>`, whether the screen made it
 * (`useActorRef`, for a flow that lives as long as the screen) or took a long-lived one from the
 * root (`useSystemActor`, for one that outlives it, like recovery). The parts under it:
 *
 * - `useFlowSelect(Flow, s => …)` reads the snapshot (with an optional `compare`);
 * - `useFlowStep(Flow, STEPS, fallback)` asks which `step:*` tag the machine carries, so no view
 *   maps state values to screens;
 * - `useFlowSend(Flow)` sends, always an inline typed event: `send({ type: 'signup.next' })`.
 */
export type Flow<TMachine extends AnyStateMachine> = Context<ActorRefFrom<TMachine> | null>;

export function createFlow<TMachine extends AnyStateMachine>(name: string): Flow<TMachine> {
  const flow = createContext<ActorRefFrom<TMachine> | null>(null);
  flow.displayName = name;
  return flow;
}

export function useFlowActor<TMachine extends AnyStateMachine>(flow: Flow<TMachine>): ActorRefFrom<TMachine> {
  const actor = useContext(flow);
  if (!actor) throw new Error(`${flow.displayName}: render the screen's parts inside its Provider`);
  return actor;
}

export function useFlowSelect<TMachine extends AnyStateMachine, T>(
  flow: Flow<TMachine>,
  selector: (snapshot: SnapshotFrom<TMachine>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const actor = useFlowActor(flow) as ActorRefFrom<AnyStateMachine>;
  return useSelector(actor, selector as (snapshot: SnapshotFrom<AnyStateMachine>) => T, compare);
}

export function useFlowSend<TMachine extends AnyStateMachine>(
  flow: Flow<TMachine>,
): ActorRefFrom<TMachine>['send'] {
  const actor: { send: ActorRefFrom<TMachine>['send'] } = useFlowActor(flow);
  return actor.send;
}

/** The first of `steps` whose `step:<name>` tag the machine carries, or `fallback`. */
export function useFlowStep<TMachine extends AnyStateMachine, TStep extends string>(
  flow: Flow<TMachine>,
  steps: readonly TStep[],
  fallback: TStep,
): TStep {
  return useFlowSelect(flow, (s) => {
    const tagged = s as { hasTag(tag: string): boolean };
    return steps.find((step) => tagged.hasTag(`step:${step}`)) ?? fallback;
  });
}
