import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignBody, AssignResponse } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordingQueryKey } from '../../../lib/api/recordings/get-recording.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';

/** POST /api/recording/{id}/assign body kid_ids. */
export function assignRecording(recordingId: string, body: AssignBody): Promise<AssignResponse> {
  return apiRequest<AssignResponse>(`/api/recording/${encodeURIComponent(recordingId)}/assign`, { method: 'POST', body });
}

export function useAssignRecording(recordingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignBody) => assignRecording(recordingId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(recordingQueryKey(recordingId), { recording: answer.recording });
      return queryClient.invalidateQueries({ queryKey: recordingsQueryKey });
    },
  });
}
