import { useEffect, useRef, useState } from 'react';
import type { RecordingType } from '@fst/shared/constants';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { nextRecorderState, normalizePageTrack, type PageTurn, type RecorderState } from '@fst/shared/recordings/recordings.rules';
import { appendChunk, saveSession, updateSession, type RecordingSession } from '../../../lib/recording-store.ts';
import { notify } from '../../../lib/toast.ts';
import { pickMimeType, RECORDING_CHUNK_MS, RECORDING_WEBCAM, startComposite } from './recorder-media.ts';

export type MediaAccess = { status: 'pending' } | { status: 'ready'; stream: MediaStream } | { status: 'denied' };

const PENDING: MediaAccess = { status: 'pending' };

/**
 * The camera and microphone (only the microphone for audio_only), asked for when the kind changes and
 * released on unmount. Refusal shows the spec's text.
 */
export function useMediaAccess(kind: 'video' | 'audio') {
  const [attempt, setAttempt] = useState(0);
  // The answer to one ask (a kind, an attempt): pending until the answer to the ask of this render is in.
  const ask = `${kind} ${attempt}`;
  const [answer, setAnswer] = useState<{ ask: string; access: MediaAccess } | null>(null);
  const access = answer?.ask === ask ? answer.access : PENDING;
  useEffect(() => {
    let live = true;
    let stream: MediaStream | null = null;
    const constraints: MediaStreamConstraints =
      kind === 'audio' ? { audio: true } : { audio: true, video: { width: { ideal: RECORDING_WEBCAM.width }, height: { ideal: RECORDING_WEBCAM.height } } };
    const request = navigator.mediaDevices?.getUserMedia
      ? navigator.mediaDevices.getUserMedia(constraints)
      : Promise.reject(new Error('Media devices unavailable'));
    request.then(
      (got) => {
        if (!live) {
          for (const track of got.getTracks()) track.stop();
          return;
        }
        stream = got;
        setAnswer({ ask, access: { status: 'ready', stream: got } });
      },
      () => {
        if (!live) return;
        setAnswer({ ask, access: { status: 'denied' } });
        notify.error(RECORDING_TEXTS.cameraDenied);
      },
    );
    return () => {
      live = false;
      if (stream) for (const track of stream.getTracks()) track.stop();
      // Its stream is stopped: the same ask made again later (audio, then video again) waits for a new answer.
      setAnswer(null);
    };
  }, [ask, kind]);
  return { access, retry: () => setAttempt((n) => n + 1) };
}

type Running = {
  recorder: MediaRecorder;
  session: RecordingSession;
  seq: number;
  /** Chunk writes run one after another, in order. */
  writes: Promise<void>;
  /** ms recorded before the current stretch (pauses excluded). */
  recordedMs: number;
  /** When the current stretch began (performance.now()), null while paused. */
  stretchStart: number | null;
  pageTrack: PageTurn[];
  stopComposite: (() => void) | null;
};

type StartInput = Omit<RecordingSession, 'id' | 'mimeType' | 'startedAt' | 'durationSeconds' | 'pageTrack' | 'finished' | 'recordingType'> & {
  recordingType: RecordingType;
  stream: MediaStream;
  firstPage: number;
  /** Where the book's current page canvas is shown (video_with_pdf). */
  pageHost: HTMLElement | null;
  preview: HTMLVideoElement | null;
};

