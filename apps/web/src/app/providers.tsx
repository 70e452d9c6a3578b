import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app-frame.tsx';

export function AppProviders({ client, router }: { client: QueryClient; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppFrame client={client}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
