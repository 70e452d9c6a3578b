import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { queueListResponse } from '@fst/shared/requests/requests.schema';
import { apiRequest } from '../../api-client.ts';
import { requestsQueryKey } from './requests-query-keys.ts';

export type QueueList = z.infer<typeof queueListResponse>;

export const kidQueueQueryKey = (kidId: string) => [...requestsQueryKey, 'kid', kidId] as const;

/** GET /api/queue/kid/{kidId}: the kid's pending story requests, oldest first (members of the kid's family). */
export function getKidQueue(kidId: string): Promise<QueueList> {
  return apiRequest<QueueList>(`/api/queue/kid/${encodeURIComponent(kidId)}`);
}

export const kidQueueQueryOptions = (kidId: string) => queryOptions({ queryKey: kidQueueQueryKey(kidId), queryFn: () => getKidQueue(kidId) });

export function useKidQueue(
  kidId: string | undefined,
  { enabled = true, refetchOnMount = true }: { enabled?: boolean; refetchOnMount?: boolean | 'always' } = {},
) {
  return useQuery({ ...kidQueueQueryOptions(kidId ?? ''), enabled: enabled && kidId !== undefined, refetchOnMount });
}
