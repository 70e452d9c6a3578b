import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileResponse } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export type Profile = z.infer<typeof profileResponse>;

export function getProfile(): Promise<Profile> {
  return apiRequest<Profile>('/api/me');
}

export const profileQueryKey = ['auth', 'profile'] as const;

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
