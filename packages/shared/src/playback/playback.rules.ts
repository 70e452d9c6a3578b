// Pure rules of playback: playlist order, watched state and the stats windows (decisions.md "Stats are
// real", "Endpoints beyond the spec"). No clock: callers pass `now`.
import { WATCHED_FRACTION } from '../constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

// ---- Playlist order ----------------------------------------------------------------------------------

/**
 * The playlist: the saved order (ids no longer in the kid's stories left out), then stories not in it,
 * in the default order (newest first). Without a saved order, the default order.
 */
export function orderPlaylist(defaultIds: readonly string[], saved: readonly string[] | null | undefined): string[] {
  if (!saved?.length) return [...defaultIds];
  const present = new Set(defaultIds);
  const seen = new Set<string>();
  const head = saved.filter((id) => present.has(id) && !seen.has(id) && seen.add(id));
  return [...head, ...defaultIds.filter((id) => !seen.has(id))];
}

/** Moves the story at `index` one place up or down; at either end the order stays. */
export function moveItem<T>(items: readonly T[], index: number, direction: 'up' | 'down'): T[] {
  const to = direction === 'up' ? index - 1 : index + 1;
  const next = [...items];
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Fisher–Yates shuffle with the caller's randomness (`random` answers a number in [0, 1)). */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const next = [...items];
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [next[i], next[j]] = [next[j]!, next[i]!];
  }
  return next;
}

/** Reset: back to the default order (newest first). */
export const resetOrder = (defaultIds: readonly string[]): string[] => [...defaultIds];

