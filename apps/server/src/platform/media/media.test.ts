import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeMedia } from '../../../test/media.ts';
import { createFfmpegTools, findMediaTools, MediaError } from './ffmpeg.ts';
import { NotMediaError, sniffingStream } from './sniff.ts';

describe('sniffingStream', () => {
  const through = async (chunks: Buffer[], container: 'webm' | 'mp4' | 'ogg') => buffer(Readable.from(chunks).pipe(sniffingStream(container)));
  const passes = (chunks: Buffer[], container: 'webm' | 'mp4' | 'ogg') => {
    const out = sniffingStream(container);
    return pipeline(Readable.from(chunks), out, async function* (source) {
      for await (const _ of source) yield _;
    });
  };

  it('passes media through unchanged, however it is cut into chunks', async () => {
    const webm = makeMedia('webm');
    expect(Buffer.compare(await through([webm], 'webm'), webm)).toBe(0);
    const bytes = [...webm.subarray(0, 20)].map((b) => Buffer.from([b]));
    expect(Buffer.compare(await through([...bytes, webm.subarray(20)], 'webm'), webm)).toBe(0);
    const mp4 = makeMedia('mp4');
    expect(Buffer.compare(await through([mp4.subarray(0, 5), mp4.subarray(5)], 'mp4'), mp4)).toBe(0);
  });

  it('fails before passing anything when the first bytes are another kind of file', async () => {
    await expect(passes([Buffer.from('%PDF-1.7 and more')], 'webm')).rejects.toBeInstanceOf(NotMediaError);
    await expect(passes([makeMedia('webm')], 'mp4')).rejects.toBeInstanceOf(NotMediaError);
    await expect(passes([Buffer.from([0x1a, 0x45])], 'webm')).rejects.toBeInstanceOf(NotMediaError);
    await expect(passes([], 'ogg')).rejects.toBeInstanceOf(NotMediaError);
  });
});

describe.skipIf(!hasFfmpeg)('ffmpeg tools', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fst-ffmpeg-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const tools = createFfmpegTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  const file = async (name: string, bytes: Buffer) => {
    const p = path.join(dir, name);
    await writeFile(p, bytes);
    return p;
  };

  it('are found on the PATH, and not where they are missing', async () => {
    expect(await findMediaTools()).not.toBeNull();
    expect(await findMediaTools({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: 'ffprobe' })).toBeNull();
  });

  it('probe a live WebM (no duration, like MediaRecorder’s), make an MP4 with the duration, and a poster', async () => {
    const input = await file('in.webm', makeMedia('webm'));
    expect(await tools.probe(input)).toEqual({ durationSeconds: null, video: { codec: 'vp8', width: 320, height: 240 }, audio: { codec: 'opus' } });
    const out = path.join(dir, 'out.mp4');
    await tools.toPlayable(input, out, { audioOnly: false, copyVideo: false, copyAudio: false });
    const probe = await tools.probe(out);
    expect(probe).toMatchObject({ video: { codec: 'h264', width: 320, height: 240 }, audio: { codec: 'aac' } });
    expect(probe.durationSeconds).toBeGreaterThan(1.9);
    expect(probe.durationSeconds).toBeLessThan(2.2);
    const poster = path.join(dir, 'poster.jpg');
    await tools.poster(out, poster, 1);
    expect([...(await readFile(poster)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // Past the last frame ffmpeg writes nothing: the first frame stands in.
    const late = path.join(dir, 'late-poster.jpg');
    await tools.poster(out, late, 60);
    expect([...(await readFile(late)).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('copy streams already in H.264 and AAC, and make sound-only M4A', async () => {
    const input = await file('in.mp4', makeMedia('mp4'));
    const out = path.join(dir, 'copied.mp4');
    await tools.toPlayable(input, out, { audioOnly: false, copyVideo: true, copyAudio: true });
    expect(await tools.probe(out)).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
    const m4a = path.join(dir, 'sound.m4a');
    await tools.toPlayable(input, m4a, { audioOnly: true, copyVideo: false, copyAudio: false });
    expect(await tools.probe(m4a)).toMatchObject({ video: null, audio: { codec: 'aac' } });
  });

  it('report unreadable files as MediaError', async () => {
    const junk = await file('junk.webm', Buffer.concat([makeMedia('webm').subarray(0, 30), Buffer.alloc(500, 1)]));
    await expect(tools.probe(junk)).rejects.toBeInstanceOf(MediaError);
    await expect(tools.toPlayable(junk, path.join(dir, 'junk.mp4'), { audioOnly: false, copyVideo: false, copyAudio: false })).rejects.toBeInstanceOf(MediaError);
  });
});
