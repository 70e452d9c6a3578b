import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FamilyDetail, FamilyListItem, myFamiliesResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../api-client.ts';

export type MyFamilies = z.infer<typeof myFamiliesResponse>;

/** Every query of this feature starts with this key, so a change of membership can refresh them all. */
export const familiesQueryKey = ['families'] as const;
export const myFamiliesQueryKey = [...familiesQueryKey, 'mine'] as const;

export function getMyFamilies(): Promise<MyFamilies> {
  return apiRequest<MyFamilies>('/api/family/my-families');
}

export const myFamiliesQueryOptions = () => queryOptions({ queryKey: myFamiliesQueryKey, queryFn: getMyFamilies });

/**
 * The user's families as `/api/auth/me` answered them beside the user (the same list as `my-families`): the
 * list query starts from them instead of asking again, unless it already has an answer of its own.
 */
export function seedMyFamilies(client: QueryClient, families: MyFamilies['families']): void {
  if (client.getQueryData(myFamiliesQueryKey) === undefined) client.setQueryData(myFamiliesQueryKey, { families });
}

export function useMyFamilies() {
  return useQuery(myFamiliesQueryOptions());
}

/** The list entry of a family, from its full answer (to update the list without asking again). */
export function summaryOf(family: FamilyDetail): FamilyListItem {
  const { id, name, family_name, my_role, member_count, kids_count } = family;
  return { id, name, family_name, my_role, member_count, kids_count };
}
