import { DetailedError, isSupported as tusSupported, Upload } from 'tus-js-client';
import { RECORDING_UPLOAD_FILE_FIELD } from '@fst/shared/constants';
import type { RecordingUploadFields, recordingResponse } from '@fst/shared/recordings/recordings.schema';
import { RESUMABLE_UPLOAD_FILETYPE_KEY, RESUMABLE_UPLOAD_PATH } from '@fst/shared/recordings/recordings.rules';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';
import { apiUpload } from '../../../lib/upload.ts';

export type UploadedRecording = z.infer<typeof recordingResponse>;

export type RecordingUploadInput = {
  file: Blob;
  fields: Required<Omit<RecordingUploadFields, 'upload_id'>>;
  /** A tus upload begun earlier for the same bytes: resumed instead of started again. */
  uploadUrl?: string | null | undefined;
  /** Remembers the tus upload's address as soon as it exists (to resume after a reload). */
  onUploadUrl?: (url: string | null) => void;
  /** A tus upload of these bytes already finished: only the last call is sent (again). */
  uploadedId?: string | null | undefined;
  /** Remembers the finished tus upload's id: the server removes the upload once it is a recording. */
  onUploaded?: (uploadId: string | null) => void;
  /** 0 to 100. */
  onProgress?: (percent: number) => void;
};

// Automatic retries of a cut connection: at once, then after 1, 3, 5, 10 and 20 s.
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];
// Sent in 8 MiB requests: a cut loses at most one of them.
const CHUNK_BYTES = 8 * 1024 * 1024;

function form(fields: Record<string, string>, file?: Blob, mimeType?: string): FormData {
  const data = new FormData();
  // Text fields first: the server refuses a bad form before the file is transferred.
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) {
    const ext = (mimeType ?? file.type).includes('mp4') ? 'mp4' : 'webm';
    data.append(RECORDING_UPLOAD_FILE_FIELD, file, `recording.${ext}`);
  }
  return data;
}

/** The resumable upload (tus 1.0) of the bytes; resolves with the upload id. */
function sendResumable(input: RecordingUploadInput): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(input.file, {
      endpoint: `${window.location.origin}${RESUMABLE_UPLOAD_PATH}`,
      uploadUrl: input.uploadUrl ?? null,
      retryDelays: RETRY_DELAYS,
      chunkSize: CHUNK_BYTES,
      metadata: { [RESUMABLE_UPLOAD_FILETYPE_KEY]: input.file.type, filename: 'recording' },
      // The recorder keeps the address itself, with the reading it belongs to.
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as XMLHttpRequest;
        xhr.withCredentials = true;
      },
      onUploadUrlAvailable: () => input.onUploadUrl?.(upload.url),
      onProgress: (sent, total) => input.onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onSuccess: () => {
        const id = upload.url?.split('/').pop();
        if (id) resolve(id);
        else reject(new ApiError(500, undefined));
      },
      onError: reject,
    });
    upload.start();
  });
}

/** The status of a failed tus request (0 when no answer came), or null for a failure of another kind. */
function tusStatus(error: unknown): number | null {
  if (!(error instanceof DetailedError)) return null;
  return error.originalResponse ? error.originalResponse.getStatus() : 0;
}

/**
 * Sends a recording: the bytes through the resumable endpoint (retrying a cut connection by itself),
 * then `POST /api/recording/upload` with the upload's id and the form fields. Where the resumable
 * endpoint is missing, the whole file goes in the one multipart request instead. Throws an ApiError
 * (status 0 for a network failure).
 */
export async function uploadRecording(input: RecordingUploadInput): Promise<UploadedRecording> {
  if (tusSupported) {
    let uploadId: string | null = input.uploadedId ?? null;
    try {
      if (!uploadId) {
        uploadId = await sendResumable(input);
        input.onUploaded?.(uploadId);
      }
    } catch (error) {
      const status = tusStatus(error);
      // No resumable endpoint here (or it refuses the method): fall back to the plain upload below.
      if (status !== 404 && status !== 405 && status !== 501) {
        throw status === null ? new ApiError(0, undefined, { cause: error }) : new ApiError(status, parseError(error));
      }
      input.onUploadUrl?.(null);
    }
    if (uploadId) {
      try {
        // One key per upload: the same upload sent again (an answer lost, a retry after a reload) makes one recording.
        return await apiUpload<UploadedRecording>('/api/recording/upload', form({ ...input.fields, upload_id: uploadId }), {
          headers: idempotencyHeader(`upload-${uploadId}`),
        });
      } catch (error) {
        // The finished upload is gone (expired, or already turned into a recording): start afresh next time.
        if (error instanceof ApiError && error.status === 404) {
          input.onUploadUrl?.(null);
          input.onUploaded?.(null);
        }
        throw error;
      }
    }
  }
  return apiUpload<UploadedRecording>('/api/recording/upload', form(input.fields, input.file, input.file.type), {
    onProgress: (p) => input.onProgress?.(p.percent),
  });
}

function parseError(error: unknown): { error?: string; code?: string } | undefined {
  if (!(error instanceof DetailedError) || !error.originalResponse) return undefined;
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { error?: unknown; code?: unknown };
    return {
      ...(typeof body.error === 'string' ? { error: body.error } : {}),
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
    };
  } catch {
    return undefined;
  }
}
