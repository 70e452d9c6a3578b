import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster.tsx';

/**
 * What surrounds the router, in the browser (providers.tsx) and when a page is rendered ahead
 * (src/prerender.tsx): one tree for both, as hydration needs (decision 008).
 */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
