import { useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';

/**
 * Whether the router's first navigation is done: its loaders have answered and the page is drawn, not the
 * session check's view. Always, for a page rendered ahead at build time. Read from the router state React is
 * drawing, not the router's own, which runs ahead of it: read mid-transition, that one made React draw the
 * whole page again in one long task (docs/quality.md "Web: Lighthouse").
 */
export function useRouterStarted(): boolean {
  return useContext(DataRouterStateContext)?.initialized ?? true;
}
