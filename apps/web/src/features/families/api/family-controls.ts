import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { activityResponse, familyCodeResponse, familySettingsResponse } from '@fst/shared/families/families.schema';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { familyQueryKey, type FamilyAnswer } from '../../../lib/api/families/get-family.ts';

// Family controls (issue 25, docs/decisions/012): remove, leave, make admin, new code, approval, activity.
const familyPath = (familyId: string, path: string) => `/api/family/${encodeURIComponent(familyId)}${path}`;
type Ok = z.infer<typeof okResponse>;
export type ActivityAnswer = z.infer<typeof activityResponse>;
export const ACTIVITY_PAGE_SIZE = 20;
export const activityQueryKey = (familyId: string, page: number) => [...familyQueryKey(familyId), 'activity', page] as const;

/** A change to who is in a family shows up across the app: every query but the session is fetched again. */
function useRefetchAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}

export function useRemoveMember() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId, userId, removeStories }: { familyId: string; userId: string; removeStories: boolean }) =>
      apiRequest<Ok>(familyPath(familyId, `/members/${encodeURIComponent(userId)}${removeStories ? '?remove_stories=true' : ''}`), { method: 'DELETE' }),
    onSuccess: refetch,
  });
}

export function useMakeAdmin() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId, userId }: { familyId: string; userId: string }) =>
      apiRequest<FamilyAnswer>(familyPath(familyId, `/members/${encodeURIComponent(userId)}`), { method: 'PUT', body: { family_role: 'admin' } }),
    onSuccess: refetch,
  });
}

export function useLeaveFamily() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId }: { familyId: string }) => apiRequest<Ok>(familyPath(familyId, '/leave'), { method: 'POST' }),
    onSuccess: refetch,
  });
}

export function useNewFamilyCode() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId }: { familyId: string }) => apiRequest<z.infer<typeof familyCodeResponse>>(familyPath(familyId, '/code'), { method: 'POST' }),
    onSuccess: refetch,
  });
}

export function useFamilySettings() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId, codeJoinsNeedApproval }: { familyId: string; codeJoinsNeedApproval: boolean }) =>
      apiRequest<z.infer<typeof familySettingsResponse>>(familyPath(familyId, '/settings'), {
        method: 'PUT',
        body: { code_joins_need_approval: codeJoinsNeedApproval },
      }),
    onSuccess: refetch,
  });
}

export const familyActivityQueryOptions = (familyId: string, page: number) =>
  queryOptions({
    queryKey: activityQueryKey(familyId, page),
    queryFn: ({ signal }) => apiRequest<ActivityAnswer>(familyPath(familyId, `/activity?page=${page}&per_page=${ACTIVITY_PAGE_SIZE}`), { signal }),
  });

export const useFamilyActivity = (familyId: string, page: number) => useQuery(familyActivityQueryOptions(familyId, page));

/** Deletes the family; its exact name typed as the confirmation (docs/decisions/016). */
export function useDeleteFamily() {
  const refetch = useRefetchAll();
  return useMutation({
    mutationFn: ({ familyId, confirmName }: { familyId: string; confirmName: string }) =>
      apiRequest<Ok>(familyPath(familyId, ''), { method: 'DELETE', body: { confirm_name: confirmName } }),
    onSuccess: refetch,
  });
}
