import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isSaved, withOfflineLinks, type SavedStories } from '@fst/shared/playback/offline.rules';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { flushQueuedRequests } from './offline-queue.ts';
import { keepPageReads, offlineSupported, onSavedChange, savedStories, servedOffline, syncSavedStories, type SaveProgress } from './offline-store.ts';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has a network. */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

export type OfflineStories = {
  supported: boolean;
  online: boolean;
  saved: SavedStories;
  /** Whether this device holds the story as it is now. */
  isSaved: (story: Recording) => boolean;
  /** The story with its links on the saved copies when held (and the service worker can answer them). */
  playable: (story: Recording) => Recording;
  /** Saves the whole playlist now. */
  save: () => void;
  progress: SaveProgress | null;
  bytes: number;
  failed: number;
};

/**
 * Tonight's stories offline on the kid's page (issue 26). Online, with the playlist as the server tells it:
 * sends what waited in the offline queue, drops copies of stories gone from the playlist, and adds stories
 * assigned since (a kid device keeps the first `offlineStories` by itself, as a parent set it, 0 for none; a
 * parent's browser keeps adding once it has saved some).
 */
export function useOfflineStories(
  kidId: string,
  playlist: readonly Recording[],
  { fresh, kidDevice, offlineStories }: { fresh: boolean; kidDevice: boolean; offlineStories: number },
): OfflineStories {
  const supported = offlineSupported();
  const online = useOnline();
  const saved = useSyncExternalStore(
    onSavedChange,
    () => localStorage.getItem(`fst.offline.v1.${kidId}`) ?? '{}',
    () => '{}',
  );
  const held = useMemo(() => (saved ? savedStories(kidId) : {}), [saved, kidId]);
  const [progress, setProgress] = useState<SaveProgress | null>(null);
  const [failed, setFailed] = useState(0);

  const sync = useCallback(
    (limit?: number) => {
      if (!supported || progress) return;
      setProgress({ done: 0, total: 0, bytes: 0 });
      void syncSavedStories(kidId, playlist, { limit, onProgress: setProgress })
        .then(
          (result) => setFailed(result.failed),
          () => setFailed(1),
        )
        .then(() => (kidDevice || Object.keys(savedStories(kidId)).length ? keepPageReads(kidId) : undefined))
        .finally(() => setProgress(null));
    },
    [supported, progress, kidId, playlist, kidDevice],
  );

  useEffect(() => {
    if (online) void flushQueuedRequests();
  }, [online]);

  // Once the service worker controls the page, saved copies play through it and the page's reads are kept.
  const [controlled, setControlled] = useState(servedOffline);
  useEffect(() => {
    if (!supported) return;
    const onControl = () => {
      setControlled(servedOffline());
      // A kid device, or a browser holding saved stories, keeps the page's reads for an offline start.
      if (kidDevice || Object.keys(savedStories(kidId)).length) void keepPageReads(kidId);
    };
    navigator.serviceWorker.addEventListener('controllerchange', onControl);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onControl);
  }, [supported, kidId, kidDevice]);

  // Only a playlist fresh from the server decides what to drop and add (not one kept for offline starts).
  const playlistIds = playlist.map((story) => story.id).join(',');
  useEffect(() => {
    if (!online || !fresh || !supported) return;
    if (!kidDevice && !Object.keys(savedStories(kidId)).length) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the effect starts a download to the device (an outside system); its progress state marks it begun and keeps a second one out
    sync(kidDevice ? offlineStories : undefined);
    // Once per playlist as the server tells it (sync changes with every save's progress).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, fresh, playlistIds, offlineStories]);

  const bytes = Object.values(held).reduce((sum, story) => sum + story.bytes, 0);
  const canServe = controlled;
  const isHeld = useCallback((story: Recording) => isSaved(story, held), [held]);
  const playable = useCallback((story: Recording) => (canServe ? withOfflineLinks(story, held) : story), [canServe, held]);
  return {
    supported,
    online,
    saved: held,
    isSaved: isHeld,
    playable,
    save: () => sync(),
    progress,
    bytes,
    failed,
  };
}
