import { setup } from 'xstate';
import type { OfflineContext, OfflineEmitted, OfflineEvent, OfflineInput } from './offline-rules';

/**
 * PLACEHOLDER (issue 28, being written): the offline state, the saved courses, the queue and its sync.
 * Started by the root with system id `offline`.
 */
export * from './offline-rules';

export const offlineMachine = setup({
  types: {} as {
    context: OfflineContext;
    input: OfflineInput;
    events: OfflineEvent;
    emitted: OfflineEmitted;
  },
}).createMachine({
  id: 'offline',
  context: { userId: null, saved: [], queue: [], busyCourseId: null, error: null },
});
