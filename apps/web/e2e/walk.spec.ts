import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { FAMILY_PAGE_TEXTS, PLAYBACK_TEXTS, RECORDING_PAGE_TEXTS, RECORDING_TEXTS, REPORT_TEXTS } from '@fst/shared/messages';
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

// Issue 22, a walk through the app at a laptop's and a phone's size: the bedtime player, the recorder and the
// Report Issue button, each as a person sees them.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = randomBytes(3).toString('hex');
const LAPTOP = { width: 1280, height: 800 };
const SMALL_LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

let book: UploadedBook;
/** A parent's signed-in browser state, a kid Mia and two short audio stories for her (6 s, then 4 s). */
let family: { storage: Awaited<ReturnType<BrowserContext['storageState']>>; kidId: string; familyId: string; ids: string[] } | null = null;

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  book = await uploadBook(admin, `Moon Walk ${tag}`, { pages: 3 });
  // The story family is read from this book: made again for the new one.
  family = null;
  await admin.dispose();
});

/** The parent's family with Mia and her two stories, made once for the journeys that play them. */
async function storyFamily(browser: Browser, baseURL: string | undefined) {
  if (family) return family;
  const parentContext = await browser.newContext({ baseURL });
  await createAccount(parentContext.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await parentContext.request.post('/api/family/create', { data: { family_name: `Walk ${suffix}` } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kidRes = await parentContext.request.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Mia', age: 5 } });
  const kidId = ((await kidRes.json()) as { kid: { id: string } }).kid.id;
  const code = ((await (await parentContext.request.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;

  const readerContext = await browser.newContext({ baseURL });
  const reader = await readerContext.newPage();
  await createAccount(reader.request, newAccount('grandparent', { first_name: 'Grace' }));
  expect((await reader.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } })).status()).toBe(200);
  await reader.goto('/grandparent-dashboard');
  const ids = await reader.evaluate(
    async ({ bookId, kidId, lengthsMs }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const record = (ms: number) =>
        new Promise<Blob>((resolve) => {
          const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
          const chunks: Blob[] = [];
          recorder.ondataavailable = (event) => chunks.push(event.data);
          recorder.onstop = () => resolve(new Blob(chunks, { type: 'audio/webm' }));
          recorder.start(250);
          setTimeout(() => recorder.stop(), ms);
        });
      const readings = await Promise.all(lengthsMs.map(record));
      for (const track of stream.getTracks()) track.stop();
      const out: string[] = [];
      for (const [i, reading] of readings.entries()) {
        const form = new FormData();
        form.append('book_id', bookId);
        form.append('recording_type', 'audio_only');
        form.append('duration_seconds', String(lengthsMs[i]! / 1000));
        form.append('kid_ids', JSON.stringify([kidId]));
        form.append('is_premium', 'false');
        form.append('page_track', JSON.stringify([{ page: 1, at_seconds: 0 }]));
        form.append('recording', reading, 'reading.webm');
        const res = await fetch('/api/recording/upload', { method: 'POST', body: form, credentials: 'include' });
        if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
        out.push(((await res.json()) as { recording: { id: string } }).recording.id);
      }
      return out;
    },
    { bookId: book.id, kidId, lengthsMs: [6000, 4000] },
  );
  await expectRecordingsReady(reader.request, ids);
  await readerContext.close();
  family = { storage: await parentContext.storageState(), kidId, familyId, ids };
  await parentContext.close();
  return family;
}

/** A page of the parent's, at `viewport`. */
async function parentPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }) {
  const { storage } = await storyFamily(browser, baseURL);
  const context = await browser.newContext({ baseURL, viewport, storageState: storage, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/** How bright an element looks on screen, 0 (black) to 1 (white), from a screenshot of it. */
async function brightness(page: Page, locator: Locator): Promise<number> {
  const png = (await locator.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const bitmap = new Image();
    bitmap.src = `data:image/png;base64,${data}`;
    await bitmap.decode();
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const pixels = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4) sum += 0.2126 * pixels[i]! + 0.7152 * pixels[i + 1]! + 0.0722 * pixels[i + 2]!;
    return sum / (pixels.length / 4) / 255;
  }, png);
}

for (const [name, viewport] of [
  ['a laptop', LAPTOP],
  ['a phone', PHONE],
] as const) {
  test(`on ${name}, bedtime's close button stays under the finger when its hint shows, and a second hold closes`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const { kidId } = await storyFamily(browser, baseURL);
    const { context, page } = await parentPage(browser, baseURL, viewport);
    await page.goto(`/child/${kidId}?bedtimeMode=true`);
    const player = page.getByRole('dialog');
    const hold = player.getByRole('button', { name: PLAYBACK_TEXTS.holdToClose });
    await expect(hold).toBeVisible({ timeout: 10_000 });
    const before = (await hold.boundingBox())!;
    await hold.click();
    await expect(player.getByText('Keep holding to close')).toBeVisible();
    const after = (await hold.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    expect(Math.abs(after.y - before.y)).toBeLessThan(1);
    // The second hold, where the button was at first, closes bedtime.
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(1700);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await context.close();
  });
}

test('at bedtime the book is dimmed, a quiet card shows the next story, and the sleep timer ends on the goodnight screen', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { kidId, ids } = await storyFamily(browser, baseURL);
  const { context, page } = await parentPage(browser, baseURL, LAPTOP);
  // A sleep timer of one minute, and the stories in the order recorded.
  const timer = await page.request.put(`/api/playback/kid/${kidId}/bedtime`, { data: { stories_limit: 5, sleep_timer_minutes: 1 } });
  expect(timer.status(), await timer.text()).toBe(200);
  expect((await page.request.put(`/api/playback/kid/${kidId}/playlist`, { data: { order: ids } })).status()).toBeLessThan(300);
  await page.clock.install();
  // As a parent starts it, with a tap (a page opened without one may not play sound).
  await page.goto(`/child/${kidId}`);
  await page.getByRole('link', { name: 'Bedtime Mode' }).click();
  const player = page.getByRole('dialog');
  await expect(player).toHaveAttribute('data-bedtime', 'true', { timeout: 10_000 });
  const tapToStart = player.getByRole('button', { name: PLAYBACK_TEXTS.tapToStart });
  if (await tapToStart.isVisible()) await tapToStart.click();

  // Held while the book is looked at (a busy machine may take longer than the story).
  await player.getByRole('button', { name: 'Pause' }).click();
  // The book beside the reading is dimmed to the night palette, its white pages too.
  const bookPanel = player.getByTestId('story-book');
  await expect(bookPanel.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  expect(await brightness(page, bookPanel)).toBeLessThan(0.6);
  await player.getByRole('button', { name: 'Play', exact: true }).click();

  // When the first story ends: a card names the next and its reader, and can be skipped.
  const card = player.getByTestId('next-story-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(book.title);
  await expect(card).toContainText('Read by Grace');
  await card.getByRole('button', { name: PLAYBACK_TEXTS.nextStoryNow }).click();
  await expect(card).toBeHidden();
  await expect(player).toHaveAttribute('data-story-index', '1');
  // Held again, so that the sleep timer, not the end of the stories, ends the evening.
  await player.getByRole('button', { name: 'Pause' }).click();

  // The sleep timer runs out: the goodnight screen stays, calm and dark, rather than the bright dashboard.
  await page.clock.runFor(61_000);
  await expect(player.getByText(PLAYBACK_TEXTS.sleepTimerDone)).toBeVisible();
  await page.clock.runFor(20_000);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`/child/${kidId}\\?bedtimeMode=true$`));
  await expect(player.getByText(PLAYBACK_TEXTS.bedtimeGoodnightTitle)).toBeVisible();
  await context.close();
});

// ---- The recorder ------------------------------------------------------------------------------------

/** The page's user, a grandparent reading for a new family's kid Mia. Answers the kid's id. */
async function readerWithKid(page: Page, baseURL: string | undefined, browser: Browser) {
  const parent = await browser.newContext({ baseURL });
  await createAccount(parent.request, newAccount('parent'));
  const created = await parent.request.post('/api/family/create', { data: { family_name: `Readers ${randomBytes(3).toString('hex')}` } });
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kid = ((await (await parent.request.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Mia', age: 5 } })).json()) as { kid: { id: string } })
    .kid;
  const code = ((await (await parent.request.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;
  await parent.close();
  await createAccount(page.request, newAccount('grandparent'));
  expect((await page.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } })).status()).toBe(200);
  return kid.id;
}

test('on a laptop, the reader dashboard draws its sections together, without moving what is on screen', async ({ page, baseURL, browser }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await readerWithKid(page, baseURL, browser);
  await page.goto('/grandparent-dashboard');
  await expect(page.getByRole('heading', { name: 'Kids You Read To' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Story Library', exact: true })).toBeVisible();
  // Shown one by one, the voice consent card and each section pushed the ones below down (0.05 to 0.13).
  expect(await layoutShifts(page)).toEqual([]);
});

async function startRecording(page: Page, typeLabel: string) {
  await page.getByRole('radio', { name: new RegExp(typeLabel) }).check();
  await expect(page.getByRole('checkbox', { name: 'Mia' })).toBeChecked();
  const start = page.getByRole('button', { name: 'Start Recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await page.getByRole('alertdialog', { name: RECORDING_PAGE_TEXTS.readyToRecordTitle }).getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
}

for (const [name, viewport] of [
  ['1280×800', LAPTOP],
  ['1366×768', SMALL_LAPTOP],
  ['390×844', PHONE],
] as const) {
  test(`at ${name} the recorder's choices are in view, and its controls and timer stay in view while reading, in every mode`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    await page.setViewportSize(viewport);
    const kidId = await readerWithKid(page, baseURL, browser);
    for (const type of ['video_with_pdf', 'webcam_only', 'audio_only'] as const) {
      await page.goto(`/record?bookId=${book.id}&childId=${kidId}`);
      await page.getByRole('radio', { name: new RegExp(RECORDING_PAGE_TEXTS.typeLabels[type]) }).check();
      // On a laptop who the story is for is on the first screen (checking the radio may have scrolled to it).
      if (viewport !== PHONE) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(page.getByText('Who is this story for?'), type).toBeInViewport({ ratio: 1 });
      }
      await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels[type]);
      for (const scrolled of ['top', 'bottom'] as const) {
        await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), scrolled);
        for (const control of [page.getByRole('button', { name: 'Pause' }), page.getByRole('button', { name: 'Stop' }), page.getByRole('timer')]) {
          await expect(control, `${type}, scrolled to the ${scrolled}`).toBeInViewport({ ratio: 1 });
        }
      }
      // Leaving mid-recording asks first; staying keeps the recording going.
      await page
        .getByRole('link', { name: /Dashboard|Family Story Time/ })
        .first()
        .click();
      const leave = page.getByRole('alertdialog', { name: RECORDING_PAGE_TEXTS.leaveTitle });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: RECORDING_PAGE_TEXTS.leaveStay }).click();
      await expect(page).toHaveURL(/\/record\?/);
      await expect(page.getByText('Recording', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
      // Opening the same address again is a reload to Chromium, which restores the scroll: start the next mode at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  });
}

test('a reading cut short by a reload keeps its last seconds', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const kidId = await readerWithKid(page, baseURL, browser);
  await page.goto(`/record?bookId=${book.id}&childId=${kidId}`);
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.audio_only);
  await expect(page.getByRole('timer')).toHaveText('00:04', { timeout: 15_000 });
  // Nearly five seconds read when the page goes (a reload asks first, and is let go).
  await page.waitForTimeout(850);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const unsent = page.getByRole('region', { name: RECORDING_PAGE_TEXTS.unsentTitle });
  await expect(unsent).toBeVisible();
  // The length the kept file holds, read from it (not the clock's).
  await expect(unsent.locator('[data-length-measured="true"]')).toContainText(/\(0:0[5-6]\)/);
});

test("a recovered reading states the length its kept file holds, not the recorder's clock", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const kidId = await readerWithKid(page, baseURL, browser);
  await page.goto(`/record?bookId=${book.id}&childId=${kidId}`);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  // A crash after the clock said 0:14 but with only 3 s of chunks stored (the walk: "reloaded at 0:14, the
  // recovered reading is 10.3 s"): the reading is kept in IndexedDB as the recorder keeps it.
  await page.evaluate(
    async ({ userId, bookId, kidId }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(250);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      recorder.stop();
      await stopped;
      for (const track of stream.getTracks()) track.stop();
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('fst-recordings', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
      const id = crypto.randomUUID();
      tx.objectStore('sessions').put({
        id,
        userId,
        bookId,
        bookTitle: 'Clock Book',
        premium: false,
        kidIds: [kidId],
        kidNames: ['Mia'],
        recordingType: 'audio_only',
        mimeType: 'audio/webm',
        startedAt: Date.now(),
        durationSeconds: 14,
        pageTrack: [{ page: 1, at_seconds: 0 }],
        finished: false,
        uploadUrl: null,
      });
      chunks.forEach((data, seq) => tx.objectStore('chunks').put({ sessionId: id, seq, data }));
      await new Promise((resolve) => (tx.oncomplete = resolve));
    },
    { userId: me.user.id, bookId: book.id, kidId },
  );
  await page.reload();
  const unsent = page.getByRole('region', { name: RECORDING_PAGE_TEXTS.unsentTitle });
  await expect(unsent).toContainText(RECORDING_PAGE_TEXTS.unsentBody('Clock Book', '0:03'));
  // Sent, it tells the server the same length.
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/recording/upload') && request.method() === 'POST');
  await unsent.getByRole('button', { name: RECORDING_PAGE_TEXTS.unsentUpload }).click();
  expect((await sent).postData() ?? '').toMatch(/name="duration_seconds"\r\n\r\n3\r\n/);
});

test('an upload that failed offline is sent by itself once the connection is back, the reading kept until then', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const kidId = await readerWithKid(page, baseURL, browser);
  await page.goto(`/record?bookId=${book.id}&childId=${kidId}`);
  await startRecording(page, RECORDING_PAGE_TEXTS.typeLabels.audio_only);
  await page.waitForTimeout(2000);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(RECORDING_PAGE_TEXTS.uploadWaitsForConnection)).toBeVisible({ timeout: 30_000 });
  await context.setOffline(false);
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/grandparent-dashboard$/);
  const mine = (await (await page.request.get('/api/recording/my-recordings')).json()) as unknown[];
  expect(mine).toHaveLength(1);
});

// ---- The Report Issue button ---------------------------------------------------------------------------

/** Scrolls to the end of the page, again while parts load as they come into view, until it stays put. */
async function scrollToEnd(page: Page) {
  let height = -1;
  for (let i = 0; i < 8; i++) {
    const now = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (now === height) return;
    height = now;
    await page.waitForTimeout(600);
  }
}

/** The words and controls under the Report Issue button, if any (text as laid out, links, buttons, fields). */
async function coveredByReportButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-testid="report-issue-button"]')!;
    const b = button.getBoundingClientRect();
    const overlaps = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
    // What lies under the button there, were the button not there: content scrolled beneath the header that
    // stays at the top is hidden by the header, not by the button.
    const seenThere = (owner: Element, r: DOMRect) => {
      const x = (Math.max(r.left, b.left) + Math.min(r.right, b.right)) / 2;
      const y = (Math.max(r.top, b.top) + Math.min(r.bottom, b.bottom)) / 2;
      const top = document.elementsFromPoint(x, y).find((el) => !button.contains(el));
      return !top || owner.contains(top) || top.contains(owner);
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || button.contains(node)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('.sr-only, [hidden], [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((r) => overlaps(r) && seenThere(parent, r))) found.push(text);
    }
    for (const el of document.querySelectorAll<HTMLElement>('a, button, input, select, textarea, canvas, video, img')) {
      if (el === button || el.closest('.sr-only') || getComputedStyle(el).visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (overlaps(r) && seenThere(el, r)) found.push(`<${el.tagName.toLowerCase()}> ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`);
    }
    return found;
  });
}

