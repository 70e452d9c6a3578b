import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistResponse } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playlistPath, playlistQueryKey } from './get-playlist.ts';

/** DELETE /api/playback/kid/{kidId}/playlist: back to the default order (newest first). */
export function resetPlaylistOrder(kidId: string): Promise<PlaylistResponse> {
  return apiRequest<PlaylistResponse>(playlistPath(kidId), { method: 'DELETE' });
}

export function useResetPlaylistOrder(kidId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetPlaylistOrder(kidId),
    onSuccess: (playlist) => queryClient.setQueryData(playlistQueryKey(kidId), playlist),
  });
}
