import type { Recording } from '../recordings/recordings.schema.ts';

/**
 * Tonight's stories offline (issue 26, docs/architecture.md "Service worker"): the rules of what a device
 * keeps. A saved story's files live in the Cache API under stable addresses of our own
 * (`/offline/{recording id}/{version}/{file}`), never under their signed links, which expire; the service
 * worker answers those addresses from the cache, Range included.
 */
export const OFFLINE_PATH = '/offline/';
/** The cache the page writes saved stories into and the service worker reads them from (apps/web/vite.config.ts). */
export const OFFLINE_STORIES_CACHE = 'fst-offline-stories';
/** The kid page's reads the service worker keeps for offline starts. */
export const OFFLINE_DATA_CACHE = 'fst-kid-data';

/** What a story keeps offline: its media (video or sound), its poster, and its book's pages (the PDF). */
export type OfflineFileKind = 'media' | 'poster' | 'pages';
export type OfflineFile = { kind: OfflineFileKind; /** The signed link to fetch it from now. */ from: string; /** Where it is kept. */ at: string };
export type SavedStory = { version: string; bytes: number; savedAt: string };
/** Recording id → what this device holds of it. */
export type SavedStories = Record<string, SavedStory>;

type OfflineRecording = Pick<Recording, 'id' | 'video_url' | 'audio_url' | 'poster_url' | 'pdf_url' | 'book'>;

const signedLinks = (story: OfflineRecording): [OfflineFileKind, string | null][] => [
  ['media', story.video_url ?? story.audio_url],
  ['poster', story.poster_url],
  ['pages', story.pdf_url ?? story.book?.pdf_url ?? null],
];

/** A link without its signature and expiry: the stored object it names, the same for every fresh link. */
const objectOf = (link: string): string => link.split(/[?#]/)[0]!;

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, and enough to tell one set of files from another. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A story's version: its files' stored objects (links without their signatures), so a fresh link of the same
 * file keeps the saved copy and a new file (a reading processed again) makes a new version.
 */
export const storyVersion = (story: OfflineRecording): string =>
  fnv1a(
    signedLinks(story)
      .map(([kind, link]) => `${kind}=${link ? objectOf(link) : ''}`)
      .join('\n'),
  );

/** The files to save of a story, with the stable address each is kept at; none when it cannot play yet. */
export function offlineFiles(story: OfflineRecording): OfflineFile[] {
  if (!(story.video_url ?? story.audio_url)) return [];
  const version = storyVersion(story);
  return signedLinks(story).flatMap(([kind, from]) => (from ? [{ kind, from, at: `${OFFLINE_PATH}${encodeURIComponent(story.id)}/${version}/${kind}` }] : []));
}

/** Whether this device holds the story as it is now. */
export const isSaved = (story: OfflineRecording, saved: SavedStories): boolean =>
  saved[story.id]?.version === storyVersion(story) && offlineFiles(story).length > 0;

/**
 * What to save and what to drop, given the playlist as the server tells it now: the first `limit` playable
 * stories (all without a limit) not held in their current version are saved; stories no longer on the
 * playlist (deleted, or unassigned) and old versions are dropped. Stories past the limit already saved stay.
 */
export function savePlan<T extends OfflineRecording>(playlist: readonly T[], saved: SavedStories, limit?: number): { save: T[]; drop: string[] } {
  const playable = playlist.filter((story) => offlineFiles(story).length > 0);
  const wanted = limit === undefined ? playable : playable.slice(0, Math.max(0, limit));
  const save = wanted.filter((story) => !isSaved(story, saved));
  const current = new Map(playlist.map((story) => [story.id, storyVersion(story)]));
  const drop = Object.entries(saved)
    .filter(([id, held]) => current.get(id) !== held.version)
    .map(([id]) => id);
  return { save, drop };
}

/** The story with its files' links pointing at the saved copies, when this device holds it as it is now. */
export function withOfflineLinks<T extends OfflineRecording>(story: T, saved: SavedStories): T {
  if (!isSaved(story, saved)) return story;
  const at = Object.fromEntries(offlineFiles(story).map((file) => [file.kind, file.at])) as Partial<Record<OfflineFileKind, string>>;
  const media = at.media ?? null;
  return {
    ...story,
    video_url: story.video_url ? media : null,
    audio_url: story.video_url ? story.audio_url : media,
    poster_url: at.poster ?? story.poster_url,
    pdf_url: at.pages ?? story.pdf_url,
    book: story.book ? { ...story.book, pdf_url: at.pages ?? story.book.pdf_url } : story.book,
  };
}

/** The space saved stories use, e.g. "12.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** A play event or reaction made offline, sent when back online with its Idempotency-Key. */
export type QueuedRequest = { key: string; path: string; body: unknown };
/** How one try of a queued request went: kept by the server, refused for good (a 4xx), or to try later. */
export type SendOutcome = 'sent' | 'refused' | 'later';

/**
 * Sends the queue in order and answers what is left: a request the server kept or refused for good leaves
 * the queue; at the first that must wait (no network, a server error, its key still being answered) the
 * rest wait with it, in order. Sent again after an answer lost on the way, a request is kept once (its key).
 */
export async function flushQueue(queue: readonly QueuedRequest[], send: (request: QueuedRequest) => Promise<SendOutcome>): Promise<QueuedRequest[]> {
  for (let i = 0; i < queue.length; i++) {
    const outcome = await send(queue[i]!);
    if (outcome === 'later') return queue.slice(i);
  }
  return [];
}

/** A status answered for a queued request: 2xx sent; 408, 409 (its key in use), 429 and 5xx later; other 4xx refused. */
export function outcomeOf(status: number): SendOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0 || status === 408 || status === 409 || status === 429 || status >= 500) return 'later';
  return 'refused';
}
