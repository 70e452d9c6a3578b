import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadPagesOf } from './app/router.tsx';
import { rememberedFamilyId } from './features/families/current-family.ts';
import { sessionQueryOptions } from './features/auth/api/get-me.ts';
import { hasFirstView, tellView, whileFirstViewKept } from './lib/first-view.ts';
import './index.css';

// What the server needs to send a signed-in page with its first data (decision 010).
tellView({ familyId: rememberedFamilyId() });
const queryClient = createQueryClient();
const pagesLoaded = preloadPagesOf(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProviders client={queryClient} />
  </StrictMode>
);
// A public page comes rendered ahead (src/prerender.tsx): the app takes over its HTML instead of drawing it
// again. A signed-in page comes with its data (decision 010), drawn by the server (`data-drawn`, decision 011)
// or as the session check's view (`data-shell`, scripts/prerender.mjs); one whose answers were cut short is
// drawn afresh.
if (hasFirstView()) void drawWithItsData(root, root.hasAttribute('data-drawn') ? 'take over' : 'draw');
else if (root.firstElementChild && !root.hasAttribute('data-shell') && !root.hasAttribute('data-drawn')) hydrateRoot(root, app);
else createRoot(root).render(app);

/**
 * A signed-in page that came with its data (decision 010) is drawn once its code is in, in one render with
 * the session and that data in the cache: what the server drew stays until then. The page the server drew
 * with the same data (decision 011) is taken over, its first render the server's; the session check's view is
 * drawn over, rather than React drawing that same view again and then the page piece by piece as each part
 * arrives. Signed out, or the code later than the answers are kept, it is drawn at once.
 */
async function drawWithItsData(container: HTMLElement, how: 'take over' | 'draw') {
  const tapped = how === 'take over' ? keepTapUntilTakenOver(container) : null;
  const session = await queryClient.fetchQuery(sessionQueryOptions()).catch(() => null);
  if (session) await whileFirstViewKept(pagesLoaded);
  // The page's prefetch, begun as its code came in, takes its answers from the page in this same task.
  await new Promise((resolve) => setTimeout(resolve));
  // A page the server drew (`tapped`: its taps kept meanwhile) is taken over in a transition: React does it in
  // slices between frames, so a tap is answered meanwhile.
  if (session && tapped) {
    startTransition(
      () =>
        void hydrateRoot(
          container,
          <>
            {app}
            <AfterCommit then={tapped.giveToPage} />
          </>,
        ),
    );
  } else {
    tapped?.drop();
    createRoot(container).render(app);
  }
}

/**
 * A tap on a drawn page's button before the app has taken the page over would do nothing (a form's button
 * would even send the form by itself): the last one is kept and given to the page once it is taken over,
 * to the same button, which React has kept. Links are left alone: they work before the app does.
 */
function keepTapUntilTakenOver(container: HTMLElement) {
  let tap: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest<HTMLElement>('button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"]');
    if (!control || !container.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    tap = control;
  };
  container.addEventListener('click', hold, true);
  const drop = () => {
    container.removeEventListener('click', hold, true);
    const kept = tap;
    tap = null;
    return kept;
  };
  return {
    drop,
    giveToPage() {
      const kept = drop();
      // Gone when the page could not be taken over as drawn and was drawn afresh; then nothing is pressed.
      if (kept?.isConnected && !kept.matches(':disabled')) kept.click();
    },
  };
}

/** Runs `then` once the tree it is in has been committed (a page taken over: after its hydration). */
function AfterCommit({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}
