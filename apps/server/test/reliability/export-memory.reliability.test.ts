import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Cleanups, familyWithReader, prepareData, sleep, uploadRecording } from './harness.ts';

// Issue 25: the family archive is streamed, never held whole. The real server (its own process, embedded
// database, no ffmpeg so the uploaded MP4s are what it stores and serves) exports a family with over 200 MiB
// of stories while its resident memory is sampled; then the zip is tested and every file unpacked is probed.

const MiB = 1024 * 1024;
const STORIES_BYTES = 201 * MiB;
const GROWTH_LIMIT = 64 * MiB;

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

const hasTools = ['ffmpeg', 'ffprobe', 'unzip'].every((tool) => spawnSync(tool, ['-h']).error === undefined);

async function rssOf(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Waits until a process's resident memory holds still (within 2 MiB over a second); answers it. */
async function settledRss(pid: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = await rssOf(pid);
  for (;;) {
    await sleep(1000);
    const now = await rssOf(pid);
    if (Math.abs(now - last) < 2 * MiB) return now;
    if (Date.now() > deadline) throw new Error(`server memory still moving after ${timeoutMs} ms (${now} bytes)`);
    last = now;
  }
}

/** Samples a process's resident memory every 20 ms until stopped; answers the peak. */
function samplePeak(pid: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid));
      await sleep(20);
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peak;
  };
}

/** Six seconds of lossless noise (H.264, qp 0): a real, playable MP4 of ~20 MB made in a second. */
function noiseVideo(file: string) {
  const res = spawnSync('ffmpeg', [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=320x240:r=25,noise=alls=100:allf=t+u',
    '-t',
    '6',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file,
  ]);
  if (res.status !== 0) throw new Error(`ffmpeg: ${res.stderr.toString()}`);
}

describe.skipIf(!hasTools)('family archive of 200 MiB', () => {
  it("streams with the server's memory flat, into a zip whose files all play", async () => {
    const env = await prepareData('PGlite', cleanups);
    const uploading = await cleanups.start(env.options({ noFfmpeg: true }));
    const { parent, reader, family, kid, book } = await familyWithReader(uploading.url);

    const video = path.join(env.dataDir, 'noise.mp4');
    noiseVideo(video);
    const content = await readFile(video);
    const stories = Math.ceil(STORIES_BYTES / content.length);
    for (let i = 0; i < stories; i++) {
      await uploadRecording(
        reader,
        { book_id: book.id, kid_ids: [kid.id], recording_type: 'webcam_only', duration_seconds: 6 },
        { content, type: 'video/mp4', filename: 'reading.mp4' },
      );
    }

    // A fresh process for the export, so that memory the uploads left free cannot hide the export's growth;
    // a first zip (the parent's own data, no media) loads the code the export runs.
    await uploading.stop();
    const server = await cleanups.start(env.options({ noFfmpeg: true, port: uploading.port }));
    expect((await parent.call('GET', '/api/me/export')).status).toBe(200);

    // A started server keeps growing for a few seconds (the database warming up, jobs looked for): the export's
    // growth is measured from once that has settled.
    await settledRss(server.pid);
    const zip = path.join(env.dataDir, 'archive.zip');
    const before = await rssOf(server.pid);
    const stopSampling = samplePeak(server.pid);
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${server.url}/api/family/${family.id}/export`, { headers: { cookie: parent.cookie ?? '' } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`export: ${res.statusCode}`));
        pipeline(res, createWriteStream(zip)).then(resolve, reject);
      });
      req.on('error', reject);
    });
    const peak = await stopSampling();
    const size = (await stat(zip)).size;
    console.log(
      `export of ${stories} stories: ${(size / MiB).toFixed(0)} MiB zip, server memory ${(before / MiB).toFixed(0)} → peak ${(peak / MiB).toFixed(0)} MiB (+${((peak - before) / MiB).toFixed(1)} MiB)`,
    );
    expect(size).toBeGreaterThan(STORIES_BYTES);
    expect(peak - before).toBeLessThan(GROWTH_LIMIT);

    const tested = spawnSync('unzip', ['-tq', zip], { encoding: 'utf8' });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    const out = path.join(env.dataDir, 'unpacked');
    expect(spawnSync('unzip', ['-q', zip, '-d', out]).status).toBe(0);
    const files = (await readdir(path.join(out, 'Mia'))).filter((f) => f.endsWith('.mp4'));
    expect(files).toHaveLength(stories);
    for (const file of files) {
      const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', path.join(out, 'Mia', file)], {
        encoding: 'utf8',
      });
      expect(probe.status, probe.stderr).toBe(0);
      const info = JSON.parse(probe.stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
      expect(info.streams[0]?.codec_name).toBe('h264');
      expect(Number(info.format.duration)).toBeCloseTo(6, 0);
    }
  }, 600_000);
});
