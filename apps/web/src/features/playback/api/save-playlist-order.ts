import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistOrderBody, PlaylistResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playlistPath, playlistQueryKey } from './get-playlist.ts';

/** PUT /api/playback/kid/{kidId}/playlist `{ order }`: every device then plays the kid's stories in this order. */
export function savePlaylistOrder(kidId: string, body: PlaylistOrderBody): Promise<PlaylistResponse> {
  return apiRequest<PlaylistResponse>(playlistPath(kidId), { method: 'PUT', body });
}

export function useSavePlaylistOrder(kidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) => savePlaylistOrder(kidId, { order }),
    onSuccess: (playlist) => queryClient.setQueryData(playlistQueryKey(kidId), playlist),
  });
}
