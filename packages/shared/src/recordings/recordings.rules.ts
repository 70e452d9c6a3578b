// Pure rules of recordings: the recorder, the upload's media checks, display and assignment (spec sections
// 3, 4 and 5; decisions.md "Recordings and media", "Resolved ambiguities").
import type { FamilyRole, RecordingType } from '../constants.ts';
import { RECORDING_PAGE_TEXTS } from '../messages.ts';

export const PROCESSING_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Default of the server's UPLOAD_MAX_BYTES: the largest recording accepted (decisions.md: 2 GiB). */
export const RECORDING_MAX_BYTES_DEFAULT = 2 * 1024 ** 3;
/** The longest reading the server takes a client's word for (6 hours). */
export const RECORDING_MAX_SECONDS = 6 * 60 * 60;
/** Page turns kept per recording: more than any picture book needs. */
export const PAGE_TRACK_MAX_TURNS = 5000;
/** Kids one upload or assignment may name at once. */
export const RECORDING_KIDS_MAX = 50;
/** How many recordings the family's "recent" list holds. */
export const RECENT_RECORDINGS_LIMIT = 10;

/** The tus endpoint for resumable uploads, and the metadata key naming the file's content type. */
export const RESUMABLE_UPLOAD_PATH = '/api/uploads';
export const RESUMABLE_UPLOAD_FILETYPE_KEY = 'filetype';
/** Upload ids the tus endpoint hands out (the last part of the Location it answers). */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

export type MediaContainer = 'webm' | 'mp4' | 'ogg' | 'mp3' | 'wav' | 'flac';

/**
 * Content types a recording may be sent as (what MediaRecorder produces in Chrome, Firefox and Safari),
 * and the container each must really be.
 */
export const RECORDING_MIME_TYPES: Readonly<Record<string, MediaContainer>> = {
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'video/x-matroska': 'webm',
  'video/mp4': 'mp4',
  'audio/mp4': 'mp4',
  'audio/x-m4a': 'mp4',
  'video/quicktime': 'mp4',
  'audio/ogg': 'ogg',
  'video/ogg': 'ogg',
  // Sound files a reader may send instead of recording in the app (readings may be audio-only).
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

/** The container a content type promises (parameters such as `;codecs=vp8,opus` ignored), or null when it is not accepted. */
export function containerOfMime(mime: string | null | undefined): MediaContainer | null {
  const base = (mime ?? '').split(';')[0]!.trim().toLowerCase();
  return Object.hasOwn(RECORDING_MIME_TYPES, base) ? RECORDING_MIME_TYPES[base]! : null;
}

/** How many leading bytes `sniffContainer` needs. */
export const SNIFF_BYTES = 12;

/**
 * The container the first bytes of a file really are: WebM/Matroska start with the EBML magic 1A 45 DF A3,
 * MP4/QuickTime carry `ftyp` at offset 4, Ogg starts with `OggS`, MP3 with an ID3 tag or an MPEG audio frame
 * sync (11 set bits), WAV with `RIFF`…`WAVE`, FLAC with `fLaC`. Null for anything else.
 */
export function sniffContainer(head: Uint8Array): MediaContainer | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70) return 'mp4';
  if (head.length >= 4 && head[0] === 0x4f && head[1] === 0x67 && head[2] === 0x67 && head[3] === 0x53) return 'ogg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (head.length >= 4 && ascii(0, 4) === 'fLaC') return 'flac';
  if (head.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}

/** The file extension a container is stored under. */
export const containerExtension = (container: MediaContainer) => container;

/** Whether a recording type plays as sound only. */
export const isAudioOnly = (type: RecordingType) => type === 'audio_only';

/** A duration as minutes:seconds (spec section 3): 0:00, 1:05, 75:00. Fractions are cut, nonsense reads 0:00. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && (seconds as number) > 0 ? Math.floor(seconds as number) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The recorder's timer, mm:ss (spec section 2): 00:00, 01:05, 120:00. */
export function formatTimer(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** How a processing status shows (spec section 4): ready as "finished" in green, any other value as-is in a warning colour. */
export function statusDisplay(status: string): { label: string; tone: 'success' | 'warning' } {
  return status === 'ready' ? { label: RECORDING_PAGE_TEXTS.statusFinished, tone: 'success' } : { label: status, tone: 'warning' };
}

/** The label of a recording type. */
export const recordingTypeLabel = (type: RecordingType) => RECORDING_PAGE_TEXTS.typeLabels[type];

/** Only ready recordings can be assigned (spec section 4). */
export const canAssign = (status: string) => status === 'ready';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

/** Recording type and kids are locked unless the recorder is idle (spec section 4). */
export const recorderChoicesLocked = (state: RecorderState) => state !== 'idle';

/** The recorder's transitions (spec section 4): idle → recording ⇄ paused → stopped; Record Again returns to idle. */
export function nextRecorderState(state: RecorderState, action: 'start' | 'pause' | 'resume' | 'stop' | 'reset'): RecorderState {
  switch (action) {
    case 'start':
      return state === 'idle' ? 'recording' : state;
    case 'pause':
      return state === 'recording' ? 'paused' : state;
    case 'resume':
      return state === 'paused' ? 'recording' : state;
    case 'stop':
      return state === 'recording' || state === 'paused' ? 'stopped' : state;
    case 'reset':
      return 'idle';
  }
}

export type FamilyWithKids = {
  id: string;
  name: string;
  my_role: FamilyRole;
  kids: { id: string; first_name: string }[];
};
export type ChoosableKid = { id: string; name: string; family_id: string; family_name: string };

/**
 * The kids a reader may record for: the kids of every family where the reader's role is `reader`
 * (decisions.md "Recordings and media"), family by family.
 */
export function recordableKids(families: readonly FamilyWithKids[]): ChoosableKid[] {
  return families
    .filter((f) => f.my_role === 'reader')
    .flatMap((f) => f.kids.map((k) => ({ id: k.id, name: k.first_name, family_id: f.id, family_name: f.name })));
}

/**
 * The kids offered when assigning a recording (spec section 5): every candidate, with those already
 * assigned disabled so they cannot be chosen again.
 */
export function assignChoices<K extends { id: string }>(candidates: readonly K[], assignedKidIds: Iterable<string>): (K & { disabled: boolean })[] {
  const assigned = new Set(assignedKidIds);
  return candidates.map((k) => ({ ...k, disabled: assigned.has(k.id) }));
}

export type PageTurn = { page: number; at_seconds: number };

/**
 * A page track as stored: turns in time order (a stable sort keeps the order of turns at the same
 * moment), times rounded to milliseconds, and repeats of the page already showing dropped.
 */
export function normalizePageTrack(track: readonly PageTurn[]): PageTurn[] {
  const sorted = track
    .map((t, i) => ({ page: t.page, at_seconds: Math.round(t.at_seconds * 1000) / 1000, i }))
    .sort((a, b) => a.at_seconds - b.at_seconds || a.i - b.i);
  const out: PageTurn[] = [];
  for (const t of sorted) {
    if (out.at(-1)?.page === t.page) continue;
    out.push({ page: t.page, at_seconds: t.at_seconds });
  }
  return out;
}

/**
 * The book page to show at a moment of playback: the last turn at or before it, page 1 before the
 * first turn (or without a track).
 */
export function pageAt(track: readonly PageTurn[], seconds: number): number {
  let page = 1;
  for (const t of track) {
    if (t.at_seconds > seconds) break;
    page = t.page;
  }
  return page;
}
