import { useEffect, useEffectEvent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteSession, sessionBlob, updateSession, type RecordingSession } from '../../../lib/recording-store.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';
import { requestsQueryKey } from '../../../lib/api/requests/requests-query-keys.ts';
import { recordingsQueryKey } from '../../../lib/api/recordings/recordings-query-keys.ts';
import { uploadRecording, type UploadedRecording } from '../api/upload-recording.ts';

/**
 * Sends a stored reading to the server and deletes it locally only once the server has confirmed it
 * (issue 5 "Nothing is lost"). The tus address is kept with the reading, so a reload resumes the upload.
 */
export async function sendSession(session: RecordingSession, onProgress: (percent: number) => void): Promise<UploadedRecording> {
  const file = await sessionBlob(session);
  const answer = await uploadRecording({
    file,
    uploadUrl: session.uploadUrl,
    onUploadUrl: (url) => {
      session.uploadUrl = url;
      void updateSession(session.id, { uploadUrl: url }).catch(() => undefined);
    },
    uploadedId: session.uploadedId,
    onUploaded: (uploadId) => {
      session.uploadedId = uploadId;
      void updateSession(session.id, { uploadedId: uploadId }).catch(() => undefined);
    },
    onProgress,
    fields: {
      book_id: session.bookId,
      recording_type: session.recordingType,
      duration_seconds: String(Math.max(0, Math.round(session.durationSeconds))),
      kid_ids: JSON.stringify(session.kidIds),
      is_premium: String(session.premium),
      page_track: JSON.stringify(session.pageTrack),
    },
  });
  await deleteSession(session.id).catch(() => undefined);
  return answer;
}

/**
 * What a sent story changes for its reader: the story lists, the stats (Stories Recorded, those still
 * processing) and the requests it answered. Each is asked afresh where it shows, and where it shows next.
 */
export function refreshAfterSend(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([recordingsQueryKey, playbackQueryKey, requestsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The spec's text for a failed upload (section 8): network, refused, or anything else. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.isNetworkError ? RECORDING_TEXTS.uploadError : RECORDING_TEXTS.uploadFailed;
  return RECORDING_TEXTS.uploadFailedGeneric;
}

/**
 * While `waiting` (an upload failed for want of a connection), sends again by itself when the browser is back
 * online (issue 22): the reading stays on the device until the server has it.
 */
export function useSendWhenBackOnline(waiting: boolean, sendAgain: () => void): void {
  const sendAgainNow = useEffectEvent(() => sendAgain());
  useEffect(() => {
    if (!waiting) return;
    const onOnline = () => sendAgainNow();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waiting]);
}
