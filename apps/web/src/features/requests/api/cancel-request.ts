import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestsQueryKey } from '../../../lib/api/requests/requests-query-keys.ts';

/** DELETE /api/queue/{id}: the parent who asked for the story (or the family admin) cancels it. */
export function cancelRequest(requestId: string): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>(`/api/queue/${encodeURIComponent(requestId)}`, { method: 'DELETE' });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRequest,
    // Refreshed after a failure too: a request the reader has just recorded is no longer pending.
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
