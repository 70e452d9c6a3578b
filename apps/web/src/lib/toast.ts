import { useSyncExternalStore } from 'react';
import { TIMINGS } from '@fst/shared/constants';

// The toast library (sonner, 15 KB gzipped) is on no page's first paint: its Toaster (app-frame.tsx) mounts a
// little after the page has loaded, or at once for the first toast, and sonner shows a toast asked for
// before its Toaster was there as soon as it is.
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** True once a toast has been asked for: the Toaster must be there now. */
export function useToastWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

function show(kind: 'success' | 'info' | 'warning' | 'error', message: string, duration: number) {
  want();
  // Offline before the library arrived, the toast is dropped; what it says is on the screen as well.
  import('sonner').then(
    ({ toast }) => toast[kind](message, { duration }),
    () => undefined,
  );
}

// The one way to show a toast: success, info and warning 3 s, every error 4 s (decisions.md).
export const notify = {
  success: (message: string) => show('success', message, TIMINGS.toast),
  info: (message: string) => show('info', message, TIMINGS.toast),
  warning: (message: string) => show('warning', message, TIMINGS.toast),
  error: (message: string) => show('error', message, TIMINGS.toastError),
};