/**
 * The recorder of spec section 4 (idle → recording ⇄ paused → stopped, Record Again back to idle) on
 * MediaRecorder, short chunks (RECORDING_CHUNK_MS), each written to IndexedDB as it arrives.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const running = useRef<Running | null>(null);

  const seconds = (r: Running) => (r.recordedMs + (r.stretchStart === null ? 0 : performance.now() - r.stretchStart)) / 1000;

  // The timer, and stopping everything if the page goes away mid-recording (the chunks stay stored).
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = window.setInterval(() => {
      if (running.current) setElapsed(seconds(running.current));
    }, 250);
    return () => window.clearInterval(timer);
  }, [state]);
  // The page is hidden or going away (a reload, a closed tab, a phone locked): what is recorded is handed over
  // and stored now, rather than at the next chunk, which may never come.
  const recording = state === 'recording' || state === 'paused';
  useEffect(() => {
    if (!recording) return;
    const flush = () => {
      const r = running.current;
      if (r && r.recorder.state !== 'inactive') r.recorder.requestData();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [recording]);
  useEffect(
    () => () => {
      const r = running.current;
      if (r && r.recorder.state !== 'inactive') r.recorder.stop();
      r?.stopComposite?.();
    },
    [],
  );

  async function start(input: StartInput) {
    const { stream, firstPage, pageHost, preview, ...meta } = input;
    let recorded = stream;
    let stopComposite: (() => void) | null = null;
    if (meta.recordingType === 'video_with_pdf' && pageHost && preview) {
      const composite = startComposite(pageHost, preview, stream.getAudioTracks());
      recorded = composite.stream;
      stopComposite = composite.stop;
    } else if (meta.recordingType === 'audio_only') {
      recorded = new MediaStream(stream.getAudioTracks());
    }
    const mime = pickMimeType(meta.recordingType);
    const recorder = new MediaRecorder(recorded, mime ? { mimeType: mime } : undefined);
    const session: RecordingSession = {
      ...meta,
      id: crypto.randomUUID(),
      mimeType: mime ?? (meta.recordingType === 'audio_only' ? 'audio/webm' : 'video/webm'),
      startedAt: Date.now(),
      durationSeconds: 0,
      pageTrack: [{ page: firstPage, at_seconds: 0 }],
      finished: false,
      uploadUrl: null,
    };
    await saveSession(session);
    const r: Running = { recorder, session, seq: 0, writes: Promise.resolve(), recordedMs: 0, stretchStart: null, pageTrack: session.pageTrack, stopComposite };
    recorder.ondataavailable = (event) => {
      if (!event.data || event.data.size === 0) return;
      const seq = r.seq++;
      // The length of what is stored so far, to the tenth of a second: what a recovered reading holds.
      const changes = { durationSeconds: Math.round(seconds(r) * 10) / 10, pageTrack: [...r.pageTrack] };
      r.writes = r.writes.then(() => appendChunk(session.id, seq, event.data, changes)).catch(() => undefined);
    };
    running.current = r;
    recorder.start(RECORDING_CHUNK_MS);
    if (recorder.mimeType) session.mimeType = recorder.mimeType;
    r.stretchStart = performance.now();
    setElapsed(0);
    setState((s) => nextRecorderState(s, 'start'));
  }

  function pause() {
    const r = running.current;
    if (!r || r.recorder.state !== 'recording') return;
    r.recorder.pause();
    r.recordedMs = seconds(r) * 1000;
    r.stretchStart = null;
    setElapsed(seconds(r));
    setState((s) => nextRecorderState(s, 'pause'));
  }

  function resume() {
    const r = running.current;
    if (!r || r.recorder.state !== 'paused') return;
    r.recorder.resume();
    r.stretchStart = performance.now();
    setState((s) => nextRecorderState(s, 'resume'));
  }

  /** Stops, waits for every chunk to be stored, and answers the finished reading. */
  async function stop(): Promise<RecordingSession | null> {
    const r = running.current;
    if (!r) return null;
    const total = seconds(r);
    r.recordedMs = total * 1000;
    r.stretchStart = null;
    if (r.recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        r.recorder.addEventListener('stop', () => resolve(), { once: true });
        r.recorder.stop();
      });
    }
    r.stopComposite?.();
    await r.writes;
    const finished: RecordingSession = {
      ...r.session,
      durationSeconds: Math.max(1, Math.round(total)),
      pageTrack: normalizePageTrack(r.pageTrack),
      finished: true,
    };
    await updateSession(finished.id, { durationSeconds: finished.durationSeconds, pageTrack: finished.pageTrack, finished: true, mimeType: finished.mimeType });
    setElapsed(total);
    setState((s) => nextRecorderState(s, 'stop'));
    return finished;
  }

  /** Record Again: back to idle with the timer at zero (the caller clears the stored reading). */
  function reset() {
    running.current = null;
    setElapsed(0);
    setState((s) => nextRecorderState(s, 'reset'));
  }

  /** A page turn while recording, saved with its time offset. */
  function turnPage(page: number) {
    const r = running.current;
    if (!r || r.recorder.state === 'inactive') return;
    r.pageTrack.push({ page, at_seconds: Math.round(seconds(r) * 1000) / 1000 });
  }

  return { state, elapsed, start, pause, resume, stop, reset, turnPage };
}
