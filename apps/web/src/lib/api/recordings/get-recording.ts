import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recordingResponse } from '@fst/shared/recordings/recordings.schema';
import { apiRequest } from '../../api-client.ts';
import { recordingsQueryKey } from './recordings-query-keys.ts';

export type RecordingAnswer = z.infer<typeof recordingResponse>;

/** How often a recording still processing is asked for again. */
const PROCESSING_POLL_MS = 2000;

/** GET /api/recording/{id}. */
export function getRecording(recordingId: string): Promise<RecordingAnswer> {
  return apiRequest<RecordingAnswer>(`/api/recording/${encodeURIComponent(recordingId)}`);
}

export const recordingQueryKey = (recordingId: string) => [...recordingsQueryKey, 'detail', recordingId] as const;

export const recordingQueryOptions = (recordingId: string) =>
  queryOptions({ queryKey: recordingQueryKey(recordingId), queryFn: () => getRecording(recordingId) });

/** The recording, asked for again every 2 s while it is processing (until ready or failed). */
export function useRecording(recordingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...recordingQueryOptions(recordingId),
    enabled,
    retry: (count, error) => count < 2 && !('status' in error && (error.status === 404 || error.status === 400)),
    refetchInterval: (query) => (query.state.data?.recording.processing_status === 'processing' ? PROCESSING_POLL_MS : false),
  });
}
