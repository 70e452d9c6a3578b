import { queryOptions, useQuery } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { checkSession } from './check-session.ts';

export function getMe(): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/me');
}

// Pages for visitors: someone opening one is most likely signed out.
const GUEST_PAGES = [paths.home, paths.login, paths.signup, paths.forgotPassword, paths.resetPassword];
const isGuestPage = (pathname: string) => GUEST_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);

/** The signed-in user and their families, or null when signed out (a failed check counts as signed out). */
export async function getSession(): Promise<AuthResponse | null> {
  // Spec section 7: the session check, then the current user. On a signed-in page the user is asked for
  // at the same time (one round trip less before the page can load its data); used only if the check says so.
  const me = isGuestPage(window.location.pathname) ? null : getMe().catch(() => null);
  if (!(await checkSession())) return null;
  return me ?? getMe().catch(() => null);
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
