import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { DataRouter } from 'react-router';

const RouterContext = createContext<DataRouter | null>(null);

/** Gives `useRouterStarted` the app's router (providers.tsx). */
export function RouterStartedProvider({ router, children }: { router: DataRouter; children: ReactNode }) {
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

const noSubscription = () => () => {};

/**
 * Whether the router's first navigation is done: its loaders have answered and the page is drawn, not the
 * session check's view. Always, for a page rendered ahead at build time (no router given).
 */
export function useRouterStarted(): boolean {
  const router = useContext(RouterContext);
  return useSyncExternalStore(
    router ? router.subscribe : noSubscription,
    () => router?.state.initialized ?? true,
    () => true,
  );
}