for (const [name, viewport] of [
  ['a laptop', LAPTOP],
  ['a phone', PHONE],
] as const) {
  test(`on ${name} the Report Issue button covers nothing on the first screen or at the end of a page`, async ({ browser, baseURL }) => {
    // Open on a phone (issue 22, item 6): the landing's footer, the dashboard's Replay and the kid page's
    // bedtime intro still sit under the button there.
    test.setTimeout(180_000);
    const { kidId, familyId } = await storyFamily(browser, baseURL);
    const { context, page } = await parentPage(browser, baseURL, viewport);
    // A second kid, as in the walk ("Kids (2)").
    await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name: `Leo${suffix}`.slice(0, 10), age: 3 } }).catch(() => undefined);
    const paths = ['/parent-dashboard', `/child/${kidId}`, '/family', '/subscription'];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: REPORT_TEXTS.button })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await coveredByReportButton(page), `${path}, first screen`).toEqual([]);
      if (viewport === PHONE) {
        // On a phone it sits in the header, which stays at the top: it covers nothing at any scroll position.
        const header = (await page.getByRole('banner').boundingBox())!;
        const button = (await page.getByTestId('report-issue-button').boundingBox())!;
        expect.soft(button.y + button.height, `${path}, in the header`).toBeLessThanOrEqual(header.y + header.height);
      }
      await scrollToEnd(page);
      expect.soft(await coveredByReportButton(page), `${path}, end of the page`).toEqual([]);
    }
    // The landing page, its FAQ at the end.
    const visitor = await browser.newContext({ baseURL, viewport });
    const landing = await visitor.newPage();
    await landing.goto('/');
    await expect(landing.getByRole('button', { name: REPORT_TEXTS.button })).toBeVisible();
    expect.soft(await coveredByReportButton(landing), 'landing, first screen').toEqual([]);
    await scrollToEnd(landing);
    expect.soft(await coveredByReportButton(landing), 'landing, end of the page').toEqual([]);
    await visitor.close();
    await context.close();
  });
}

