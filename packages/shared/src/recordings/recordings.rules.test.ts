import { describe, expect, it } from 'vitest';
import { RECORDING_PAGE_TEXTS } from '../messages.ts';
import {
  assignChoices,
  canAssign,
  containerOfMime,
  formatDuration,
  formatTimer,
  nextRecorderState,
  normalizePageTrack,
  pageAt,
  recordableKids,
  recorderChoicesLocked,
  recordingTypeLabel,
  sniffContainer,
  statusDisplay,
  type RecorderState,
} from './recordings.rules.ts';

describe('formatDuration (m:ss)', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.9, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [600, '10:00'],
    [3599, '59:59'],
    [4500, '75:00'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [null, '0:00'],
    [undefined, '0:00'],
  ])('%s seconds is %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe('formatTimer (mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [7, '00:07'],
    [65.7, '01:05'],
    [600, '10:00'],
    [7200, '120:00'],
    [-1, '00:00'],
    [Number.NaN, '00:00'],
  ])('%s seconds is %s', (seconds, text) => expect(formatTimer(seconds)).toBe(text));
});

describe('statusDisplay', () => {
  it('shows ready as finished in green and anything else as-is in a warning colour', () => {
    expect(statusDisplay('ready')).toEqual({ label: RECORDING_PAGE_TEXTS.statusFinished, tone: 'success' });
    expect(statusDisplay('processing')).toEqual({ label: 'processing', tone: 'warning' });
    expect(statusDisplay('failed')).toEqual({ label: 'failed', tone: 'warning' });
    expect(statusDisplay('uploading')).toEqual({ label: 'uploading', tone: 'warning' });
  });
  it('labels each recording type', () => {
    expect(recordingTypeLabel('video_with_pdf')).toBe('Video with book');
    expect(recordingTypeLabel('audio_only')).toBe('Audio only');
    expect(recordingTypeLabel('webcam_only')).toBe('Webcam only');
  });
  it('lets only ready recordings be assigned', () => {
    expect(canAssign('ready')).toBe(true);
    for (const s of ['processing', 'failed', '']) expect(canAssign(s)).toBe(false);
  });
});

describe('media checks', () => {
  it.each([
    ['video/webm', 'webm'],
    ['video/webm;codecs=vp8,opus', 'webm'],
    ['VIDEO/WEBM; codecs="vp9"', 'webm'],
    ['audio/webm', 'webm'],
    ['video/mp4', 'mp4'],
    ['audio/mp4', 'mp4'],
    ['video/quicktime', 'mp4'],
    ['audio/ogg', 'ogg'],
    ['audio/ogg; codecs=opus', 'ogg'],
    ['audio/mpeg', 'mp3'],
    ['audio/x-m4a', 'mp4'],
    ['audio/wav', 'wav'],
    ['audio/x-flac', 'flac'],
  ])('accepts %s as %s', (mime, container) => expect(containerOfMime(mime)).toBe(container));

  it.each(['', 'application/pdf', 'text/plain', 'image/jpeg', 'application/octet-stream', 'video/webmx', 'webm', null, undefined])('refuses %j', (mime) =>
    expect(containerOfMime(mime)).toBeNull(),
  );

  const bytes = (...b: number[]) => Uint8Array.from(b);
  const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  it('recognises the containers by their first bytes', () => {
    expect(sniffContainer(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42))).toBe('webm');
    expect(sniffContainer(bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d))).toBe('mp4');
    expect(sniffContainer(text('OggS\0\x02'))).toBe('ogg');
    expect(sniffContainer(text('RIFF\x24\x08\0\0WAVEfmt '))).toBe('wav');
    expect(sniffContainer(text('fLaC\0\0\0\x22'))).toBe('flac');
    expect(sniffContainer(text('ID3\x04\0\0'))).toBe('mp3');
    expect(sniffContainer(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
    expect(sniffContainer(text('RIFF\x24\x08\0\0AVI LIST'))).toBeNull();
  });
  it('refuses anything else, and too few bytes', () => {
    expect(sniffContainer(text('%PDF-1.7\n'))).toBeNull();
    expect(sniffContainer(text('<html><body>'))).toBeNull();
    expect(sniffContainer(bytes(0xff, 0xd8, 0xff, 0xe0))).toBeNull();
    expect(sniffContainer(bytes(0x1a, 0x45, 0xdf))).toBeNull();
    expect(sniffContainer(bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79))).toBeNull();
    expect(sniffContainer(bytes())).toBeNull();
  });
});

