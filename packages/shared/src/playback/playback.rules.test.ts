import { describe, expect, it } from 'vitest';
import {
  dayWindow,
  familyStats,
  inWindow,
  isPermutation,
  isWatched,
  initialViewerMode,
  moveItem,
  orderPlaylist,
  pageAt,
  playSeconds,
  resetOrder,
  resumeAt,
  resumeSeconds,
  shuffle,
  sleepTimerVolume,
  storiesToPlay,
  storyCounts,
  storyCountsText,
  viewerModes,
  weekWindow,
  type Play,
} from './playback.rules.ts';
import { bedtimeBody, playEventBody, playlistOrderBody } from './playback.schema.ts';

describe('playlist order', () => {
  it('keeps the default (newest first) without a saved order', () => {
    expect(orderPlaylist(['c', 'b', 'a'], null)).toEqual(['c', 'b', 'a']);
    expect(orderPlaylist(['c', 'b', 'a'], [])).toEqual(['c', 'b', 'a']);
  });
  it('follows a saved order, drops stories gone and appends new ones in default order', () => {
    expect(orderPlaylist(['c', 'b', 'a'], ['a', 'c', 'b'])).toEqual(['a', 'c', 'b']);
    expect(orderPlaylist(['d', 'c', 'a'], ['a', 'x', 'c', 'b', 'a'])).toEqual(['a', 'c', 'd']);
  });
  it('moves one place up or down and stays at either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 'up')).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 'down')).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 'down')).toEqual(['a', 'b', 'c']);
  });
  it('shuffles with the given randomness, keeping every story once', () => {
    // random() = 0 swaps each place, from the last down, with the first.
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0)).toEqual(['b', 'c', 'd', 'a']);
    // random() just under 1 swaps each with itself: unchanged.
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0.999999)).toEqual(['a', 'b', 'c', 'd']);
    const seq = [0.5, 0.1, 0.9];
    let i = 0;
    const out = shuffle(['a', 'b', 'c', 'd'], () => seq[i++ % seq.length]!);
    expect([...out].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(shuffle([], () => 0.3)).toEqual([]);
  });
  it('resets to the default order', () => {
    const defaults = ['c', 'b', 'a'];
    const reset = resetOrder(defaults);
    expect(reset).toEqual(defaults);
    expect(reset).not.toBe(defaults);
  });
  it('accepts only a permutation of the kid’s stories', () => {
    expect(isPermutation(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutation([], [])).toBe(true);
    expect(isPermutation(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'x'], ['a', 'b'])).toBe(false);
  });
});

const at = (iso: string) => new Date(iso);
const play = (p: Partial<Play> = {}): Play => ({
  kidId: 'k1',
  recordingId: 'r1',
  startedAt: at('2030-01-09T10:00:00Z'),
  lastAt: at('2030-01-09T10:05:00Z'),
  completedAt: null,
  maxPositionSeconds: 0,
  lastPositionSeconds: 0,
  durationSeconds: 100,
  ...p,
});

describe('watched', () => {
  it('counts a completed play or one past 90 percent', () => {
    expect(isWatched(play({ completedAt: at('2030-01-09T10:05:00Z') }))).toBe(true);
    expect(isWatched(play({ maxPositionSeconds: 90 }))).toBe(true);
    expect(isWatched(play({ maxPositionSeconds: 89.9 }))).toBe(false);
    // Unknown length: only completion counts.
    expect(isWatched(play({ durationSeconds: 0, maxPositionSeconds: 500 }))).toBe(false);
  });
  it('counts the seconds a play took, at most the story’s length', () => {
    expect(playSeconds(play({ maxPositionSeconds: 42.4 }))).toBe(42);
    expect(playSeconds(play({ maxPositionSeconds: 250 }))).toBe(100);
    expect(playSeconds(play({ maxPositionSeconds: 10, completedAt: at('2030-01-09T10:05:00Z') }))).toBe(100);
    expect(playSeconds(play({ durationSeconds: 0, maxPositionSeconds: 30 }))).toBe(30);
  });
  it('resumes where the latest play stopped, from the start once watched', () => {
    expect(resumeSeconds(null)).toBe(0);
    expect(resumeSeconds(play({ maxPositionSeconds: 50, lastPositionSeconds: 40.7 }))).toBe(40);
    expect(resumeSeconds(play({ maxPositionSeconds: 95, lastPositionSeconds: 95 }))).toBe(0);
  });
});

