import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app-frame.tsx';
import { RouterStartedProvider } from './router-started.tsx';

export function AppProviders({ client, router }: { client: QueryClient; router: DataRouter }) {
  return (
    <AppFrame client={client}>
      <RouterStartedProvider router={router}>
        <RouterProvider router={router} />
      </RouterStartedProvider>
    </AppFrame>
  );
}
