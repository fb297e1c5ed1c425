import { useSyncExternalStore } from 'react';

/**
 * Toasts without paying for them up front: the toast machinery (Ark Toast) loads with the first
 * message, and the host renders from then on. Views call `notify(...)` with translated text.
 */
export interface Notice {
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

let requested = false;
const listeners = new Set<() => void>();
let toastModule: Promise<typeof import('../components/toast')> | null = null;

export function notify(notice: Notice) {
  if (!requested) {
    requested = true;
    for (const l of listeners) l();
  }
  toastModule ??= import('../components/toast');
  toastModule.then((m) => m.toaster.create(notice));
}

export function useToasterRequested() {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => requested,
    () => false,
  );
}