describe('windows', () => {
  it('a day is the viewer’s local day', () => {
    expect(dayWindow(at('2030-01-09T13:00:00Z'))).toEqual({ start: at('2030-01-09T00:00:00Z'), end: at('2030-01-10T00:00:00Z') });
    // UTC+2 (offset -120): 01:00 local on the 10th.
    expect(dayWindow(at('2030-01-09T23:00:00Z'), -120)).toEqual({ start: at('2030-01-09T22:00:00Z'), end: at('2030-01-10T22:00:00Z') });
    // UTC-5 (offset 300): still the 8th at 03:00 UTC on the 9th.
    expect(dayWindow(at('2030-01-09T03:00:00Z'), 300)).toEqual({ start: at('2030-01-08T05:00:00Z'), end: at('2030-01-09T05:00:00Z') });
  });
  it('a week runs Monday to Sunday', () => {
    // 2030-01-09 is a Wednesday; its week starts Monday the 7th.
    expect(weekWindow(at('2030-01-09T13:00:00Z'))).toEqual({ start: at('2030-01-07T00:00:00Z'), end: at('2030-01-14T00:00:00Z') });
    // Sunday evening is still the same week; Monday 00:00 starts the next.
    expect(weekWindow(at('2030-01-13T23:59:59Z')).start).toEqual(at('2030-01-07T00:00:00Z'));
    expect(weekWindow(at('2030-01-14T00:00:00Z')).start).toEqual(at('2030-01-14T00:00:00Z'));
    // In UTC+2 Monday starts at 22:00 UTC on Sunday.
    expect(weekWindow(at('2030-01-13T22:30:00Z'), -120).start).toEqual(at('2030-01-13T22:00:00Z'));
    expect(inWindow(at('2030-01-14T00:00:00Z'), weekWindow(at('2030-01-09T13:00:00Z')))).toBe(false);
  });
});

describe('familyStats', () => {
  const now = at('2030-01-09T20:00:00Z');
  it('counts watched plays, this week’s, today’s story time and the unwatched stories', () => {
    const plays = [
      play({ completedAt: at('2030-01-09T10:05:00Z'), maxPositionSeconds: 100 }), // today, watched
      play({ recordingId: 'r2', startedAt: at('2030-01-09T11:00:00Z'), lastAt: at('2030-01-09T11:01:00Z'), maxPositionSeconds: 30 }), // today, not watched
      play({ startedAt: at('2030-01-06T10:00:00Z'), lastAt: at('2030-01-06T10:02:00Z'), maxPositionSeconds: 95 }), // last week (Sunday), watched
    ];
    const assigned = [
      { kidId: 'k1', recordingId: 'r1' },
      { kidId: 'k1', recordingId: 'r2' },
      { kidId: 'k2', recordingId: 'r1' },
    ];
    expect(familyStats(plays, assigned, now)).toEqual({
      times_watched: 2,
      watched_this_week: 1,
      storytime_today_seconds: 130,
      unwatched: 2,
      last_watched: { recording_id: 'r1', kid_id: 'k1', watched_at: '2030-01-09T10:05:00.000Z' },
    });
  });
  it('answers zeros for a family without plays', () => {
    expect(familyStats([], [], now)).toEqual({ times_watched: 0, watched_this_week: 0, storytime_today_seconds: 0, unwatched: 0, last_watched: null });
  });
});

