import type { Device } from '../contract/account-settings';

/**
 * Account Settings' devices, the pure part (machines/devices.ts is the flow): this device first,
 * then the others by when they were last seen, newest first.
 */
export type { Device };

export function sortDevices(devices: readonly Device[]): Device[] {
  return [...devices].sort((a, b) =>
    a.current !== b.current ? (a.current ? -1 : 1) : b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

/** Whether any device but this one is signed in. */
export const hasOthers = (devices: readonly Device[]) => devices.some((d) => !d.current);

/** The list once `id` is signed out (or, with `null`, every other device). */
export function without(devices: readonly Device[], id: string | null): Device[] {
  return devices.filter((d) => (id === null ? d.current : d.id !== id));
}

/** Who a confirmation is about: one device by its id, or every other device. */
export type SignOutTarget = { kind: 'one'; id: string } | { kind: 'others' };
