import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';

/** DELETE /api/recording/{id} (the owner only). */
export function deleteRecording(recordingId: string): Promise<z.infer<typeof okResponse>> {
  return apiRequest<z.infer<typeof okResponse>>(`/api/recording/${encodeURIComponent(recordingId)}`, { method: 'DELETE' });
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: (_data, recordingId) => {
      queryClient.removeQueries({ queryKey: [...recordingsQueryKey, 'detail', recordingId] });
      return queryClient.invalidateQueries({ queryKey: recordingsQueryKey });
    },
  });
}
