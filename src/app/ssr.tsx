import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyActorRef, EventObject, Snapshot } from 'xstate';
import { type SystemActors, useSystemActor } from './actors';

/**
 * Public pages arrive as HTML (issue 11, part 3): the server renders the same views, and the browser
 * hydrates them. A screen's machine must then start where the server's stopped (its data loaded),
 * or the first render in the browser would differ from the HTML. Screens that load data create
 * their actor with `useScreenActor` instead of `useActorRef`:
 * - on the server, the render's registry creates and starts the actor, and the renderer waits until
 *   every such actor has settled (no invoked work left) before it writes the HTML, with each actor's
 *   persisted snapshot beside it;
 * - in the browser, the actor is created from that snapshot (once: a later visit loads afresh).
 * Keys are React's `useId` (the same on both sides for the same tree) plus the machine's id.
 */
export interface ServerActors {
  actor(key: string, logic: AnyActorLogic, options: ActorOptions<AnyActorLogic>): AnyActorRef;
  /** A screen's message bundle, loaded before the next pass. */
  needBundle(bundle: string): void;
  /** An event a view sends a root actor from an effect (effects do not run on the server). */
  send(key: string, actor: string, event: { type: string; [field: string]: unknown }): void;
}

/** What the server wrote beside the HTML: persisted snapshots by key. */
export type HydrationSnapshots = Record<string, Snapshot<unknown>>;

/** Written by the server beside the HTML (`<script type="application/json" id="ssr-state">`). */
export interface SsrState {
  locale: string;
  snapshots: HydrationSnapshots;
  /** The API answers the root machines read (src/api/client.ts primeResponses). */
  responses: Record<string, unknown>;
  /** Message bundles the page's screens needed. */
  bundles: string[];
  /** Events the views sent root actors, replayed before hydrating. */
  sent: { actor: string; event: EventObject }[];
}

export const SSR_STATE_ID = 'ssr-state';

interface SsrContextValue {
  server: ServerActors | null;
  snapshots: HydrationSnapshots | null;
}

const SsrContext = createContext<SsrContextValue>({ server: null, snapshots: null });

export function SsrProvider({
  server = null,
  snapshots = null,
  children,
}: {
  server?: ServerActors | null;
  snapshots?: HydrationSnapshots | null;
  children: ReactNode;
}) {
  const [value] = useState<SsrContextValue>(() => ({ server, snapshots }));
  return <SsrContext.Provider value={value}>{children}</SsrContext.Provider>;
}

const logicId = (logic: AnyActorLogic) => (logic as { id?: string }).id ?? 'actor';

/** `useActorRef` for a screen's data machine, rendered on the server and hydrated in the browser. */
export function useScreenActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: ActorOptions<TLogic> = {},
): ActorRefFrom<TLogic> {
  const { server, snapshots } = useContext(SsrContext);
  const key = `${logicId(logic)}${useId()}`;
  const [restored] = useState(() => snapshots?.[key]);
  const client = useActorRef(
    logic as AnyActorLogic,
    (restored ? { ...options, snapshot: restored } : options) as ActorOptions<AnyActorLogic>,
  );
  useEffect(() => {
    // used once: coming back to this screen later loads it afresh
    if (snapshots && key in snapshots) delete snapshots[key];
  }, [snapshots, key]);
  return (
    server ? server.actor(key, logic, options as ActorOptions<AnyActorLogic>) : client
  ) as ActorRefFrom<TLogic>;
}

/** The server's render, or null in the browser. */
export function useServerRender(): ServerActors | null {
  return useContext(SsrContext).server;
}

type RootEvent = { type: string; [field: string]: unknown };

/**
 * Sends a root actor an event once the view shows it (an effect in the browser), and again whenever
 * the event changes; null sends nothing yet. On the server, where effects do not run, the renderer
 * sends it between two passes of the render instead (src/entry-server.tsx), and the browser replays
 * it before hydrating. The event's JSON is its identity.
 */
export function useRootEvent(systemId: keyof SystemActors, event: RootEvent | null) {
  const actor = useSystemActor(systemId) as AnyActorRef;
  const server = useServerRender();
  const key = event ? JSON.stringify(event) : null;
  useEffect(() => {
    if (key) actor.send(JSON.parse(key));
  }, [actor, key]);
  if (server && event && key) server.send(`${systemId}:${key}`, systemId, event);
}
