import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { readersResponse } from '@fst/shared/families/families.schema';
import { apiRequest } from '../../api-client.ts';
import { familiesQueryKey } from './get-my-families.ts';

export type FamilyReaders = z.infer<typeof readersResponse>;

/** GET /api/family/{id}/readers: the family's readers with relationship, stories recorded and who they read to. */
export function getFamilyReaders(familyId: string): Promise<FamilyReaders> {
  return apiRequest<FamilyReaders>(`/api/family/${encodeURIComponent(familyId)}/readers`);
}

export const familyReadersQueryOptions = (familyId: string) =>
  queryOptions({ queryKey: [...familiesQueryKey, 'readers', familyId] as const, queryFn: () => getFamilyReaders(familyId) });

export function useFamilyReaders(familyId: string | undefined) {
  return useQuery({ ...familyReadersQueryOptions(familyId ?? ''), enabled: familyId !== undefined });
}
