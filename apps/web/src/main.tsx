import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadPagesOf } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

const queryClient = createQueryClient();
// The page's code, and the first data its route module asks for, on their way beside the session check.
void preloadPagesOf(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders client={queryClient} />
  </StrictMode>
);
// A public page comes rendered ahead (src/prerender.tsx, decision 008): the app takes over its HTML instead of
// drawing it again. The signed-in pages' loading view (`data-shell`, scripts/prerender.mjs) is sent for
// public paths not rendered ahead as well, so the app draws it afresh rather than hydrating it.
if (root.firstElementChild && !root.hasAttribute('data-shell')) hydrateRoot(root, app);
else createRoot(root).render(app);

// Installable, and the kid's page opens offline once visited (issue 26).
registerServiceWorker();
