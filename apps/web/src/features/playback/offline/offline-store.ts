import { OFFLINE_DATA_CACHE, OFFLINE_STORIES_CACHE, offlineFiles, savePlan, storyVersion, type SavedStories } from '@fst/shared/playback/offline.rules';
import type { Recording } from '@fst/shared/recordings/recordings.schema';

/**
 * Saved stories on this device (issue 26): their files in the Cache API under the stable addresses of
 * offline.rules.ts, which the service worker answers (Range included); what is held, per kid, in
 * localStorage. Signed links are fetched only to fill the cache, never kept.
 */
const INDEX_PREFIX = 'fst.offline.v1.';
const listeners = new Set<() => void>();

export const offlineSupported = (): boolean => typeof caches !== 'undefined' && 'serviceWorker' in navigator;
/** The saved copies play only through the service worker, which answers their addresses. */
export const servedOffline = (): boolean => offlineSupported() && navigator.serviceWorker.controller !== null;

export function savedStories(kidId: string): SavedStories {
  try {
    return JSON.parse(localStorage.getItem(INDEX_PREFIX + kidId) ?? '{}') as SavedStories;
  } catch {
    return {};
  }
}

function writeSaved(kidId: string, saved: SavedStories): void {
  localStorage.setItem(INDEX_PREFIX + kidId, JSON.stringify(saved));
  for (const listener of listeners) listener();
}

export function onSavedChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type SaveProgress = { done: number; total: number; bytes: number };

/**
 * Brings this device's copies in line with the playlist (savePlan): drops what left it, saves the first
 * `limit` stories (all without one) not held yet, reporting files done and bytes kept. A file that fails
 * leaves its story unsaved; the rest go on.
 */
export async function syncSavedStories(
  kidId: string,
  playlist: readonly Recording[],
  { limit, onProgress }: { limit?: number; onProgress?: (p: SaveProgress) => void } = {},
) {
  const cache = await caches.open(OFFLINE_STORIES_CACHE);
  const saved = { ...savedStories(kidId) };
  const plan = savePlan(playlist, saved, limit);
  for (const id of plan.drop) await dropStory(cache, id, saved);
  if (plan.drop.length) writeSaved(kidId, saved);
  const files = plan.save.flatMap((story) => offlineFiles(story).map((file) => ({ story, file })));
  const progress: SaveProgress = { done: 0, total: files.length, bytes: 0 };
  onProgress?.({ ...progress });
  let failed = 0;
  for (const story of plan.save) {
    let bytes = 0;
    try {
      for (const file of offlineFiles(story)) {
        const response = await fetch(file.from, { credentials: 'include' });
        if (!response.ok) throw new Error(`${file.kind}: ${response.status}`);
        const blob = await response.blob();
        // Kept whole, with its type and length: the service worker cuts Range answers from it.
        const headers = { 'content-type': response.headers.get('content-type') ?? blob.type, 'content-length': String(blob.size) };
        await cache.put(file.at, new Response(blob, { headers }));
        bytes += blob.size;
        progress.done++;
        progress.bytes += blob.size;
        onProgress?.({ ...progress });
      }
      saved[story.id] = { version: storyVersion(story), bytes, savedAt: new Date().toISOString() };
      writeSaved(kidId, saved);
    } catch (error) {
      failed++;
      console.warn(`“${story.book_title ?? story.id}” was not saved for offline`, error);
    }
  }
  return { saved: plan.save.length - failed, failed, dropped: plan.drop.length };
}

async function dropStory(cache: Cache, id: string, saved: SavedStories): Promise<void> {
  const prefix = `/offline/${encodeURIComponent(id)}/`;
  for (const request of await cache.keys()) if (new URL(request.url).pathname.startsWith(prefix)) await cache.delete(request);
  delete saved[id];
}

/** Forgets every saved story and the kept reads of this device: it is no longer a kid's (removed, or signed out). */
export async function forgetOfflineCopies(): Promise<void> {
  for (const key of Object.keys(localStorage)) if (key.startsWith(INDEX_PREFIX)) localStorage.removeItem(key);
  if (typeof caches !== 'undefined') await Promise.all([caches.delete(OFFLINE_STORIES_CACHE), caches.delete(OFFLINE_DATA_CACHE)]);
  for (const listener of listeners) listener();
}

/**
 * Fetches what the kid's page reads through the service worker, which keeps the answers (vite.config.ts): the
 * page then starts offline even when its first visit came before the worker controlled it.
 */
export async function keepPageReads(kidId: string): Promise<void> {
  if (!servedOffline() || !navigator.onLine) return;
  const kid = encodeURIComponent(kidId);
  const reads = [
    '/api/auth/check-session',
    '/api/auth/me',
    `/api/recording/kid/${kid}`,
    `/api/playback/kid/${kid}/playlist`,
    `/api/playback/kid/${kid}/bedtime`,
  ];
  await Promise.all(reads.map((url) => fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => undefined)));
}
