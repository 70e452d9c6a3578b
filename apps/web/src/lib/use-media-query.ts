import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@fst/shared/constants';

/** Whether a CSS media query matches now; follows changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');

/** Spec section 9: the mobile layout applies at 768 px wide or less. */
export const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);

let cachedSize = { width: 0, height: 0 };

function windowSize() {
  const { innerWidth: width, innerHeight: height } = window;
  // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
  if (cachedSize.width !== width || cachedSize.height !== height) cachedSize = { width, height };
  return cachedSize;
}

/** The window's inner size; follows resizes. */
export function useWindowSize(): { width: number; height: number } {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    windowSize,
    () => cachedSize,
  );
}
