import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { familyResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../api-client.ts';
import { familiesQueryKey } from './get-my-families.ts';

export type FamilyAnswer = z.infer<typeof familyResponse>;

export const familyQueryKey = (familyId: string) => [...familiesQueryKey, 'detail', familyId] as const;

export function getFamily(familyId: string): Promise<FamilyAnswer> {
  return apiRequest<FamilyAnswer>(`/api/family/${encodeURIComponent(familyId)}`);
}

export const familyQueryOptions = (familyId: string) => queryOptions({ queryKey: familyQueryKey(familyId), queryFn: () => getFamily(familyId) });

export function useFamily(familyId: string | undefined) {
  return useQuery({ ...familyQueryOptions(familyId ?? ''), enabled: familyId !== undefined });
}
