import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Whether ffmpeg (and ffprobe) are installed: the media-processing assertions need them. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-hide_banner', '-version']).status === 0 && spawnSync('ffprobe', ['-hide_banner', '-version']).status === 0;
if (!hasFfmpeg) console.warn('SKIPPED: media-processing assertions need ffmpeg and ffprobe on the PATH (apt-get install ffmpeg).');

export type TestMedia = 'webm' | 'webm-audio' | 'mp4' | 'ogg';

const CACHE = path.join(os.tmpdir(), 'fst-test-media');

/**
 * A real small recording made with ffmpeg (test pattern and a tone), cached between runs. WebM is written
 * to a pipe, as MediaRecorder writes it: no duration in its header, so only processing finds the true one.
 * Without ffmpeg: bytes with the right magic numbers but nothing playable.
 */
export function makeMedia(kind: TestMedia = 'webm', seconds = 2): Buffer {
  if (!hasFfmpeg) return fakeMedia(kind);
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `${kind}-${seconds}s.bin`);
  if (existsSync(file)) return readFileSync(file);
  const video = ['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=15`];
  const audio = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const args = {
    webm: [...video, ...audio, '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', '-f', 'webm'],
    'webm-audio': [...audio, '-c:a', 'libopus', '-f', 'webm'],
    mp4: [
      ...video,
      ...audio,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-f',
      'mp4',
    ],
    ogg: [...audio, '-c:a', 'libopus', '-f', 'ogg'],
  }[kind];
  const res = spawnSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args, '-shortest', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`ffmpeg could not make ${kind}: ${res.stderr.toString()}`);
  writeFileSync(file, res.stdout);
  return res.stdout;
}

function fakeMedia(kind: TestMedia): Buffer {
  const head = {
    webm: [0x1a, 0x45, 0xdf, 0xa3],
    'webm-audio': [0x1a, 0x45, 0xdf, 0xa3],
    mp4: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70],
    ogg: [0x4f, 0x67, 0x67, 0x53],
  }[kind];
  const body = Buffer.alloc(40_000);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31) & 0xff;
  return Buffer.concat([Buffer.from(head), body]);
}