/** A saved order must list each of the kid's stories exactly once. */
export function isPermutation(order: readonly string[], ids: readonly string[]): boolean {
  if (order.length !== ids.length) return false;
  const wanted = new Set(ids);
  const seen = new Set<string>();
  for (const id of order) {
    if (!wanted.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

// ---- Watched state -----------------------------------------------------------------------------------

/** One play of a story by a kid: from a `start` event to the next one, summed up. */
export type Play = {
  kidId: string;
  recordingId: string;
  startedAt: Date;
  lastAt: Date;
  /** When the play completed (its first `complete` event), or null. */
  completedAt: Date | null;
  maxPositionSeconds: number;
  lastPositionSeconds: number;
  durationSeconds: number;
};

/** A play counts as watched once it completes or passes 90 percent of the story. */
export function isWatched(play: Pick<Play, 'completedAt' | 'maxPositionSeconds' | 'durationSeconds'>): boolean {
  if (play.completedAt) return true;
  return play.durationSeconds > 0 && play.maxPositionSeconds >= WATCHED_FRACTION * play.durationSeconds;
}

/** When a watched play became watched: its completion, else its last event. */
export const watchedAt = (play: Pick<Play, 'completedAt' | 'lastAt'>): Date => play.completedAt ?? play.lastAt;

/** Seconds of story a play took: as far as it got, at most the story's length (all of it once completed). */
export function playSeconds(play: Pick<Play, 'completedAt' | 'maxPositionSeconds' | 'durationSeconds'>): number {
  const reached = Math.max(0, play.maxPositionSeconds);
  if (play.durationSeconds <= 0) return Math.round(reached);
  return Math.round(play.completedAt ? play.durationSeconds : Math.min(reached, play.durationSeconds));
}

/** Where to resume: where the latest play stopped, or the beginning once it was watched. */
export function resumeSeconds(latest: Pick<Play, 'completedAt' | 'maxPositionSeconds' | 'lastPositionSeconds' | 'durationSeconds'> | null | undefined): number {
  if (!latest || isWatched(latest)) return 0;
  return Math.max(0, Math.floor(latest.lastPositionSeconds));
}

// ---- Windows -----------------------------------------------------------------------------------------

export type TimeWindow = { start: Date; end: Date };

/**
 * The viewer's day around `now`. `tzOffsetMinutes` is what the browser's `Date#getTimezoneOffset()`
 * answers (UTC minus local time: -60 in UTC+1).
 */
export function dayWindow(now: Date, tzOffsetMinutes = 0): TimeWindow {
  const local = now.getTime() - tzOffsetMinutes * MINUTE_MS;
  const start = Math.floor(local / DAY_MS) * DAY_MS + tzOffsetMinutes * MINUTE_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** The viewer's week (Monday to Sunday) around `now`. */
export function weekWindow(now: Date, tzOffsetMinutes = 0): TimeWindow {
  const day = dayWindow(now, tzOffsetMinutes);
  const localMidnight = new Date(day.start.getTime() - tzOffsetMinutes * MINUTE_MS);
  const sinceMonday = (localMidnight.getUTCDay() + 6) % 7;
  const start = day.start.getTime() - sinceMonday * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

export const inWindow = (at: Date, w: TimeWindow) => at >= w.start && at < w.end;

// ---- Family stats ------------------------------------------------------------------------------------

export type FamilyStats = {
  times_watched: number;
  watched_this_week: number;
  storytime_today_seconds: number;
  unwatched: number;
  last_watched: { recording_id: string; kid_id: string; watched_at: string } | null;
};

/**
 * The family's stats from its plays and its kids' ready stories (`assigned`: one entry per kid and
 * story). Times Watched counts watched plays; "unwatched" counts a kid's stories that kid never watched.
 */
export function familyStats(plays: readonly Play[], assigned: readonly { kidId: string; recordingId: string }[], now: Date, tzOffsetMinutes = 0): FamilyStats {
  const week = weekWindow(now, tzOffsetMinutes);
  const today = dayWindow(now, tzOffsetMinutes);
  const watched = plays.filter(isWatched);
  const watchedPairs = new Set(watched.map((p) => `${p.kidId}:${p.recordingId}`));
  const last = watched.reduce<Play | null>((a, p) => (!a || watchedAt(p) > watchedAt(a) ? p : a), null);
  return {
    times_watched: watched.length,
    watched_this_week: watched.filter((p) => inWindow(watchedAt(p), week)).length,
    storytime_today_seconds: plays.filter((p) => inWindow(p.startedAt, today)).reduce((sum, p) => sum + playSeconds(p), 0),
    unwatched: assigned.filter((a) => !watchedPairs.has(`${a.kidId}:${a.recordingId}`)).length,
    last_watched: last ? { recording_id: last.recordingId, kid_id: last.kidId, watched_at: watchedAt(last).toISOString() } : null,
  };
}

// ---- The story player --------------------------------------------------------------------------------

/** The book page shown `seconds` into a reading: the last turn at or before that time, page 1 before any. */
export function pageAt(track: readonly { page: number; at_seconds: number }[], seconds: number): number {
  let page = 1;
  for (const turn of track) {
    if (turn.at_seconds > seconds) break;
    page = turn.page;
  }
  return page;
}

/** How the player shows a story: the reader only, the reader beside the book, or the book only. */
export const VIEWER_MODES = ['video', 'both', 'book'] as const;
export type ViewerMode = (typeof VIEWER_MODES)[number];

type ViewedStory = { is_ai: boolean; video_url: string | null };

/** The modes a story offers: a story without video (audio readings, AI stories) has no video mode. */
export const viewerModes = (story: ViewedStory): ViewerMode[] =>
  story.video_url && !story.is_ai ? [...VIEWER_MODES] : VIEWER_MODES.filter((m) => m !== 'video');

/** Spec section 4: AI stories start in book mode, others in both. */
export const initialViewerMode = (story: Pick<ViewedStory, 'is_ai'>): ViewerMode => (story.is_ai ? 'book' : 'both');

/** The child stories page's header: reader stories (the spec's "video stories") and AI audio stories. */
export function storyCounts(stories: readonly { is_ai: boolean; recording_type: string }[]): { video: number; audio: number; ai: number } {
  const ai = stories.filter((s) => s.is_ai).length;
  // A reader's audio-only reading is no video story (issue 22).
  const audio = stories.filter((s) => !s.is_ai && s.recording_type === 'audio_only').length;
  return { video: stories.length - ai - audio, audio, ai };
}

/** The kid page's header of counts: video and AI audio stories always (spec section 2), readers' audio ones when any. */
export function storyCountsText(counts: { video: number; audio: number; ai: number }): string {
  const part = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? 'story' : 'stories'}`;
  return [part(counts.video, 'video'), ...(counts.audio > 0 ? [part(counts.audio, 'audio')] : []), part(counts.ai, 'AI audio')].join(' · ');
}

/**
 * How many stories a run of the player plays from `startIndex`: all that follow, or at most the bedtime
 * "stories tonight" limit.
 */
export function storiesToPlay(total: number, startIndex: number, storiesLimit?: number | null): number {
  const left = Math.max(0, total - Math.max(0, startIndex));
  return storiesLimit && storiesLimit > 0 ? Math.min(left, storiesLimit) : left;
}

/**
 * The sleep timer's volume (0 to 1) `elapsedMs` after bedtime playback began: full until the fade starts,
 * then down in a straight line to silence when the timer runs out. A timer of 0 is off (always full).
 */
export function sleepTimerVolume(elapsedMs: number, timerMs: number, fadeMs: number): number {
  if (timerMs <= 0) return 1;
  if (elapsedMs >= timerMs) return 0;
  const fade = Math.min(fadeMs, timerMs);
  const fadeStart = timerMs - fade;
  if (elapsedMs <= fadeStart || fade <= 0) return 1;
  return Math.max(0, Math.min(1, (timerMs - elapsedMs) / fade));
}

/** A position to resume at: only inside the story and not in its last seconds (then it starts over). */
export function resumeAt(resumeSeconds: number | undefined, durationSeconds: number, tailSeconds = 3): number {
  if (!resumeSeconds || resumeSeconds <= 0 || !Number.isFinite(resumeSeconds)) return 0;
  if (durationSeconds > 0 && resumeSeconds >= durationSeconds - tailSeconds) return 0;
  return resumeSeconds;
}