test('Edit Playlist Order tells two readings of one book apart, and stories move by dragging, by keyboard too', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { kidId, ids } = await storyFamily(browser, baseURL);
  const { context, page } = await parentPage(browser, baseURL, LAPTOP);
  expect((await page.request.put(`/api/playback/kid/${kidId}/playlist`, { data: { order: ids } })).status()).toBe(200);
  await page.goto(`/child/${kidId}`);
  await page.getByRole('button', { name: 'Edit Playlist Order' }).click();
  const editor = page.getByRole('region', { name: 'Edit Playlist Order' });
  const rows = editor.getByTestId('order-item');
  // The same book twice: each row says who read it, how, and for how long.
  await expect(rows).toHaveText([/Grace.* · Audio · 0:0[56]/, /Grace.* · Audio · 0:0[34]/]);
  const lengths = async () => (await rows.allTextContents()).map((t) => /0:0(\d)/.exec(t)![1]);
  const [first, second] = await lengths();

  // By keyboard: lift the second with Space, up one place, drop.
  await editor.getByRole('button', { name: new RegExp(`Drag ${book.title}, read by Grace.*, position 2 of 2`) }).focus();
  // Each key waits for what a screen reader hears of the one before (dnd-kit measures between them).
  const live = editor.getByRole('status').filter({ hasText: /./ });
  await page.keyboard.press('Space');
  await expect(live.filter({ hasText: /Picked up|is over position 2 of 2/ })).toHaveCount(1);
  // An arrow before dnd-kit has measured the lifted row moves nothing; another at the top moves nothing
  // either, so it is pressed until the row is over position 1.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(live.filter({ hasText: 'is over position 1 of 2' })).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect.poll(lengths).toEqual([second, first]);

  // By pointer: drag the (now) second back above the first.
  const handle = editor.getByRole('button', { name: /position 2 of 2/ });
  const from = (await handle.boundingBox())!;
  const to = (await rows.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect.poll(lengths).toEqual([first, second]);
  // dnd-kit swallows clicks for 50 ms after a pointer drop (no click on what was dragged): a click that
  // fast, as a test's is, never reaches Save Order, so it is clicked again until the order is sent.
  await expect(async () => {
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/playback/kid/${kidId}/playlist`), { timeout: 2_000 });
    await editor.getByRole('button', { name: 'Save Order' }).click();
    await sent;
  }).toPass();
  await expect(page.getByText(PLAYBACK_TEXTS.orderSaved)).toBeVisible();
  await context.close();
});

for (const [name, viewport] of [
  ['a laptop', LAPTOP],
  ['a phone', PHONE],
] as const) {
  test(`on ${name} the Request Story dialog keeps its Request Story button in view`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    await storyFamily(browser, baseURL);
    const { context, page } = await parentPage(browser, baseURL, viewport);
    await page.goto('/parent-dashboard');
    await page
      .getByRole('button', { name: /Request Story/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio').first()).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: 'Request Story', exact: true })).toBeInViewport({ ratio: 1 });
    await context.close();
  });
}

test('a grandparent who asked to join sees the request waiting on the dashboard, and can cancel it', async ({ browser, baseURL }) => {
  const parentContext = await browser.newContext({ baseURL });
  await createAccount(parentContext.request, newAccount('parent', { first_name: 'Pia' }));
  const familyName = `Waiting Walk ${suffix}`;
  const created = await parentContext.request.post('/api/family/create', { data: { family_name: familyName } });
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await createAccount(page.request, newAccount('grandparent', { first_name: 'Wanda' }));
  await page.goto('/grandparent-dashboard');
  await expect(page.getByText(/Join your family with the code/)).toBeVisible();

  await page.getByRole('button', { name: 'Find Families' }).click();
  const find = page.getByRole('dialog', { name: 'Find Families' });
  await find.getByLabel('Your relationship to the kids').selectOption('Grandma');
  await find.getByRole('tab', { name: 'Search Family' }).click();
  await find.getByLabel('Family Name').fill(familyName);
  await find.getByRole('button', { name: 'Search' }).click();
  await find.getByRole('button', { name: /Request to Join/ }).click();
  await expect(find.getByRole('button', { name: /Request Sent/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // The dashboard says what was asked, of whom and when, and no longer how to join (issue 22.12).
  const waiting = page.getByRole('region', { name: FAMILY_PAGE_TEXTS.pendingHeading });
  await expect(waiting).toContainText(FAMILY_PAGE_TEXTS.pendingLine(familyName));
  await expect(waiting).toContainText(FAMILY_PAGE_TEXTS.pendingWaiting);
  await expect(waiting).toContainText('Grandma');
  await expect(waiting.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByText(/Join your family with the code/)).toBeHidden();
  // The same after a reload, drawn with the page's first data.
  await page.reload();
  await expect(waiting).toContainText(FAMILY_PAGE_TEXTS.pendingLine(familyName));
  await expect(page.getByText(/Join your family with the code/)).toBeHidden();
  await expectAccessible(page);

  // Cancelling asks first; then the request is gone, for the family too.
  await waiting.getByRole('button', { name: `${FAMILY_PAGE_TEXTS.withdraw} to join ${familyName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: FAMILY_PAGE_TEXTS.withdrawTitle(familyName) });
  await confirm.getByRole('button', { name: FAMILY_PAGE_TEXTS.withdraw }).click();
  await expect(page.getByText(FAMILY_PAGE_TEXTS.withdrawn(familyName))).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(page.getByText(/Join your family with the code/)).toBeVisible();
  const requests = await parentContext.request.get(`/api/family/${familyId}/requests`);
  expect(((await requests.json()) as { requests: unknown[] }).requests).toEqual([]);
  await context.close();
  await parentContext.close();
});
