import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlayEventBody, playEventResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { idempotencyHeader, newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { enqueueRequest, isOfflineFailure } from '../offline/offline-queue.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

export type PlayEventAnswer = z.infer<typeof playEventResponse>;

/**
 * POST /api/playback/events: a play of one of the kid's stories started, went on, or completed. Kept alive
 * past the page, so where a story stopped is saved even when the tab is closed mid-story.
 */
export function postPlayEvent(body: PlayEventBody, idempotencyKey?: string): Promise<PlayEventAnswer> {
  return apiRequest<PlayEventAnswer>('/api/playback/events', { method: 'POST', body, keepalive: true, headers: idempotencyHeader(idempotencyKey) });
}

/**
 * Reports plays of `kidId` (a no-op without a kid). Fire and forget: a lost event must never stop a story,
 * so failures are only logged (spec section 8: "Other failed fetches are only logged"). A completed play
 * refreshes playlists and stats, whose watched states and counts it changes.
 */
export function usePlayEvents(kidId: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(
    (event: PlayEventBody['event'], recordingId: string, positionSeconds: number) => {
      if (!kidId) return;
      const position = Number.isFinite(positionSeconds) ? Math.max(0, Math.round(positionSeconds * 10) / 10) : 0;
      const body = { recording_id: recordingId, kid_id: kidId, event, position_seconds: position };
      // Each event has its key: offline it waits in the queue (issue 26) and is kept once when sent.
      const key = newIdempotencyKey();
      postPlayEvent(body, key).then(
        () => (event === 'complete' ? queryClient.invalidateQueries({ queryKey: playbackQueryKey }) : undefined),
        (error: unknown) => {
          if (isOfflineFailure(error)) enqueueRequest({ key, path: '/api/playback/events', body });
          else console.warn(`Play event "${event}" was not recorded`, error);
        },
      );
    },
    [kidId, queryClient],
  );
}
