import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { RECORDING_PAGE_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import {
  createAccount,
  expect,
  expectRecordingsReady,
  expectAccessible,
  layoutShifts,
  newAccount,
  signInAdmin,
  test,
  uploadBook,
  type UploadedBook,
} from './fixtures.ts';

// Chromium runs with a fake camera and microphone (playwright.config.ts), so the recorder records for real.

let book: UploadedBook;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  book = await uploadBook(admin, `Owl Moon ${randomBytes(3).toString('hex')}`, { pages: 4 });
  await admin.dispose();
});

/** A family with one kid (made by a parent through the API) and the page's user, a grandparent, as its reader. */
async function readerWithKid(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
  const parentApi = await playwright.request.newContext({ baseURL });
  await createAccount(parentApi, newAccount('parent'));
  const created = await parentApi.post('/api/family/create', { data: { family_name: `Readers ${randomBytes(3).toString('hex')}` } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kidRes = await parentApi.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Mia', age: 5 } });
  expect(kidRes.status(), await kidRes.text()).toBe(201);
  const kid = ((await kidRes.json()) as { kid: { id: string } }).kid;
  const code = ((await (await parentApi.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;
  await parentApi.dispose();

  // Signing up through the page's own request context signs the page in.
  await createAccount(page.request, newAccount('grandparent'));
  const joined = await page.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { kidId: kid.id, familyId };
}

const recordUrl = (kidId: string) => `/record?bookId=${book.id}&childId=${kidId}`;

async function startRecording(page: Page, typeLabel: string) {
  await expect(page.getByRole('heading', { name: 'Record a Story' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(typeLabel) }).check();
  await expect(page.getByRole('checkbox', { name: 'Mia' })).toBeChecked();
  const start = page.getByRole('button', { name: 'Start Recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  if (typeLabel === RECORDING_PAGE_TEXTS.typeLabels.video_with_pdf) {
    // The page shown is drawn into the video.
    await expect(page.locator('canvas[data-rendered-page]')).toHaveCount(1, { timeout: 20_000 });
  }
  await start.click();
  const dialog = page.getByRole('alertdialog', { name: RECORDING_PAGE_TEXTS.readyToRecordTitle });
  await dialog.getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
  // Type and kids are locked while recording.
  await expect(page.getByRole('radio', { name: new RegExp(typeLabel) })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Mia' })).toBeDisabled();
}

async function newestRecordingId(page: Page): Promise<string> {
  const res = await page.request.get('/api/recording/my-recordings');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { id: string }[];
  expect(list.length).toBeGreaterThan(0);
  return list[0]!.id;
}

/** The recording page shows it finished (processing by ffmpeg may take a while) and its media plays. */
async function expectReadyAndPlayable(page: Page, recordingId: string, audio: boolean) {
  await page.goto(`/recording/${recordingId}`);
  await expect(page.getByTestId('recording-status')).toHaveText(RECORDING_PAGE_TEXTS.statusFinished, { timeout: 180_000 });
  const media = page.locator(audio ? 'audio' : 'video');
  await expect(media).toHaveCount(1);
  await expect
    .poll(() => media.evaluate((m: HTMLMediaElement) => (m.readyState >= 1 && m.duration > 0 ? m.duration : 0)), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

for (const type of ['video_with_pdf', 'webcam_only', 'audio_only'] as const) {
  test(`a grandparent records ${type}, it uploads, turns ready and plays`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(360_000);
    const { kidId } = await readerWithKid(page, playwright, baseURL);
    await page.goto(recordUrl(kidId));
    const label = RECORDING_PAGE_TEXTS.typeLabels[type];
    if (type === 'video_with_pdf') await expectAccessible(page);
    await startRecording(page, label);
    await page.waitForTimeout(1500);
    if (type === 'video_with_pdf') await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.waitForTimeout(1800);
    // At least 2 s recorded (a busy machine may take longer between steps).
    await expect(page.getByRole('timer')).toHaveText(/^(00:0[2-9]|00:[1-5]\d|\d\d:\d\d)$/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);

    const id = await newestRecordingId(page);
    const detail = (await (await page.request.get(`/api/recording/${id}`)).json()) as {
      recording: { recording_type: string; kids: { id: string }[]; page_track: { page: number }[]; duration_seconds: number };
    };
    expect(detail.recording.recording_type).toBe(type);
    expect(detail.recording.kids.map((k) => k.id)).toEqual([kidId]);
    if (type === 'video_with_pdf') expect(detail.recording.page_track.map((t) => t.page)).toEqual([1, 2]);

    await expectReadyAndPlayable(page, id, type === 'audio_only');
    await expect(page.getByText(RECORDING_PAGE_TEXTS.typeLabels[type])).toBeVisible();
    await expect(page.getByRole('list', { name: 'Assigned kids' })).toContainText('Mia');
    if (type === 'video_with_pdf') await expectAccessible(page);
    // Opened afresh, the page keeps its place when the player's link comes (a loading line stood in for it,
    // and the details below jumped down by the video's height).
    await page.reload();
    await expect(page.locator(type === 'audio_only' ? 'audio' : 'video')).toHaveAttribute('src', /.+/);
    await expect(page.getByRole('list', { name: 'Assigned kids' })).toBeVisible();
    const shifts = await layoutShifts(page);
    // Chromium's audio control moves its own clock a little (0.001) when it learns the length.
    expect(type === 'audio_only' ? shifts.filter((shift) => !shift.endsWith('(text or gone)')) : shifts).toEqual([]);
  });
}

test('a 10-second "Video with book" reading is processed, faster than it lasted, into a 25–30 fps file', async ({ page, playwright, baseURL }) => {
  test.setTimeout(300_000);
  const { kidId } = await readerWithKid(page, playwright, baseURL);
  await page.goto(recordUrl(kidId));
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.video_with_pdf);
  await expect(page.getByRole('timer')).toHaveText('00:10', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  const id = await newestRecordingId(page);
  const sent = Date.now();
  await expectRecordingsReady(page.request, [id], { timeout: 180_000, intervals: [250] });
  // At ~1000 fps, processing took minutes for seconds of reading (issue 22). The time is noted, not asserted:
  // a timed assertion fails on a busy machine whatever the code does (media.test.ts measures ffmpeg's CPU time).
  // A busy headless Chromium drops frames, the last ones too: the picture must still last as long as the sound.
  test.info().annotations.push({ type: 'processing-ms', description: String(Date.now() - sent) });
  const { url } = (await (await page.request.get(`/api/recording/${id}/view-url`)).json()) as { url: string };
  const file = path.join(os.tmpdir(), `fst-fps-${id}.mp4`);
  writeFileSync(file, await (await page.request.get(url)).body());
  const probe = spawnSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-count_frames',
    '-show_entries',
    'stream=nb_read_frames:format=duration',
    '-of',
    'json',
    file,
  ]);
  const info = JSON.parse(probe.stdout.toString()) as { streams: { nb_read_frames: string }[]; format: { duration: string } };
  const fps = Number(info.streams[0]!.nb_read_frames) / Number(info.format.duration);
  expect(fps).toBeGreaterThanOrEqual(25);
  expect(fps).toBeLessThanOrEqual(30.5);
});

for (const [device, viewport] of [
  ['an upright tablet', { width: 768, height: 1024 }],
  ['a phone', { width: 390, height: 844 }],
] as const) {
  test(`on ${device} the book's page and the recorder's buttons are in view together`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { kidId } = await readerWithKid(page, playwright, baseURL);
    await page.goto(recordUrl(kidId));
    await expect(page.getByRole('button', { name: 'Start Recording' })).toBeInViewport({ ratio: 1 });
    await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.video_with_pdf);
    const next = page.getByRole('button', { name: 'Next page' });
    for (const inView of [
      page.locator('canvas[data-rendered-page]'),
      next,
      page.getByRole('button', { name: 'Pause' }),
      page.getByRole('button', { name: 'Stop' }),
      page.getByRole('timer'),
    ]) {
      await expect(inView).toBeInViewport();
    }
    // Clicked where they are, nothing scrolled: a button under another element would not take the click.
    await next.click({ noWaitAfter: true });
    await expect(page.locator('canvas[data-rendered-page]')).toHaveAttribute('data-rendered-page', '2');
    // The floating Report Issue button and a toast keep above the controls' bar, rather than cover them.
    const bar = page.getByTestId('recorder-bar');
    const barTop = async () => (await bar.boundingBox())!.y;
    const bottomOf = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height;
    };
    expect(await bottomOf(page.getByTestId('report-issue-button'))).toBeLessThanOrEqual(await barTop());
    // The story is refused once: the failure's toast comes while the bar offers to try again.
    let refused = false;
    await page.route('**/api/recording/upload', (route) => {
      if (refused || route.request().method() !== 'POST') return route.fallback();
      refused = true;
      return route.fulfill({ status: 400, json: { error: 'Refused for the test', code: 'invalid_input' } });
    });
    await page.getByRole('button', { name: 'Stop' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: RECORDING_TEXTS.uploadFailed });
    await expect(toast).toBeVisible({ timeout: 60_000 });
    // The bar grows as it shows the failure, and the toast then moves up with it.
    await expect.poll(async () => (await bottomOf(toast)) - (await barTop())).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Try Upload Again' }).click();
    await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  });
}

test('a reading cut short by a reload is recovered from the browser and uploaded', async ({ page, playwright, baseURL }) => {
  test.setTimeout(360_000);
  const { kidId } = await readerWithKid(page, playwright, baseURL);
  await page.goto(recordUrl(kidId));
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.webcam_only);
  await page.waitForTimeout(3500);
  await page.reload();

  const unsent = page.getByRole('region', { name: RECORDING_PAGE_TEXTS.unsentTitle });
  await expect(unsent).toBeVisible();
  await expect(unsent).toContainText(book.title);
  await expect(unsent).toContainText('Mia');
  await expect(unsent).toContainText(/\(0:0[2-9]\)/);
  await expectAccessible(page);
  await unsent.getByRole('button', { name: RECORDING_PAGE_TEXTS.unsentUpload }).click();
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/grandparent-dashboard$/);

  // Deleted locally once the server confirmed it: nothing is offered any more.
  await page.goto(recordUrl(kidId));
  await expect(page.getByRole('heading', { name: 'Record a Story' })).toBeVisible();
  await expect(page.getByRole('region', { name: RECORDING_PAGE_TEXTS.unsentTitle })).toHaveCount(0);

  const id = await newestRecordingId(page);
  await expectReadyAndPlayable(page, id, false);
});

test('an upload cut off twice resumes by itself and the server gets every byte', async ({ page, playwright, baseURL }) => {
  test.setTimeout(360_000);
  const { kidId } = await readerWithKid(page, playwright, baseURL);

  let uploadLength = -1;
  let aborted = 0;
  let finalOffset = -1;
  await page.route('**/api/uploads', async (route) => {
    if (route.request().method() === 'POST') uploadLength = Number(route.request().headers()['upload-length']);
    await route.continue();
  });
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH' && aborted < 2) {
      aborted++;
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  page.on('response', (res) => {
    if (res.request().method() === 'PATCH' && /\/api\/uploads\/[0-9a-f]{32}$/.test(res.url()) && res.status() === 204) {
      finalOffset = Number(res.headers()['upload-offset']);
    }
  });

  await page.goto(recordUrl(kidId));
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.audio_only);
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible();
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 90_000 });
  expect(aborted).toBe(2);
  expect(uploadLength).toBeGreaterThan(1000);
  // Upload-Length is the size of the reading read back from IndexedDB; the server's final offset is its file's size.
  expect(finalOffset).toBe(uploadLength);

  const id = await newestRecordingId(page);
  await expectReadyAndPlayable(page, id, true);
});

test('an upload whose last answer is lost is sent again with its Idempotency-Key and makes one recording', async ({ page, playwright, baseURL }) => {
  test.setTimeout(360_000);
  const { kidId } = await readerWithKid(page, playwright, baseURL);
  // The server makes the recording, but its answer never reaches the browser (issue 23.9).
  const keys: (string | undefined)[] = [];
  await page.route('**/api/recording/upload', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.goto(recordUrl(kidId));
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.audio_only);
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Try Upload Again' }).click({ timeout: 60_000 });
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^upload-[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const mine = (await (await page.request.get('/api/recording/my-recordings')).json()) as unknown[];
  expect(mine).toHaveLength(1);
});
