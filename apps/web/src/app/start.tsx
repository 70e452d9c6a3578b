// The app's start, imported by main.tsx once React is in: the query client, the router and the first render.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { sessionQueryOptions } from '../lib/api/auth/get-me.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';

const queryClient = createQueryClient();
// The router starts the page's loaders at once: its code, and the first data it asks for, beside the session check.
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders client={queryClient} router={router} />
  </StrictMode>
);
// A public page comes rendered ahead (src/prerender.tsx, decision 008): the app takes over its HTML instead of
// drawing it again. The signed-in pages' loading view (`data-shell`, scripts/prerender.mjs) is sent for
// public paths not rendered ahead as well, so the app draws it afresh rather than hydrating it.
// Hydrated as a transition: React yields to the browser every few milliseconds instead of holding it in one
// long task (the page is already drawn). A signed-in page is drawn in a transition too, by the router, once
// its loaders have the session and the layout's code and data (router.tsx).
if (root.firstElementChild && !root.hasAttribute('data-shell')) startTransition(() => void hydrateRoot(root, app));
else {
  // The session first: its answer (asked for by the loading view's HTML) is taken before the first render.
  void queryClient.prefetchQuery(sessionQueryOptions());
  createRoot(root).render(app);
}

// Installable, and the kid's page opens offline once visited (issue 26).
registerServiceWorker(queryClient);
