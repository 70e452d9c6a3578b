import { describe, expect, it } from 'vitest';
import {
  flushQueue,
  formatBytes,
  isSaved,
  offlineFiles,
  outcomeOf,
  savePlan,
  storyVersion,
  withOfflineLinks,
  type QueuedRequest,
  type SavedStories,
} from './offline.rules.ts';

const link = (key: string, sig = 'a') => `/api/media/${key}?exp=1700000000&sig=${sig}`;
const story = (id: string, over: Partial<{ video_url: string | null; audio_url: string | null; poster_url: string | null; pdf_url: string | null }> = {}) => ({
  id,
  video_url: link(`recordings/${id}.mp4`),
  audio_url: null,
  poster_url: link(`recordings/${id}.jpg`),
  pdf_url: link(`books/${id}.pdf`),
  book: { title: 'B', author: 'A', description: '', pdf_url: link(`books/${id}.pdf`), cover_url: null, token_cost: 0 },
  ...over,
});
const held = (s: ReturnType<typeof story>): SavedStories[string] => ({ version: storyVersion(s), bytes: 10, savedAt: '2026-11-27T00:00:00Z' });

describe('offline files', () => {
  it('keep a story’s media, poster and pages under stable addresses that fresh links do not change', () => {
    const files = offlineFiles(story('r1'));
    expect(files.map((f) => f.kind)).toEqual(['media', 'poster', 'pages']);
    expect(files.every((f) => f.at.startsWith(`/offline/r1/${storyVersion(story('r1'))}/`))).toBe(true);
    // A fresh signature and expiry: the same version, the same addresses.
    const fresh = story('r1', { video_url: link('recordings/r1.mp4', 'b'), poster_url: link('recordings/r1.jpg', 'b'), pdf_url: link('books/r1.pdf', 'b') });
    expect(offlineFiles(fresh).map((f) => f.at)).toEqual(files.map((f) => f.at));
    // A new file (processed again): a new version.
    expect(storyVersion(story('r1', { video_url: link('recordings/r1-v2.mp4') }))).not.toBe(storyVersion(story('r1')));
  });

  it('are none for a story that cannot play yet, and skip what a story has not', () => {
    expect(offlineFiles(story('r1', { video_url: null }))).toEqual([]);
    const audio = story('r2', { video_url: null, audio_url: link('recordings/r2.m4a'), poster_url: null });
    expect(offlineFiles(audio).map((f) => f.kind)).toEqual(['media', 'pages']);
  });
});

describe('the save plan', () => {
  const playlist = ['a', 'b', 'c', 'd'].map((id) => story(id));

  it('saves the playlist’s stories not held, up to the limit, and keeps those held', () => {
    const saved = { a: held(playlist[0]!) };
    expect(savePlan(playlist, saved).save.map((s) => s.id)).toEqual(['b', 'c', 'd']);
    expect(savePlan(playlist, saved, 2).save.map((s) => s.id)).toEqual(['b']);
    expect(savePlan(playlist, saved, 2).drop).toEqual([]);
    // A story not ready yet is skipped, and does not count toward the limit.
    const waiting = [story('x', { video_url: null }), ...playlist];
    expect(savePlan(waiting, {}, 2).save.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('drops stories gone from the playlist (deleted or unassigned) and old versions, saving the new one', () => {
    const saved = { a: held(playlist[0]!), gone: held(story('gone')), b: { ...held(playlist[1]!), version: 'old' } };
    const plan = savePlan(playlist, saved, 2);
    expect(plan.drop.sort()).toEqual(['b', 'gone']);
    expect(plan.save.map((s) => s.id)).toEqual(['b']);
    // Saved past the limit: kept while on the playlist.
    expect(savePlan(playlist, { d: held(playlist[3]!) }, 1).drop).toEqual([]);
  });

  it('points a saved story’s links at its saved copies, and leaves the others as they are', () => {
    const saved = { a: held(playlist[0]!) };
    const a = withOfflineLinks(playlist[0]!, saved);
    expect(isSaved(playlist[0]!, saved)).toBe(true);
    expect(a.video_url).toMatch(/^\/offline\/a\/[0-9a-f]{8}\/media$/);
    expect(a.poster_url).toMatch(/\/poster$/);
    expect(a.pdf_url).toMatch(/\/pages$/);
    expect(a.book?.pdf_url).toBe(a.pdf_url);
    expect(withOfflineLinks(playlist[1]!, saved)).toBe(playlist[1]);
    const audio = story('s', { video_url: null, audio_url: link('recordings/s.m4a') });
    expect(withOfflineLinks(audio, { s: held(audio) })).toMatchObject({ video_url: null, audio_url: expect.stringMatching(/\/media$/) });
  });
});

describe('the offline queue', () => {
  const q = (key: string): QueuedRequest => ({ key, path: '/api/playback/events', body: { key } });

  it('sends in order, drops what was kept or refused for good, and keeps the rest in order from the first that must wait', async () => {
    const sent: string[] = [];
    const answers: Record<string, number> = { k1: 201, k2: 404, k3: 0, k4: 201 };
    const left = await flushQueue([q('k1'), q('k2'), q('k3'), q('k4')], async (r) => {
      sent.push(r.key);
      return outcomeOf(answers[r.key]!);
    });
    expect(sent).toEqual(['k1', 'k2', 'k3']);
    expect(left.map((r) => r.key)).toEqual(['k3', 'k4']);
    expect(await flushQueue([], async () => 'sent')).toEqual([]);
  });

  it('waits on no network, a key still answered, rate limits and server errors; gives up on other refusals', () => {
    expect([200, 201].map(outcomeOf)).toEqual(['sent', 'sent']);
    expect([0, 408, 409, 429, 500, 503].map(outcomeOf)).toEqual(Array(6).fill('later'));
    expect([400, 401, 403, 404].map(outcomeOf)).toEqual(Array(4).fill('refused'));
  });
});

describe('formatBytes', () => {
  it('tells the space used', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12_345)).toBe('12.3 KB');
    expect(formatBytes(123_456_789)).toBe('123 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.5 GB');
  });
});
