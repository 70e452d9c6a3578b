import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LazyBoundary, retryableLazy } from '../components/lazy-part.tsx';
import { useToastWanted } from '../lib/toast.ts';

/** How long after the page has loaded the Toaster's code is fetched, unless a toast asks for it sooner. */
const TOASTER_AFTER_LOAD_MS = 2000;

// Its code not arriving (offline at that moment) leaves the page as it is, without toasts until it does:
// it is asked for again once the browser is back online. Thrown unguarded, the failure ended the whole app.
const toaster = retryableLazy<object>(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * What surrounds the router, in the browser (providers.tsx) and when a page is rendered ahead
 * (src/prerender.tsx): one tree for both, as hydration needs (decision 008).
 */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}

/** The Toaster, mounted once the page has settled or at the first toast (lib/toast.ts), whichever is first. */
function DeferredToaster() {
  const wanted = useToastWanted();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer = 0;
    const later = () => {
      timer = window.setTimeout(() => startTransition(() => setSettled(true)), TOASTER_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      window.clearTimeout(timer);
    };
  }, []);
  return wanted || settled ? <LazyBoundary part={toaster} props={{}} loading={null} failed={() => null} /> : null;
}
