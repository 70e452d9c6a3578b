import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { queueItemResponse, RequestStoryBody } from '@fst/shared/requests/requests.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestsQueryKey } from '../../../lib/api/requests/requests-query-keys.ts';

export type QueueItemAnswer = z.infer<typeof queueItemResponse>;

/**
 * POST /api/queue/request-story: a parent asks a reader of the family to record a book for a kid. Asking
 * again while that request is pending answers the pending one.
 */
export function requestStory(body: RequestStoryBody): Promise<QueueItemAnswer> {
  return apiRequest<QueueItemAnswer>('/api/queue/request-story', { method: 'POST', body });
}

export function useRequestStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
