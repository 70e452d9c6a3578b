import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page's HTML came rendered ahead and React has not taken it over yet (decision 008); true
 * from then on, and from the start on pages drawn in the browser. A form rendered ahead keeps its submit
 * button disabled until then: the browser's own submission would put the fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
