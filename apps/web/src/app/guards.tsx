import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import type { Role } from '@fst/shared/constants';
import { afterSignIn, dashboardPath, signInFrom } from '@fst/shared/auth/auth.rules';
import { APP_TEXTS } from '@fst/shared/messages';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import { useSession } from '../lib/api/auth/get-me.ts';
import { CurrentUserProvider } from '../features/auth/current-user.tsx';
import { paths } from '../lib/paths.ts';

/** The session being checked: also the signed-in pages' view until the layout's code and data are in (router.tsx). */
export function SessionLoading() {
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <LoadingScreen label={APP_TEXTS.loadingSession} />
    </main>
  );
}

/**
 * Signed-in users only; others go to /login (spec section 2), which leads back here once they have signed in
 * (an e-mailed story link, a page whose session ended while open).
 */
export function RequireAuth() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.isPending) return <SessionLoading />;
  if (!session.data) return <Navigate to={signInFrom(pathname + search)} replace />;
  return (
    <CurrentUserProvider user={session.data.user}>
      <Outlet />
    </CurrentUserProvider>
  );
}

/** A dashboard of one role; a user with the other role goes to their own dashboard. */
export function RequireRole({ role }: { role: Role }) {
  const { data } = useSession();
  if (!data) return <Navigate to={paths.login} replace />;
  if (data.user.role !== role) return <Navigate to={dashboardPath(data.user.role)} replace />;
  return <Outlet />;
}

/** Site admins only (decisions.md "Books, premium and tokens"); others go to their dashboard. */
export function RequireAdmin() {
  const { data } = useSession();
  if (!data) return <Navigate to={paths.login} replace />;
  if (!data.user.is_admin) return <Navigate to={dashboardPath(data.user.role)} replace />;
  return <Outlet />;
}

/**
 * Sign-in and sign-up: a signed-in user goes straight to their dashboard (or the page named to come back to). The form shows while the session
 * is checked (most who open these pages are signed out), as the page rendered ahead at build time does.
 */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  // Signed in: on to the page, the form staying in sight while that page's loaders run (router.tsx).
  if (session.data)
    return (
      <>
        <Navigate to={afterSignIn(session.data.user.role, params.get('next'))} replace />
        <Outlet />
      </>
    );
  return <Outlet />;
}
