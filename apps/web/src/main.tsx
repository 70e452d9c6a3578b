import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadPagesOf } from './app/router.tsx';
import { rememberedFamilyId } from './features/families/current-family.ts';
import { tellView } from './lib/first-view.ts';
import './index.css';

// What the server needs to send a signed-in page with its first data (decision 010).
tellView({ familyId: rememberedFamilyId() });
const queryClient = createQueryClient();
preloadPagesOf(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders client={queryClient} />
  </StrictMode>
);
// A public page comes rendered ahead (src/prerender.tsx): the app takes over its HTML instead of drawing it
// again. Any other page comes with the session check's view (`data-shell`, scripts/prerender.mjs), drawn afresh.
if (root.firstElementChild && !root.hasAttribute('data-shell')) hydrateRoot(root, app);
else createRoot(root).render(app);
