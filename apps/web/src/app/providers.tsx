import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppFrame } from './app-frame.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './router.tsx';

const router = createBrowserRouter(routes);

export function AppProviders() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppFrame client={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
