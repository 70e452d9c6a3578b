import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app-frame.tsx';

export function AppProviders({ client, router }: { client: QueryClient; router: DataRouter }) {
  return (
    <AppFrame client={client}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
