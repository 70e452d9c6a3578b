import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { dayOf } from '@fst/shared/exports/exports.rules';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { narrationHelpers, STORY_PAGES } from '../../../test/narration-fixtures.ts';

type Entry = { name: string; method: number; data: Buffer };

/** Every entry of a zip, read with yauzl from the central directory (as unzip tools do). */
async function readZip(zip: Buffer): Promise<Map<string, Entry>> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, { name: entry.fileName, method: entry.compressionMethod, data: Buffer.concat(chunks) });
          file.readEntry();
        });
      });
    });
    file.readEntry();
  });
  return entries;
}

let ctx: TestContext;
let w: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const n = narrationHelpers(ctx);
  const { family, parent, mia, leo, gran, book, reading } = await n.family({ name: 'The Robinsons' });
  // A video reading of the same book for both kids, twice on the same day: one folder, two distinct names.
  const upload = async (kids: { id: string }[]) => {
    const form = multipartBody({ book_id: book.id, recording_type: 'webcam_only', duration_seconds: '2', kid_ids: JSON.stringify(kids.map((k) => k.id)) }, [
      { name: 'recording', filename: 'reading.webm', content: makeMedia('webm'), type: 'video/webm' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/upload',
      payload: form.payload,
      headers: { ...form.headers, cookie: gran.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await ctx.waitForRecording(res.json().recording.id);
    expect(row.status).toBe('ready');
    return row.id;
  };
  const both1 = await upload([mia, leo]);
  const both2 = await upload([mia, leo]);
  const reacted = await n.call('POST', `/api/recording/${reading}/reactions`, parent, { kid_id: mia.id, reaction: 'heart' });
  expect(reacted.statusCode, reacted.body).toBeLessThan(300);
  // An AI story for Leo in Rose's voice.
  const clone = await n.createClone(parent, { readerId: gran.id, recording_ids: [reading] });
  expect(clone.statusCode, clone.body).toBe(201);
  const owl = await ctx.newBook({ title: 'The Sleepy Owl', pages: STORY_PAGES });
  const generated = await n.generate(parent, { book_id: owl.id, reader_id: gran.id, kid_id: leo.id });
  expect(generated.statusCode, generated.body).toBe(202);
  expect((await n.waitForStory(parent, generated.json().recording_id)).status).toBe('ready');
  const report = await ctx.app.inject({
    method: 'POST',
    url: '/api/issue-reports',
    payload: { type: 'bug', description: 'The owl hooted twice', page: '/profile', email: gran.email },
    headers: { cookie: gran.cookie },
  });
  expect(report.statusCode, report.body).toBe(201);

  const coParent = await ctx.newUser({ first_name: 'Co' });
  await ctx.join(coParent, family);
  // Another family, with its own reader and story: none of it may show in the first's archive.
  const other = await n.family({ name: 'The Outsiders', tier: 'free', consent: false });
  return { family, parent, coParent, gran, mia, leo, book, reading, both: [both1, both2], other };
}

beforeAll(async () => {
  ctx = await createTestContext();
  w = await setUp();
}, 240_000);
afterAll(() => ctx?.close());

const get = (url: string, who?: { cookie: string }) => ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

describe('GET /api/family/{id}/export', () => {
  it('gives the admin a zip of every story, playable, with family.json, reactions.json and index.html', async () => {
    const res = await get(`/api/family/${w.family.id}/export`, w.parent);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Family Story Time - The Robinsons - ${dayOf(ctx.clock.now())}.zip`)}`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const zip = await readZip(res.rawPayload);

    const day = dayOf(new Date());
    const names = [...zip.keys()];
    expect(names.slice(0, 3)).toEqual(['index.html', 'family.json', 'reactions.json']);
    const book = w.book as { title: string };
    expect(names).toContain(`Mia/${day} ${book.title} - Grandma Rose.m4a`);
    expect(names).toContain(`Mia & Leo/${day} ${book.title} - Grandma Rose.mp4`);
    expect(names).toContain(`Mia & Leo/${day} ${book.title} - Grandma Rose (2).mp4`);
    expect(names.some((name) => name.startsWith(`Leo/${day} The Sleepy Owl - Grandma Rose (AI voice).`))).toBe(true);
    expect(names).toHaveLength(3 + 4);
    // Media is stored as it is (method 0), byte for byte what the app plays.
    for (const entry of zip.values()) expect(entry.method, entry.name).toBe(0);
    const viewUrl = (await get(`/api/recording/${w.both[0]}/view-url`, w.parent)).json().url as string;
    const played = (await get(viewUrl)).rawPayload;
    expect(zip.get(`Mia & Leo/${day} ${book.title} - Grandma Rose.mp4`)!.data.equals(played)).toBe(true);

    const family = JSON.parse(zip.get('family.json')!.data.toString());
    expect(family.family.name).toBe('The Robinsons');
    expect(family.kids.map((k: { name: string }) => k.name)).toEqual(['Mia', 'Leo']);
    expect(family.stories).toHaveLength(4);
    expect(family.stories.filter((s: { kind: string }) => s.kind === 'ai_story')[0].text.length).toBeGreaterThan(0);
    expect(family.reactions).toEqual([
      expect.objectContaining({ kid: 'Mia', reaction: 'heart', story_file: `Mia/${day} ${book.title} - Grandma Rose.m4a`, sent_by: 'Pat Robinson' }),
    ]);
    expect(JSON.parse(zip.get('reactions.json')!.data.toString())).toEqual(family.reactions);

    const html = zip.get('index.html')!.data.toString();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain(`<video controls preload="none" src="Mia%20%26%20Leo/${encodeURIComponent(`${day} ${book.title} - Grandma Rose.mp4`)}">`);
    expect(html).toContain('❤️');

    // Nothing of the other family.
    const all = res.rawPayload.toString('latin1');
    for (const word of ['The Outsiders', w.other.family.id]) expect(all).not.toContain(word);

    // unzip itself agrees: the archive tests whole.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-export-'));
    try {
      await writeFile(path.join(dir, 'a.zip'), res.rawPayload);
      const tested = spawnSync('unzip', ['-t', path.join(dir, 'a.zip')], { encoding: 'utf8' });
      expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a parent who is not the admin (403), a reader (403), an outsider (404) and the signed out (401)', async () => {
    const url = `/api/family/${w.family.id}/export`;
    for (const [who, status] of [
      [w.coParent, 403],
      [w.gran, 403],
      [w.other.parent, 404],
      [undefined, 401],
    ] as const) {
      const res = await get(url, who);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await get(`/api/family/not-an-id/export`, w.parent)).statusCode).toBe(400);
  });

  it('exports a family without kids or stories', async () => {
    const family = await ctx.newFamily(undefined, 'Empty Nest');
    const res = await get(`/api/family/${family.id}/export`, family.admin);
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    expect([...zip.keys()]).toEqual(['index.html', 'family.json', 'reactions.json']);
    expect(zip.get('index.html')!.data.toString()).toContain('No kids yet.');
  });
});

describe('GET /api/me/export', () => {
  it('gives the reader their profile, memberships, readings with media, voice consent, payments and reports', async () => {
    const res = await get('/api/me/export', w.gran);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await readZip(res.rawPayload);
    const names = [...zip.keys()];
    expect(names.slice(0, 2)).toEqual(['README.txt', 'my-data.json']);
    expect(names.filter((n) => n.startsWith('recordings/'))).toHaveLength(3);
    const data = JSON.parse(zip.get('my-data.json')!.data.toString());
    expect(data.profile).toMatchObject({ first_name: 'Rose', email: w.gran.email, account_role: 'grandparent' });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    expect(data.memberships).toEqual([expect.objectContaining({ family: 'The Robinsons', family_role: 'reader', relationship: 'Grandma' })]);
    expect(data.recordings).toHaveLength(3);
    const audio = data.recordings.find((r: { recording_type: string }) => r.recording_type === 'audio_only');
    expect(audio.for_kids).toEqual([expect.objectContaining({ kid: 'Mia', family: 'The Robinsons' })]);
    expect(audio.reactions).toEqual([expect.objectContaining({ reaction: 'heart' })]);
    expect(audio.file).toMatch(/^recordings\/.+\.m4a$/);
    expect(zip.get(audio.file)!.data.length).toBeGreaterThan(1000);
    expect(data.voice.consent).toMatchObject({ allowed: true });
    expect(data.voice.consent_history).toEqual([{ allowed: true, at: expect.any(String) }]);
    expect(data.voice.voice_clone).toMatchObject({ made_from_readings: 1 });
    expect(data.voice.ai_stories).toEqual([expect.objectContaining({ family: 'The Robinsons', in_my_voice: true, status: 'ready' })]);
    expect(data.issue_reports).toEqual([expect.objectContaining({ description: 'The owl hooted twice' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // Nothing of the other family's reader, who is another Rose Robinson of another family.
    expect(res.rawPayload.toString('latin1')).not.toContain('The Outsiders');
  });

  it("gives the parent their plan's payments and token ledger", async () => {
    const zip = await readZip((await get('/api/me/export', w.parent)).rawPayload);
    const data = JSON.parse(zip.get('my-data.json')!.data.toString());
    expect(data.payments.subscription).toMatchObject({ plan: 'premium' });
    expect(data.payments.payments.length).toBeGreaterThan(0);
    expect(data.memberships).toEqual([expect.objectContaining({ family: 'The Robinsons', family_role: 'admin' })]);
    expect(data.recordings).toEqual([]);
    expect([...zip.keys()].filter((n) => n.startsWith('recordings/'))).toEqual([]);
  });

  it('refuses the signed out', async () => {
    const res = await get('/api/me/export');
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().error).toBe('string');
  });
});
