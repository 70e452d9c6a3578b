import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';

/** Signed-in pages: the header bar above the page. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-28 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
