import { useSyncExternalStore } from 'react';

// The place a page's header keeps for the Report Issue button on a phone (issue 22.6): there, in a header that
// stays at the top, the button covers nothing at any scroll position; in a corner it covered the page's lines.
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** Ref for the header's empty box the button sits on; shown on phones only (`display: none` elsewhere). */
export function reportSlotRef(element: HTMLElement | null): () => void {
  slot = element;
  for (const listener of listeners) listener();
  return () => {
    if (slot !== element) return;
    slot = null;
    for (const listener of listeners) listener();
  };
}

/** The slot now (for a layout effect that must not wait for the hook's next render). */
export const currentReportSlot = () => slot;

/** The header's box for the Report Issue button, when the page has one. */
export function useReportSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => slot,
    () => null,
  );
}
