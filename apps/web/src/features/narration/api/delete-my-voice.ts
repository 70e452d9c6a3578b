import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { narrationQueryKey } from './narration-query-keys.ts';

/** DELETE /api/voice/clone/my-voice: the reader deletes their own AI voice. */
export function deleteMyVoice(): Promise<unknown> {
  return apiRequest<unknown>('/api/voice/clone/my-voice', { method: 'DELETE' });
}

export function useDeleteMyVoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMyVoice, onSuccess: () => queryClient.invalidateQueries({ queryKey: narrationQueryKey }) });
}
