import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { checkSession } from './check-session.ts';

export function getMe(): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/me');
}

/** The signed-in user and their families, or null when signed out (a failed check counts as signed out). */
export async function getSession(): Promise<AuthResponse | null> {
  // Spec section 7: the session check comes first, then the current user.
  if (!(await checkSession())) return null;
  try {
    return await getMe();
  } catch {
    return null;
  }
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
