import { flushQueue, outcomeOf, type QueuedRequest } from '@fst/shared/playback/offline.rules';
import { apiRequest, ApiError } from '../../../lib/api-client.ts';
import { idempotencyHeader } from '../../../lib/idempotency-key.ts';

/**
 * Play events and reactions made offline (issue 26), kept in localStorage and sent in order when the
 * browser is back online, each with its Idempotency-Key: a request whose answer was lost and is sent again
 * is kept once by the server (per account or kid device).
 */
const QUEUE_KEY = 'fst.offline-queue.v1';

const read = (): QueuedRequest[] => {
  try {
    return JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedRequest[];
  } catch {
    return [];
  }
};
const write = (queue: QueuedRequest[]) => (queue.length ? localStorage.setItem(QUEUE_KEY, JSON.stringify(queue)) : localStorage.removeItem(QUEUE_KEY));

export function enqueueRequest(request: QueuedRequest): void {
  write([...read(), request]);
}

export const queuedCount = (): number => read().length;

let flushing: Promise<number> | null = null;

/** Sends what waits, once at a time; answers how many were sent or given up. */
export function flushQueuedRequests(): Promise<number> {
  flushing ??= (async () => {
    const queue = read();
    if (!queue.length) return 0;
    const left = await flushQueue(queue, async (request) => {
      try {
        await apiRequest(request.path, { method: 'POST', body: request.body, headers: idempotencyHeader(request.key) });
        return 'sent';
      } catch (error) {
        return outcomeOf(error instanceof ApiError ? error.status : 0);
      }
    });
    // Requests queued while these were sent stay behind them.
    const now = read();
    write([...left, ...now.slice(queue.length)]);
    return queue.length - left.length;
  })().finally(() => (flushing = null));
  return flushing;
}

/** Whether a failure means the request never reached the server (no network): worth queueing. */
export const isOfflineFailure = (error: unknown): boolean => error instanceof ApiError && error.isNetworkError;
