import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeMedia } from '../../../test/media.ts';
import { createFfmpegTools, findMediaTools, MediaError } from './ffmpeg.ts';
import { playablePlan } from './media-plan.ts';
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
    expect(await tools.probe(input)).toMatchObject({ durationSeconds: null, video: { codec: 'vp8', width: 320, height: 240 }, audio: { codec: 'opus' } });
    expect(await tools.measureDuration(input)).toBeCloseTo(2, 0);
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
    await expect(tools.toPlayable(junk, path.join(dir, 'junk.mp4'), { audioOnly: false, copyVideo: false, copyAudio: false })).rejects.toBeInstanceOf(
      MediaError,
    );
  });

  // Files as cameras and phones make them, made here with ffmpeg: what every phone plays is copied, the rest re-encoded.
  const made = async (name: string, args: string[]) => {
    const out = path.join(dir, name);
    await run(['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
    return out;
  };
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile('ffmpeg', args, { maxBuffer: 64 << 20 }, (err, _o, stderr) => (err ? reject(new Error(stderr)) : resolve())),
    );
  const streamInfo = async (file: string) => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      ),
    );
    const info = JSON.parse(out) as { format: { bit_rate?: string }; streams: Record<string, string | number>[] };
    return { video: info.streams.find((st) => st.codec_type === 'video'), audio: info.streams.find((st) => st.codec_type === 'audio'), format: info.format };
  };
  const normalise = async (input: string, audioOnly = false) => {
    const probe = await tools.probe(input);
    const length = probe.durationSeconds ?? (await tools.measureDuration(input))!;
    const { size } = await stat(input);
    const plan = playablePlan(probe, { audioOnly, durationSeconds: length, fileBitrate: (size * 8) / length });
    const out = path.join(dir, `${path.basename(input)}.${audioOnly ? 'm4a' : 'mp4'}`);
    await tools.toPlayable(input, out, plan);
    return { plan, out: await streamInfo(out), outFile: out };
  };
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=300:duration=2'];

  it('copy an 8-bit 4:2:0 H.264 High with AAC-LC as it is', async () => {
    const input = await made('phone.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=30:duration=2',
      ...tone,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    const { plan, out } = await normalise(input);
    expect(plan).toMatchObject({ copyVideo: true, copyAudio: true });
    expect(out.video).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', width: 640, height: 360 });
  });

  it('re-encode a camera’s H.264 High 4:2:2 10-bit to 8-bit 4:2:0 High', async () => {
    const input = await made('camera.mov', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=25:duration=2',
      ...tone,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv422p10le',
      '-c:a',
      'pcm_s16le',
      '-shortest',
    ]);
    expect((await tools.probe(input)).video).toMatchObject({ codec: 'h264', pixFmt: 'yuv422p10le', profile: 'High 4:2:2' });
    const { plan, out } = await normalise(input);
    expect(plan).toMatchObject({ copyVideo: false, copyAudio: false });
    expect(out.video).toMatchObject({ codec_name: 'h264', profile: 'High', pix_fmt: 'yuv420p', r_frame_rate: '25/1' });
    expect(out.audio).toMatchObject({ codec_name: 'aac', profile: 'LC' });
  });

  it('tone-map an iPhone-style HDR (HLG) HEVC to SDR BT.709 H.264', async () => {
    const input = await made('iphone-hdr.mov', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=30:duration=2',
      ...tone,
      '-vf',
      'format=yuv420p10le',
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-color_primaries',
      'bt2020',
      '-color_trc',
      'arib-std-b67',
      '-colorspace',
      'bt2020nc',
      '-tag:v',
      'hvc1',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    expect((await tools.probe(input)).video).toMatchObject({ codec: 'hevc', transfer: 'arib-std-b67' });
    const { plan, out } = await normalise(input);
    expect(plan).toMatchObject({ copyVideo: false, hdr: 'arib-std-b67' });
    expect(out.video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', color_transfer: 'bt709', color_primaries: 'bt709', color_space: 'bt709' });
  });

  it('downscale 4K at 60 fps to 1080p at 30 fps, upright video too, under the bitrate ceiling', async () => {
    const input = await made('uhd60.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=3840x2160:rate=60:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
    ]);
    const { plan, out } = await normalise(input);
    expect(plan.copyVideo).toBe(false);
    expect(out.video).toMatchObject({ width: 1920, height: 1080, r_frame_rate: '30/1' });
    expect(Number(out.format.bit_rate)).toBeLessThan(5_000_000 * 1.3);
    const upright = await made('upright.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=1440x2560:rate=30:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
    ]);
    expect((await normalise(upright)).out.video).toMatchObject({ width: 1080, height: 1920 });
  });

  // Issue 22.2: "Video with book" files came at 1000 frames a second, and took minutes to process. Whatever
  // rate a browser records at, the played file is a constant 25–30 fps.
  const frameRate = async (file: string) => {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        'ffprobe',
        [
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-count_packets',
          '-show_entries',
          'stream=r_frame_rate,avg_frame_rate,nb_read_packets:format=duration',
          '-of',
          'json',
          file,
        ],
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const info = JSON.parse(out) as { streams: { r_frame_rate: string; avg_frame_rate: string; nb_read_packets: string }[]; format: { duration: string } };
    const st = info.streams[0]!;
    const ratio = (r: string) => Number(r.split('/')[0]) / Number(r.split('/')[1]);
    return { base: ratio(st.r_frame_rate), average: ratio(st.avg_frame_rate), counted: Number(st.nb_read_packets) / Number(info.format.duration) };
  };
  const expectSteady25To30 = (rate: { base: number; average: number; counted: number }) => {
    for (const value of [rate.base, rate.average, rate.counted]) {
      expect(value).toBeGreaterThanOrEqual(25);
      expect(value).toBeLessThanOrEqual(30.5);
    }
    // Constant: every frame one frame's time after the last.
    expect(Math.abs(rate.base - rate.average)).toBeLessThan(0.1);
  };

  it('make a constant 25–30 fps of a 1000 fps recording, of a variable one and of a slow one', async () => {
    const thousand = await made('thousand.webm', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x90:rate=1000:duration=2',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
    ]);
    expect((await tools.probe(thousand)).video?.fps).toBeGreaterThan(900);
    expectSteady25To30(await frameRate((await normalise(thousand)).outFile));
    // Frames at uneven times, as a canvas drawn when the display has time: WebM's 1 ms clock says 1000/1.
    const uneven = await made('uneven.webm', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x90:rate=30:duration=3',
      '-vf',
      "setpts='(N*33+mod(N*7919,23))/1000/TB'",
      '-fps_mode',
      'vfr',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
    ]);
    expectSteady25To30(await frameRate((await normalise(uneven)).outFile));
    // 12 fps in H.264 and AAC, which every phone would play as it is: made steady too.
    const slow = await made('slow.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=12:duration=2',
      ...tone,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    const { plan, outFile } = await normalise(slow);
    expect(plan.copyVideo).toBe(false);
    expectSteady25To30(await frameRate(outFile));
  });

  it('hold the picture on its last frame until the sound ends, when a browser dropped the last frames', async () => {
    // As a busy browser records it: 3 s of pictures, then only sound until 6 s.
    const cut = await made('cut-short.webm', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=30:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:duration=6',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
      '-c:a',
      'libopus',
    ]);
    const { out, outFile } = await normalise(cut);
    expect(Number(out.video!.duration)).toBeGreaterThan(5.8);
    expect(Number(out.video!.duration)).toBeLessThan(6.2);
    expect(Number(out.audio!.duration)).toBeGreaterThan(5.8);
    expectSteady25To30(await frameRate(outFile));
  });

  it('process a 10-second "Video with book" recording in less time than it lasts', async () => {
    // As the recorder makes it: 1920x1080 VP8 with Opus, a still page beside a moving face, frames at uneven times.
    const reading = await made('video-with-book.webm', [
      '-f',
      'lavfi',
      '-i',
      'color=c=white:size=960x1080:rate=30:duration=10',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=240x270:rate=30:duration=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:duration=10',
      '-filter_complex',
      "[1:v]scale=960:1080:flags=neighbor[face];[0:v][face]hstack,setpts='(N*33+mod(N*7919,23))/1000/TB'[v]",
      '-map',
      '[v]',
      '-map',
      '2:a',
      '-fps_mode',
      'vfr',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '16',
      '-b:v',
      '1500k',
      '-c:a',
      'libopus',
    ]);
    // The processing's own time: the CPU seconds ffmpeg spent (this process's finished children, Linux), which
    // other work on a shared machine does not stretch as it stretches the clock.
    const childCpuSeconds = async () => {
      const stat = await readFile('/proc/self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[13]) + Number(fields[14])) / 100;
    };
    const before = await childCpuSeconds();
    const { outFile } = await normalise(reading);
    // Spread over the cores ffmpeg's encoder threads use: the clock time of a machine not shared with other
    // tests (5.6 s of clock for 9.3–10.4 CPU seconds on 2 idle cores, 2026-11-28).
    const spent = ((await childCpuSeconds()) - before) / os.availableParallelism();
    expectSteady25To30(await frameRate(outFile));
    // Relative to the reading's own length, as the issue asks (about 3 minutes for 10 s at 1000 fps).
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(10);
  }, 600_000);

  it('make AAC-LC M4A of mp3, wav, ogg, flac and m4a sound', async () => {
    for (const [name, codec] of [
      ['a.mp3', 'libmp3lame'],
      ['a.wav', 'pcm_s16le'],
      ['a.ogg', 'libvorbis'],
      ['a.flac', 'flac'],
      ['a.m4a', 'aac'],
    ] as const) {
      const input = await made(name, [...tone, '-c:a', codec]);
      const { plan, out } = await normalise(input, true);
      expect(plan.copyAudio).toBe(codec === 'aac');
      expect(out.video).toBeUndefined();
      expect(out.audio).toMatchObject({ codec_name: 'aac', profile: 'LC' });
    }
  });
});
