import type { OfflineEvent } from './offline-rules';
import { offlineSetup } from './offline-setup';

/**
 * Learning without a connection (issue 28), started by the root with system id `offline`: whether
 * the browser is online, the courses she saved on this device and the requests she made offline
 * (lessons done, quiz answers), kept in order and sent one at a time when she is back. The device
 * store (IndexedDB, encrypted with her own non-extractable key), the browser's online/offline events,
 * the session and the network are effects the root provides (src/app/offline/actors.ts).
 * Views read `saved`, `queue`, `busyCourseId` and `error` (a code), and `hasTag('offline')`.
 */
export * from './offline-rules';

export { RETRY_DELAY_MS } from './offline-setup';

export const offlineMachine = offlineSetup.createMachine({
  id: 'offline',
  context: ({ input }) => ({
    online: input.online,
    userId: null,
    saved: [],
    queue: [],
    busyCourseId: null,
    error: null,
  }),
  type: 'parallel',
  on: {
    'offline.dismissError': { actions: 'clearError' },
    'offline.enqueue': [
      { guard: 'queueFull', actions: { type: 'refuseWith', params: { code: 'QUEUE_FULL' } } },
      {
        guard: 'hasMember',
        actions: [{ type: 'addToQueue', params: ({ event }) => event }, 'storeOnDevice'],
      },
    ],
  },
  states: {
    connection: {
      description:
        "Whether the browser is online, from navigator.onLine at start, then the browser's events.",
      invoke: { src: 'watchConnection' },
      initial: 'starting',
      states: {
        starting: {
          description: 'Takes what the browser said as the app started.',
          always: [{ guard: 'startedOnline', target: 'online' }, { target: 'offline' }],
        },
        online: {
          description: 'Connected: requests made offline can be sent.',
          tags: ['online'],
          on: {
            'offline.connectionChanged': {
              guard: { type: 'wentOffline', params: ({ event }) => event },
              target: 'offline',
              actions: { type: 'setOnline', params: { online: false } },
            },
          },
        },
        offline: {
          description: 'No connection: saved courses read from the device, requests wait in the queue.',
          tags: ['offline'],
          on: {
            'offline.connectionChanged': {
              guard: { type: 'wentOnline', params: ({ event }) => event },
              target: 'online',
              actions: { type: 'setOnline', params: { online: true } },
            },
          },
        },
      },
    },
    member: {
      description: 'Whose saved courses and queue these are: the member signed in, if any.',
      invoke: { src: 'watchSession' },
      initial: 'none',
      on: {
        'offline.signedOut': { target: '.none', actions: 'forgetMember' },
      },
      states: {
        none: {
          description: 'Nobody signed in: nothing of anyone is read or shown.',
          on: {
            'offline.member': {
              target: 'loading',
              actions: { type: 'setMember', params: ({ event }) => event },
            },
          },
        },
        loading: {
          description: 'Reads her saved list and her queue from the device.',
          invoke: {
            src: 'loadMember',
            input: ({ context }) => ({ userId: context.userId ?? '' }),
            onDone: { target: 'ready', actions: { type: 'keepStore', params: ({ event }) => event.output } },
            // a device that cannot keep anything (no IndexedDB): nothing saved to show
            onError: { target: 'ready' },
          },
        },
        ready: {
          description: 'Her saved list and queue are known.',
          on: {
            'offline.member': {
              guard: { type: 'otherMember', params: ({ event }) => event },
              target: 'loading',
              actions: { type: 'setMember', params: ({ event }) => event },
            },
          },
        },
      },
    },
    store: {
      description: 'Saving and removing course copies on the device, and wiping everything.',
      initial: 'idle',
      on: {
        // from any state: whatever was being saved is abandoned
        'offline.wipe': { target: '.wiping', actions: 'forgetEverything' },
      },
      states: {
        idle: {
          description: 'Nothing being written.',
          on: {
            'offline.save': [
              {
                guard: { type: 'savedFull', params: ({ event }) => ({ courseId: event.course.id }) },
                actions: { type: 'refuseWith', params: { code: 'OFFLINE_FULL' } },
              },
              {
                guard: 'hasMember',
                target: 'saving',
                actions: [
                  'clearError',
                  { type: 'markBusy', params: ({ event }) => ({ courseId: event.course.id }) },
                ],
              },
            ],
            'offline.remove': {
              guard: 'hasMember',
              target: 'removing',
              actions: ['clearError', { type: 'markBusy', params: ({ event }) => event }],
            },
          },
        },
        saving: {
          description:
            'Keeps an encrypted copy of the course (its lessons and quiz questions) on the device.',
          invoke: {
            src: 'saveCourse',
            input: ({ context, event }) => {
              const e = event as Extract<OfflineEvent, { type: 'offline.save' }>;
              return { userId: context.userId ?? '', course: e.course, locale: e.locale };
            },
            onDone: { target: 'idle', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: ['notBusy', { type: 'keepError', params: ({ event }) => event }],
            },
          },
        },
        removing: {
          description: 'Deletes the copy of one course from the device.',
          invoke: {
            src: 'removeCourse',
            input: ({ context }) => ({ userId: context.userId ?? '', courseId: context.busyCourseId ?? '' }),
            onDone: { target: 'idle', actions: 'dropSaved' },
            onError: {
              target: 'idle',
              actions: ['notBusy', { type: 'keepError', params: ({ event }) => event }],
            },
          },
        },
        wiping: {
          description:
            'Deletes the whole device store (every copy, queue and key) and the caches of member data.',
          invoke: {
            src: 'wipeDevice',
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => event } },
          },
        },
      },
    },
    sync: {
      description: 'Sends the queue in order, one request at a time, while online.',
      initial: 'idle',
      on: {
        'offline.wipe': '.idle',
        'offline.signedOut': '.idle',
      },
      states: {
        idle: {
          description: 'Nothing to send, or no member or no connection to send it with.',
          always: { guard: 'canSend', target: 'sending' },
        },
        sending: {
          description: 'Sends the first request of the queue with its key (the server keeps the first).',
          invoke: {
            src: 'sendItem',
            input: ({ context }) => ({ userId: context.userId ?? '', item: context.queue[0]! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'tellSent', params: ({ event }) => event }, 'dropFirst'],
            },
            onError: [
              { guard: { type: 'retryable', params: ({ event }) => event }, target: 'waiting' },
              {
                target: 'idle',
                actions: [
                  { type: 'tellRefused', params: ({ event }) => event },
                  { type: 'keepError', params: ({ event }) => event },
                  'dropFirst',
                ],
              },
            ],
          },
        },
        waiting: {
          description: 'The last send found no connection or a busy server: kept, tried again later.',
          after: { retryDelay: 'idle' },
          on: {
            'offline.sync': 'idle',
            'offline.connectionChanged': {
              guard: { type: 'wentOnline', params: ({ event }) => event },
              target: 'idle',
            },
          },
        },
      },
    },
  },
});