describe('playback schemas', () => {
  const id = '7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
  it('bedtime limits: stories 1 to 20, timer 0 to 120 whole minutes', () => {
    expect(bedtimeBody.safeParse({ stories_limit: 1, sleep_timer_minutes: 0 }).success).toBe(true);
    expect(bedtimeBody.safeParse({ stories_limit: 20, sleep_timer_minutes: 120 }).success).toBe(true);
    for (const bad of [
      { stories_limit: 0, sleep_timer_minutes: 10 },
      { stories_limit: 21, sleep_timer_minutes: 10 },
      { stories_limit: 2.5, sleep_timer_minutes: 10 },
      { stories_limit: 3, sleep_timer_minutes: -1 },
      { stories_limit: 3, sleep_timer_minutes: 121 },
      { stories_limit: 3 },
    ]) {
      expect(bedtimeBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('play events need a known event and a position of zero or more', () => {
    expect(playEventBody.parse({ recording_id: id, kid_id: id, event: 'start' }).position_seconds).toBe(0);
    expect(playEventBody.safeParse({ recording_id: id, kid_id: id, event: 'pause', position_seconds: 1 }).success).toBe(false);
    expect(playEventBody.safeParse({ recording_id: id, kid_id: id, event: 'progress', position_seconds: -1 }).success).toBe(false);
  });
  it('a playlist order is a list of ids', () => {
    expect(playlistOrderBody.safeParse({ order: [id] }).success).toBe(true);
    expect(playlistOrderBody.safeParse({ order: id }).success).toBe(false);
  });
});

describe('the story player', () => {
  const track = [
    { page: 1, at_seconds: 0 },
    { page: 2, at_seconds: 10 },
    { page: 3, at_seconds: 25.5 },
  ];
  it('turns to the page the reading had reached', () => {
    expect(pageAt([], 42)).toBe(1);
    expect(pageAt(track, 0)).toBe(1);
    expect(pageAt(track, 9.99)).toBe(1);
    expect(pageAt(track, 10)).toBe(2);
    expect(pageAt(track, 25.4)).toBe(2);
    expect(pageAt(track, 25.5)).toBe(3);
    expect(pageAt(track, 9999)).toBe(3);
    // Turning back while reading, and a first turn that is not page 1.
    expect(
      pageAt(
        [
          { page: 4, at_seconds: 2 },
          { page: 3, at_seconds: 5 },
        ],
        1,
      ),
    ).toBe(1);
    expect(
      pageAt(
        [
          { page: 4, at_seconds: 2 },
          { page: 3, at_seconds: 5 },
        ],
        6,
      ),
    ).toBe(3);
  });
  it('offers video only for stories with video; AI stories start in book mode, others in both', () => {
    expect(viewerModes({ is_ai: false, video_url: '/v.mp4' })).toEqual(['video', 'both', 'book']);
    expect(viewerModes({ is_ai: false, video_url: null })).toEqual(['both', 'book']);
    expect(viewerModes({ is_ai: true, video_url: null })).toEqual(['both', 'book']);
    expect(initialViewerMode({ is_ai: true })).toBe('book');
    expect(initialViewerMode({ is_ai: false })).toBe('both');
  });
  it('counts video, readers’ audio and AI audio stories apart', () => {
    expect(storyCounts([])).toEqual({ video: 0, audio: 0, ai: 0 });
    const video = { is_ai: false, recording_type: 'video_with_pdf' };
    const webcam = { is_ai: false, recording_type: 'webcam_only' };
    const audio = { is_ai: false, recording_type: 'audio_only' };
    const ai = { is_ai: true, recording_type: 'audio_only' };
    expect(storyCounts([video, ai, webcam, audio])).toEqual({ video: 2, audio: 1, ai: 1 });
    expect(storyCountsText({ video: 2, audio: 0, ai: 1 })).toBe('2 video stories · 1 AI audio story');
    expect(storyCountsText({ video: 0, audio: 1, ai: 0 })).toBe('0 video stories · 1 audio story · 0 AI audio stories');
  });
  it('plays every following story, or at most the stories-tonight limit', () => {
    expect(storiesToPlay(5, 0)).toBe(5);
    expect(storiesToPlay(5, 3)).toBe(2);
    expect(storiesToPlay(5, 0, 3)).toBe(3);
    expect(storiesToPlay(5, 4, 3)).toBe(1);
    expect(storiesToPlay(2, 0, 20)).toBe(2);
    expect(storiesToPlay(0, 0, 3)).toBe(0);
    expect(storiesToPlay(3, 7)).toBe(0);
    expect(storiesToPlay(3, -1)).toBe(3);
    expect(storiesToPlay(3, 0, 0)).toBe(3);
  });
  it('the sleep timer keeps full sound, fades over its last stretch and ends silent', () => {
    const minute = 60_000;
    expect(sleepTimerVolume(0, 0, 30_000)).toBe(1);
    expect(sleepTimerVolume(10 * minute, 0, 30_000)).toBe(1);
    expect(sleepTimerVolume(0, 10 * minute, 30_000)).toBe(1);
    expect(sleepTimerVolume(10 * minute - 30_000, 10 * minute, 30_000)).toBe(1);
    expect(sleepTimerVolume(10 * minute - 15_000, 10 * minute, 30_000)).toBeCloseTo(0.5);
    expect(sleepTimerVolume(10 * minute - 3000, 10 * minute, 30_000)).toBeCloseTo(0.1);
    expect(sleepTimerVolume(10 * minute, 10 * minute, 30_000)).toBe(0);
    expect(sleepTimerVolume(11 * minute, 10 * minute, 30_000)).toBe(0);
    // A timer shorter than the fade fades all the way.
    expect(sleepTimerVolume(5000, 10_000, 30_000)).toBeCloseTo(0.5);
  });
  it('resumes inside the story only, not in its last seconds', () => {
    expect(resumeAt(undefined, 100)).toBe(0);
    expect(resumeAt(0, 100)).toBe(0);
    expect(resumeAt(-4, 100)).toBe(0);
    expect(resumeAt(Number.NaN, 100)).toBe(0);
    expect(resumeAt(42, 100)).toBe(42);
    expect(resumeAt(97, 100)).toBe(0);
    expect(resumeAt(96.9, 100)).toBe(96.9);
    // Unknown length: trust the position.
    expect(resumeAt(42, 0)).toBe(42);
  });
});
