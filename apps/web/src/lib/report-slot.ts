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

/** The slot now. */
export const currentReportSlot = () => slot;

/** Calls `listener` each time the header's box comes or goes (in the commit that attaches or removes it); answers the unsubscribe. */
export function onReportSlotChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
