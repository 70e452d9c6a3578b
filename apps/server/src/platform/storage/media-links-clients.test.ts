import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { hasFfmpeg, makeMedia } from '../../../test/media.ts';

// Issue 23.11 checked with clients nobody on the team wrote: curl resuming a download with Range and
// If-Range, and ffmpeg/ffprobe reading a recording straight from its signed link over HTTP, as players do.
const run = promisify(execFile);

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

/** curl's status line, headers (lower-cased names) and body for `url` with extra arguments. */
async function curl(url: string, ...args: string[]) {
  // The answer's head, then its body, both on stdout.
  const { stdout } = await run('curl', ['-sS', '-D', '-', ...args, url], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
  const end = stdout.indexOf('\r\n\r\n');
  const body = stdout.slice(end + 4);
  const lines = stdout.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(lines[0]!.split(' ')[1]), headers, body };
}

describe('media links read by real clients', () => {
  it('let curl resume a book download with Range and If-Range, and revalidate it', async () => {
    const parent = await ctx.newUser();
    const book = await ctx.newBook();
    const { pdf_url } = (await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}`, headers: { cookie: parent.cookie } })).json().book;
    const url = `${base}${pdf_url}`;

    const whole = await curl(url);
    expect(whole.status).toBe(200);
    expect(whole.body.startsWith('%PDF-')).toBe(true);
    const etag = whole.headers.etag!;
    expect(etag).toBeTruthy();
    expect(whole.headers['last-modified']).toBeTruthy();
    expect(whole.headers['accept-ranges']).toBe('bytes');

    // A cut download resumed where it stopped, while the file is still the one it had.
    const rest = await curl(url, '-r', '5-', '-H', `If-Range: ${etag}`);
    expect(rest.status).toBe(206);
    expect(rest.body).toBe(whole.body.slice(5));
    // If-Range naming another copy: the whole file again, never a piece of something else.
    const stale = await curl(url, '-r', '5-', '-H', 'If-Range: "another-copy"');
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(whole.body);
    // Still current: 304, nothing sent.
    const current = await curl(url, '-H', `If-None-Match: ${etag}`);
    expect(current.status).toBe(304);
    expect(current.body).toBe('');
  });

  it.runIf(hasFfmpeg)('let ffprobe and ffmpeg read a recording over HTTP, seeking by Range', async () => {
    const family = await ctx.newFamily();
    const kid = await ctx.newKid(family, 'Mia');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    const book = await ctx.newBook();
    const form = multipartBody({ book_id: book.id, recording_type: 'webcam_only', duration_seconds: '4', kid_ids: JSON.stringify([kid.id]) }, [
      { name: 'recording', filename: 'reading.webm', content: makeMedia('webm', 4), type: 'video/webm' },
    ]);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: form.payload,
      headers: { ...form.headers, cookie: gran.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().recording.id;
    let recording;
    for (const deadline = Date.now() + 90_000; ;) {
      recording = (await ctx.app.inject({ method: 'GET', url: `/api/recording/${id}`, headers: { cookie: gran.cookie } })).json().recording;
      if (recording.processing_status !== 'processing' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(recording.processing_status).toBe('ready');
    const url = `${base}${recording.video_url}`;

    const probe = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', url]);
    const info = JSON.parse(probe.stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
    expect(Number(info.format.duration)).toBeGreaterThan(3);
    expect(info.streams.map((s) => s.codec_name)).toContain('h264');
    // A seek into the middle, as a player resuming a story does: ffmpeg asks for a byte range.
    await expect(run('ffmpeg', ['-v', 'error', '-ss', '2', '-i', url, '-frames:v', '1', '-f', 'null', '-'])).resolves.toBeDefined();
  });
});
