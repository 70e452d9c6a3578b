import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

export const playlistPath = (kidId: string) => `/api/playback/kid/${encodeURIComponent(kidId)}/playlist`;

/** GET /api/playback/kid/{kidId}/playlist: the kid's stories in the saved order, with watched state and resume positions. */
export function getPlaylist(kidId: string): Promise<PlaylistResponse> {
  return apiRequest<PlaylistResponse>(playlistPath(kidId));
}

export const playlistQueryKey = (kidId: string) => [...playbackQueryKey, 'playlist', kidId] as const;

export const playlistQueryOptions = (kidId: string) => queryOptions({ queryKey: playlistQueryKey(kidId), queryFn: () => getPlaylist(kidId) });

export function usePlaylist(kidId: string) {
  return useQuery({
    ...playlistQueryOptions(kidId),
    retry: (count, error) => count < 2 && !('status' in error && [400, 403, 404].includes(error.status as number)),
  });
}
