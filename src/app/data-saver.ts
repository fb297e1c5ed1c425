import { useCallback, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { dataSaverMachine } from '../../machines/dataSaver';
import { useAppActor } from './actors';

export type DataSaverRef = ActorRefFrom<typeof dataSaverMachine>;

/** The root's data saver (system id `dataSaver`; machines/dataSaver.ts). */
export function useDataSaverActor(): DataSaverRef | undefined {
  return useAppActor().system.get('dataSaver') as DataSaverRef | undefined;
}

const offOnServer = () => false;

/**
 * Whether the data saver is on, for views that keep to what is needed while it is (avatars as
 * initials, no decorative images). The server's render and the hydration pass see it off, so a
 * page taken over from the server's HTML matches it first and follows the choice right after.
 */
export function useDataSaver(): boolean {
  const actor = useDataSaverActor();
  const subscribe = useCallback(
    (changed: () => void) => {
      const sub = actor?.subscribe(changed);
      return () => sub?.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => actor?.getSnapshot().matches('on') ?? false, offOnServer);
}

/** What an avatar shows as initials: the first letter of her alias (a whole character, any script). */
export function initialOf(alias: string): string {
  return (Array.from(alias.trim())[0] ?? '').toLocaleUpperCase();
}
