import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReactionBody, reactionResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';
import { enqueueRequest, isOfflineFailure } from '../offline/offline-queue.ts';

export type ReactionAnswer = z.infer<typeof reactionResponse>;

/** POST /api/recording/{id}/reactions `{ kid_id, reaction }`: a parent sends the reader the kid's reaction. */
export function sendReaction(recordingId: string, body: ReactionBody, idempotencyKey?: string): Promise<ReactionAnswer> {
  return apiRequest<ReactionAnswer>(`/api/recording/${encodeURIComponent(recordingId)}/reactions`, {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
  });
}

export function useSendReaction(recordingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: ReactionBody & { idempotencyKey?: string }): Promise<ReactionAnswer | null> => {
      try {
        return await sendReaction(recordingId, body, idempotencyKey);
      } catch (error) {
        // Offline (issue 26): the reaction waits in the queue with its key, sent once when back online.
        if (!idempotencyKey || !isOfflineFailure(error)) throw error;
        enqueueRequest({ key: idempotencyKey, path: `/api/recording/${encodeURIComponent(recordingId)}/reactions`, body });
        return null;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...playbackQueryKey, 'reactions'] }),
  });
}
