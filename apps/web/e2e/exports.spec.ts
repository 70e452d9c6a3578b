import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { EXPORT_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectRecordingsReady, expectAccessible, newAccount, signInAdmin, test, uploadBook, type UploadedBook } from './fixtures.ts';

// Issue 25's exports (docs/decisions/017): a parent downloads the family archive as a normal browser download,
// unzips it and plays a story from its index.html on disk, with no server; a reader downloads their own data.
test.describe.configure({ timeout: 240_000 });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = randomBytes(3).toString('hex');
let book: UploadedBook;

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  book = await uploadBook(admin, `The Sleepy Owl ${tag}`);
  await admin.dispose();
});

/** A short video reading from the (fake) camera, uploaded for the kid as the recorder does; answers its id. */
async function recordVideo(page: Page, bookId: string, kidId: string): Promise<string> {
  return page.evaluate(
    async ({ bookId, kidId }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 320, height: 240 } });
      const reading = await new Promise<Blob>((resolve) => {
        const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onstop = () => resolve(new Blob(chunks, { type: 'video/webm' }));
        recorder.start(250);
        setTimeout(() => recorder.stop(), 3000);
      });
      for (const track of stream.getTracks()) track.stop();
      const form = new FormData();
      form.append('book_id', bookId);
      form.append('recording_type', 'webcam_only');
      form.append('duration_seconds', '3');
      form.append('kid_ids', JSON.stringify([kidId]));
      form.append('recording', reading, 'reading.webm');
      const res = await fetch('/api/recording/upload', { method: 'POST', body: form, credentials: 'include' });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { recording: { id: string } }).recording.id;
    },
    { bookId, kidId },
  );
}

const unzip = (zip: string, into: string) => {
  const res = spawnSync('unzip', ['-q', zip, '-d', into], { encoding: 'utf8' });
  expect(res.status, res.stderr).toBe(0);
};

test('a parent downloads the family archive, opens its index.html from disk and plays a story', async ({ page, browser, baseURL }) => {
  const familyName = `The Archivists ${suffix}`;
  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await page.request.post('/api/family/create', { data: { family_name: familyName } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string; family_code: string } }).family;
  const kidRes = await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name: 'Mia', age: 5 } });
  const kidId = ((await kidRes.json()) as { kid: { id: string } }).kid.id;

  // Grandma Rose joins and reads a story on video for Mia.
  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await createAccount(reader.request, newAccount('grandparent', { first_name: 'Rose' }));
  expect((await reader.request.post('/api/family/join', { data: { family_code: family.family_code, relationship: 'Grandma' } })).status()).toBe(200);
  await reader.goto('/grandparent-dashboard');
  const id = await recordVideo(reader, book.id, kidId);
  await expectRecordingsReady(reader.request, [id]);
  // The archive is the admins' to take: a reader's family page offers none.
  await reader.goto('/family');
  await expect(reader.getByRole('heading', { level: 2, name: familyName })).toBeVisible();
  await expect(reader.getByRole('link', { name: EXPORT_TEXTS.familyButton })).toHaveCount(0);
  await readerContext.close();

  // The family page offers the archive to the admin, as a link the browser downloads itself.
  await page.goto('/family');
  const card = page.getByRole('region', { name: EXPORT_TEXTS.familyHeading });
  const link = card.getByRole('link', { name: EXPORT_TEXTS.familyButton });
  await expect(link).toHaveAttribute('download', '');
  await expectAccessible(page);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const day = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`Family Story Time - ${familyName} - ${day}.zip`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-e2e-archive-'));
  try {
    const zip = path.join(dir, 'archive.zip');
    await download.saveAs(zip);
    unzip(zip, path.join(dir, 'out'));
    const out = path.join(dir, 'out');
    expect((await readdir(out)).sort()).toEqual(['Mia', 'family.json', 'index.html', 'reactions.json']);
    expect(await readdir(path.join(out, 'Mia'))).toEqual([`${day} ${book.title} - Grandma Rose.mp4`]);
    expect(JSON.parse(await readFile(path.join(out, 'family.json'), 'utf8')).family.name).toBe(familyName);

    // Opened from disk, with the server out of the picture: the page plays the story from the file beside it.
    const offline = await browser.newContext();
    await offline.route(/^https?:/, (route) => route.abort());
    const archive = await offline.newPage();
    await archive.goto(pathToFileURL(path.join(out, 'index.html')).href);
    await expect(archive.getByRole('heading', { level: 1, name: familyName })).toBeVisible();
    await expect(archive.getByRole('heading', { level: 3, name: book.title })).toBeVisible();
    const video = archive.locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
    await offline.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // The parent's own data, from the profile page.
  await page.goto('/profile');
  const myData = page.getByRole('region', { name: EXPORT_TEXTS.myDataHeading });
  const [mine] = await Promise.all([page.waitForEvent('download'), myData.getByRole('link', { name: EXPORT_TEXTS.myDataButton }).click()]);
  expect(mine.suggestedFilename()).toBe(`Family Story Time - my data - ${day}.zip`);
  const mineDir = await mkdtemp(path.join(os.tmpdir(), 'fst-e2e-mydata-'));
  try {
    await mine.saveAs(path.join(mineDir, 'mine.zip'));
    unzip(path.join(mineDir, 'mine.zip'), path.join(mineDir, 'out'));
    const data = JSON.parse(await readFile(path.join(mineDir, 'out', 'my-data.json'), 'utf8'));
    expect(data.memberships).toEqual([expect.objectContaining({ family: familyName, family_role: 'admin' })]);
  } finally {
    await rm(mineDir, { recursive: true, force: true });
  }
});
