// The app's start, called by main.tsx once its modules are in: the query client, the router and the first render.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { sessionQueryOptions } from '../lib/api/auth/get-me.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { nextTask } from '../lib/next-task.ts';

/**
 * Makes the query client and the router, which asks for the page's code and data at once, then draws the app in
 * the next task: together they were a page's longest task (docs/quality.md "Web: Lighthouse").
 */
export async function startApp(): Promise<void> {
  const queryClient = createQueryClient();
  // The router starts the page's loaders at once: its code, and the first data it asks for, beside the session check.
  const router = createAppRouter(queryClient);

  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  // A public page comes rendered ahead (src/prerender.tsx, decision 008): the app takes over its HTML instead of
  // drawing it again. The signed-in pages' loading view (`data-shell`, scripts/prerender.mjs) is sent for
  // public paths not rendered ahead as well, so the app draws it afresh rather than hydrating it.
  const renderedAhead = root.firstElementChild !== null && !root.hasAttribute('data-shell');
  // The session first, beside the router's requests: its answer (asked for by the loading view's HTML) is taken
  // before the first render.
  if (!renderedAhead) void queryClient.prefetchQuery(sessionQueryOptions());

  await nextTask();
  const app = (
    <StrictMode>
      <AppProviders client={queryClient} router={router} />
    </StrictMode>
  );
  // Hydrated or drawn as a transition: React yields to the browser every few milliseconds instead of holding it
  // in one long task (the page or its loading view is already drawn). The router draws a signed-in page in a
  // transition too, once its loaders have the session and the layout's code and data (router.tsx).
  startTransition(() => {
    if (renderedAhead) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });

  // Installable, and the kid's page opens offline once visited (issue 26).
  registerServiceWorker(queryClient);
}
