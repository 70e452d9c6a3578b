import type { ApiErrorBody } from '@fst/shared/http/error.schema';
import { ApiError } from './api-client.ts';

export type UploadProgress = { loaded: number; total: number; /** 0 to 100. */ percent: number };

type UploadOptions = {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string> | undefined;
};

function errorBody(text: string): Partial<ApiErrorBody> | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown> | null;
    if (typeof body !== 'object' || body === null) return undefined;
    return {
      error: typeof body.error === 'string' ? body.error : undefined,
      code: typeof body.code === 'string' ? body.code : undefined,
      errors: typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string[]>) : undefined,
    };
  } catch {
    return undefined;
  }
}

/**
 * Sends a multipart form with the session cookie and reports upload progress (fetch cannot). Resolves
 * with the JSON answer or throws an ApiError, like `apiRequest`.
 */
export function apiUpload<T>(path: string, form: FormData, { method = 'POST', onProgress, signal, headers }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (!event.lengthComputable || event.total === 0) return;
        onProgress({ loaded: event.loaded, total: event.total, percent: Math.round((event.loaded / event.total) * 100) });
      });
    }
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch (cause) {
          reject(new ApiError(xhr.status, undefined, { cause }));
        }
        return;
      }
      reject(new ApiError(xhr.status, errorBody(xhr.responseText)));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, undefined)));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
