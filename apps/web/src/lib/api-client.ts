import type { ApiErrorBody } from '@fst/shared/http/error.schema';
import { APP_TEXTS } from '@fst/shared/messages';

/** A failed API call: `status` 0 means the request never got an answer (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's human-readable text, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly errors: Record<string, string[]> | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined, options?: { cause?: unknown }) {
    super(body?.error ?? (status === 0 ? 'Network error' : `Request failed: ${status}`), options);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status === 0 ? 'network_error' : 'http_error');
    this.serverMessage = body?.error;
    this.errors = body?.errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The server's text when present, otherwise the screen's default (spec section 8); offline, that it is. */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  return error.isNetworkError && typeof navigator !== 'undefined' && !navigator.onLine ? APP_TEXTS.offline : fallback;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; omitted entirely (no content-type) when undefined. */
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a small report sent as the tab closes). */
  keepalive?: boolean;
  /** Headers beyond Accept and Content-Type (an Idempotency-Key). */
  headers?: Record<string, string>;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function asErrorBody(value: unknown): Partial<ApiErrorBody> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const body = value as Record<string, unknown>;
  return {
    error: typeof body.error === 'string' ? body.error : undefined,
    code: typeof body.code === 'string' ? body.code : undefined,
    errors: typeof body.errors === 'object' && body.errors !== null ? (body.errors as Record<string, string[]>) : undefined,
  };
}

/** Calls the API with the session cookie; resolves with the JSON answer or throws an ApiError. */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal, keepalive, headers }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, { cause });
  }
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, asErrorBody(data));
  return data as T;
}
