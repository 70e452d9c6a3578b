import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client.ts';
import type { QueueList } from './get-kid-queue.ts';
import { requestsQueryKey } from './requests-query-keys.ts';

/** GET /api/queue/for-reader: pending story requests to the signed-in reader, oldest first. */
export function getReaderQueue(): Promise<QueueList> {
  return apiRequest<QueueList>('/api/queue/for-reader');
}

export const readerQueueQueryOptions = () => queryOptions({ queryKey: [...requestsQueryKey, 'for-reader'] as const, queryFn: getReaderQueue });

export function useReaderQueue() {
  return useQuery(readerQueueQueryOptions());
}
