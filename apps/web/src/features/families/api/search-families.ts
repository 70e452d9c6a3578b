import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { FAMILY_SEARCH_MIN_LENGTH } from '@fst/shared/constants';
import type { searchFamiliesResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familiesQueryKey } from '../../../lib/api/families/get-my-families.ts';

export type FamilySearchAnswer = z.infer<typeof searchFamiliesResponse>;

export const searchFamiliesQueryKey = (q: string) => [...familiesQueryKey, 'search', q] as const;

export function searchFamilies(q: string): Promise<FamilySearchAnswer> {
  return apiRequest<FamilySearchAnswer>(`/api/auth/search-families?q=${encodeURIComponent(q)}`);
}

export const searchFamiliesQueryOptions = (q: string) =>
  // Membership and pending requests change with every request sent: always ask again.
  queryOptions({ queryKey: searchFamiliesQueryKey(q), queryFn: () => searchFamilies(q), staleTime: 0 });

/** Searches once `q` (already trimmed) has the minimum length; nothing before. */
export function useSearchFamilies(q: string) {
  return useQuery({ ...searchFamiliesQueryOptions(q), enabled: q.length >= FAMILY_SEARCH_MIN_LENGTH });
}