describe('the recorder', () => {
  const steps = (start: RecorderState, ...actions: Parameters<typeof nextRecorderState>[1][]) =>
    actions.reduce<RecorderState[]>((acc, a) => [...acc, nextRecorderState(acc.at(-1)!, a)], [start]).slice(1);

  it('goes idle → recording ⇄ paused → stopped, and Record Again returns to idle', () => {
    expect(steps('idle', 'start', 'pause', 'resume', 'pause', 'stop', 'reset')).toEqual(['recording', 'paused', 'recording', 'paused', 'stopped', 'idle']);
    expect(steps('idle', 'start', 'stop')).toEqual(['recording', 'stopped']);
  });
  it('ignores actions that do not apply', () => {
    expect(nextRecorderState('idle', 'pause')).toBe('idle');
    expect(nextRecorderState('idle', 'stop')).toBe('idle');
    expect(nextRecorderState('recording', 'start')).toBe('recording');
    expect(nextRecorderState('stopped', 'start')).toBe('stopped');
    expect(nextRecorderState('stopped', 'resume')).toBe('stopped');
  });
  it('locks type and kids unless idle', () => {
    expect(recorderChoicesLocked('idle')).toBe(false);
    for (const s of ['recording', 'paused', 'stopped'] as const) expect(recorderChoicesLocked(s)).toBe(true);
  });
});

describe('which kids may be chosen', () => {
  const families = [
    {
      id: 'f1',
      name: 'Robinsons',
      my_role: 'reader' as const,
      kids: [
        { id: 'k1', first_name: 'Mia' },
        { id: 'k2', first_name: 'Leo' },
      ],
    },
    { id: 'f2', name: 'Own', my_role: 'admin' as const, kids: [{ id: 'k3', first_name: 'Ann' }] },
    { id: 'f3', name: 'Smiths', my_role: 'reader' as const, kids: [] },
    { id: 'f4', name: 'Joneses', my_role: 'reader' as const, kids: [{ id: 'k4', first_name: 'Ben' }] },
  ];
  it('offers the recorder only the kids of families the user reads for', () => {
    expect(recordableKids(families)).toEqual([
      { id: 'k1', name: 'Mia', family_id: 'f1', family_name: 'Robinsons' },
      { id: 'k2', name: 'Leo', family_id: 'f1', family_name: 'Robinsons' },
      { id: 'k4', name: 'Ben', family_id: 'f4', family_name: 'Joneses' },
    ]);
    expect(recordableKids([])).toEqual([]);
  });
  it('disables kids that already have the recording', () => {
    const kids = [{ id: 'k1' }, { id: 'k2' }, { id: 'k3' }];
    expect(assignChoices(kids, ['k2', 'other'])).toEqual([
      { id: 'k1', disabled: false },
      { id: 'k2', disabled: true },
      { id: 'k3', disabled: false },
    ]);
    expect(assignChoices(kids, new Set())).toEqual(kids.map((k) => ({ ...k, disabled: false })));
  });
});

describe('page tracks', () => {
  it('sorts turns by time, keeps same-moment order, drops repeats and rounds to milliseconds', () => {
    expect(
      normalizePageTrack([
        { page: 3, at_seconds: 20 },
        { page: 2, at_seconds: 10.12345 },
        { page: 2, at_seconds: 12 },
        { page: 4, at_seconds: 20 },
        { page: 1, at_seconds: 0 },
      ]),
    ).toEqual([
      { page: 1, at_seconds: 0 },
      { page: 2, at_seconds: 10.123 },
      { page: 3, at_seconds: 20 },
      { page: 4, at_seconds: 20 },
    ]);
    expect(normalizePageTrack([])).toEqual([]);
  });
  it('finds the page showing at a moment of playback', () => {
    const track = [
      { page: 1, at_seconds: 0 },
      { page: 2, at_seconds: 10 },
      { page: 5, at_seconds: 25.5 },
    ];
    expect(pageAt(track, 0)).toBe(1);
    expect(pageAt(track, 9.99)).toBe(1);
    expect(pageAt(track, 10)).toBe(2);
    expect(pageAt(track, 25.4)).toBe(2);
    expect(pageAt(track, 1000)).toBe(5);
    expect(pageAt([], 50)).toBe(1);
    expect(pageAt([{ page: 3, at_seconds: 4 }], 1)).toBe(1);
  });
});
