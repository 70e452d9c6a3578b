import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client.ts';
import type { RecordingList } from './get-family-recordings.ts';
import { recordingsQueryKey } from './recordings-query-keys.ts';

/**
 * GET /api/reader/{id}/recordings: for a member of a family the reader reads for, the reader's ready
 * recordings assigned to that member's families (for the reader themselves, all of their own).
 */
export function getReaderRecordings(readerId: string): Promise<RecordingList> {
  return apiRequest<RecordingList>(`/api/reader/${encodeURIComponent(readerId)}/recordings`);
}

export const readerRecordingsQueryOptions = (readerId: string) =>
  queryOptions({ queryKey: [...recordingsQueryKey, 'reader', readerId] as const, queryFn: () => getReaderRecordings(readerId) });

export function useReaderRecordings(readerId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...readerRecordingsQueryOptions(readerId ?? ''), enabled: enabled && readerId !== undefined });
}
