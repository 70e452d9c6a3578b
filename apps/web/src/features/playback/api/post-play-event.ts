import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlayEventBody, playEventResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from './playback-query-keys.ts';

export type PlayEventAnswer = z.infer<typeof playEventResponse>;

/**
 * POST /api/playback/events: a play of one of the kid's stories started, went on, or completed. Kept alive
 * past the page, so where a story stopped is saved even when the tab is closed mid-story.
 */
export function postPlayEvent(body: PlayEventBody): Promise<PlayEventAnswer> {
  return apiRequest<PlayEventAnswer>('/api/playback/events', { method: 'POST', body, keepalive: true });
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
      postPlayEvent({ recording_id: recordingId, kid_id: kidId, event, position_seconds: position }).then(
        () => (event === 'complete' ? queryClient.invalidateQueries({ queryKey: playbackQueryKey }) : undefined),
        (error: unknown) => console.warn(`Play event "${event}" was not recorded`, error),
      );
    },
    [kidId, queryClient],
  );
}
