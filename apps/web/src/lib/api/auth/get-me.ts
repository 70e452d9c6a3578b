import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import type { DeviceMe } from '@fst/shared/devices/devices.schema';
import { apiRequest } from '../../api-client.ts';
import { paths } from '../../paths.ts';
import { checkSession } from './check-session.ts';

/** What `/api/auth/me` answers: the signed-in user and their families, or a kid device (docs/decisions/018). */
export type SessionAnswer = AuthResponse | DeviceMe;

export const ME_URL = '/api/auth/me';

export function getMe(): Promise<SessionAnswer> {
  return apiRequest<SessionAnswer>(ME_URL);
}

// Pages for visitors: someone opening one is most likely signed out.
const GUEST_PAGES = [paths.home, paths.login, paths.signup, paths.forgotPassword, paths.resetPassword];
const isGuestPage = (pathname: string) => GUEST_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);

/** The signed-in user and their families (or the kid device), or null when signed out (a failed check counts as signed out). */
export async function getSession(): Promise<SessionAnswer | null> {
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

/**
 * After a change to who is signed in or what they may do. A session check already under way may have been
 * answered before the change: it is cancelled first, so its older answer cannot land after the new one.
 */
export async function refreshSession(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: sessionQueryKey });
  await client.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Stores the session a sign-in, sign-out or pairing answered (a check under way is cancelled first, as above). */
export async function storeSession(client: QueryClient, session: SessionAnswer | null): Promise<void> {
  await client.cancelQueries({ queryKey: sessionQueryKey });
  client.setQueryData(sessionQueryKey, session);
}

const userOf = (answer: SessionAnswer | null): AuthResponse | null => (answer && 'user' in answer ? answer : null);
const deviceOf = (answer: SessionAnswer | null): DeviceMe['device'] | null => (answer && 'device' in answer ? answer.device : null);

/**
 * The signed-in user and their families, once the session check has answered (the one under way is joined), for
 * a page's loader that asks for a user's own data; null signed out, on a kid device or when the check failed.
 */
export const sessionUser = (client: QueryClient): Promise<AuthResponse | null> => client.ensureQueryData(sessionQueryOptions()).then(userOf, () => null);

/** The signed-in user's role, as `sessionUser` finds it; undefined where it finds no user. */
export const sessionRole = (client: QueryClient): Promise<AuthResponse['user']['role'] | undefined> => sessionUser(client).then((user) => user?.user.role);

/** The signed-in user: a kid device counts as no user here (its pages are the kid's only, app/device-gate.tsx). */
export function useSession() {
  return useQuery({ ...sessionQueryOptions(), select: userOf });
}

/** The kid device this browser is, or null. */
export function useDeviceSession() {
  return useQuery({ ...sessionQueryOptions(), select: deviceOf });
}
