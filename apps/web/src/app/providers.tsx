import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app-frame.tsx';
import { routes } from './router.tsx';

const router = createBrowserRouter(routes);

export function AppProviders({ client }: { client: QueryClient }) {
  return (
    <AppFrame client={client}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
