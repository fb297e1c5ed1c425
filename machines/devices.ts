import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DeviceList } from '../contract/account-settings';
import { type Device, hasOthers, type SignOutTarget, sortDevices, without } from './devices-rules';
import { LOADING_STEP } from './load-step';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, Devices (issue 25, item 4): the sessions signed in to her account (browser and
 * system in words, signed-in and last-seen dates, this device marked). She signs out one device or
 * every other one, each after a confirmation; a device already gone (SESSION_NOT_FOUND) reads the
 * list again. Only this device: the empty state. Its rules are in devices-rules.ts.
 */
export * from './devices-rules';

export interface DevicesContext {
  devices: Device[];
  /** The device (or every other one) a confirmation or a sign-out is about. */
  target: SignOutTarget | null;
  error: AppError | null;
  /** How many devices the last sign-out signed out (the status line says so). */
  signedOut: number | null;
}

export type DevicesEvent =
  | { type: 'devices.retry' }
  | { type: 'devices.signOut'; id: string }
  | { type: 'devices.signOutOthers' }
  | { type: 'devices.confirm' }
  | { type: 'devices.cancel' };

const devicesOf = ({ event }: { event: { output: DeviceList } }) => ({ devices: event.output.devices });

const asking = {
  'devices.signOut': { target: 'confirming', actions: 'askAboutOne' },
  'devices.signOutOthers': { target: 'confirming', actions: 'askAboutOthers' },
} as const;

export const devicesMachine = setup({
  types: {} as { context: DevicesContext; events: DevicesEvent },
  actors: {
    /** GET /users/me/sessions */
    loadDevices: fromPromise<DeviceList>(notProvided),
    /** DELETE /users/me/sessions/{id} */
    signOutDevice: fromPromise<{ ok: true }, { id: string }>(notProvided),
    /** POST /users/me/sessions/sign-out-others */
    signOutOthers: fromPromise<{ signedOut: number }>(notProvided),
  },
  guards: {
    othersSignedIn: (_, { devices }: { devices: Device[] }) => hasOthers(devices),
    othersLeft: ({ context }) =>
      hasOthers(without(context.devices, context.target?.kind === 'one' ? context.target.id : null)),
    isOthers: ({ context }) => context.target?.kind === 'others',
    isGone: (_, { error }: { error: unknown }) => toAppError(error).code === 'SESSION_NOT_FOUND',
  },
  actions: {
    clearError: assign({ error: null }),
    keepDevices: assign((_, { devices }: { devices: Device[] }) => ({ devices: sortDevices(devices) })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    askAboutOne: assign(({ event }) => {
      assertEvent(event, 'devices.signOut');
      return { target: { kind: 'one', id: event.id } as SignOutTarget, error: null, signedOut: null };
    }),
    askAboutOthers: assign({
      target: { kind: 'others' } as SignOutTarget,
      error: null,
      signedOut: null,
    }),
    forgetTarget: assign({ target: null }),
    removeSignedOut: assign(({ context }, { count }: { count: number }) => ({
      devices: without(context.devices, context.target?.kind === 'one' ? context.target.id : null),
      target: null,
      signedOut: count,
    })),
  },
}).createMachine({
  id: 'devices',
  description: 'The devices signed in to her account.',
  context: { devices: [], target: null, error: null, signedOut: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /users/me/sessions.',
      ...LOADING_STEP,
      invoke: {
        src: 'loadDevices',
        onDone: [
          {
            guard: { type: 'othersSignedIn', params: devicesOf },
            target: 'listed',
            actions: { type: 'keepDevices', params: devicesOf },
          },
          { target: 'alone', actions: { type: 'keepDevices', params: devicesOf } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The list could not be read: why, and a retry.',
      tags: ['step:failed'],
      on: { 'devices.retry': 'loading' },
    },
    listed: {
      description: 'This device and the others; each other one can be signed out, or all of them.',
      tags: ['step:listed'],
      on: asking,
    },
    alone: {
      description: 'Only this device is signed in: nothing to sign out.',
      tags: ['step:alone'],
    },
    confirming: {
      description: 'A dialog asks her to confirm signing out that device (or every other one).',
      tags: ['step:listed', 'confirming'],
      on: {
        'devices.confirm': [{ guard: 'isOthers', target: 'signingOutOthers' }, { target: 'signingOutOne' }],
        'devices.cancel': { target: 'listed', actions: 'forgetTarget' },
      },
    },
    signingOutOne: {
      description: 'DELETE /users/me/sessions/{id}; that device is busy.',
      tags: ['step:listed', 'busy'],
      invoke: {
        src: 'signOutDevice',
        input: ({ context }) => ({ id: context.target?.kind === 'one' ? context.target.id : '' }),
        onDone: [
          {
            guard: 'othersLeft',
            target: 'listed',
            actions: { type: 'removeSignedOut', params: { count: 1 } },
          },
          { target: 'alone', actions: { type: 'removeSignedOut', params: { count: 1 } } },
        ],
        onError: [
          // already signed out elsewhere (or expired): read the list again
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'forgetTarget',
          },
          {
            target: 'listed',
            actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'forgetTarget'],
          },
        ],
      },
    },
    signingOutOthers: {
      description: 'POST /users/me/sessions/sign-out-others; the list is busy.',
      tags: ['step:listed', 'busy'],
      invoke: {
        src: 'signOutOthers',
        onDone: {
          target: 'alone',
          actions: { type: 'removeSignedOut', params: ({ event }) => ({ count: event.output.signedOut }) },
        },
        onError: {
          target: 'listed',
          actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'forgetTarget'],
        },
      },
    },
  },
});
