import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReactionBody, reactionResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { playbackQueryKey } from './playback-query-keys.ts';

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
    mutationFn: ({ idempotencyKey, ...body }: ReactionBody & { idempotencyKey?: string }) => sendReaction(recordingId, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...playbackQueryKey, 'reactions'] }),
  });
}
