import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { preloadPagesOf } from './app/router.tsx';
import './index.css';

preloadPagesOf(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders />
  </StrictMode>
);
// A public page comes rendered ahead (src/prerender.tsx): the app takes over its HTML instead of drawing it again.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
