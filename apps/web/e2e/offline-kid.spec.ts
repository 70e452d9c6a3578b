import { randomBytes } from 'node:crypto';
import { DEVICE_TEXTS, OFFLINE_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectRecordingsReady, newAccount, signInAdmin, test, uploadBook, type UploadedBook } from './fixtures.ts';
import { recordFor } from './kid-helpers.ts';

// Issue 26, tonight's stories offline: the parent saves Mia's playlist for offline; Mia's paired device keeps
// it by itself, is taken offline, reloads her page (the service worker answers it), plays both saved stories
// in Bedtime Mode with seeking (Range answered from the cache) and sends a heart; back online, the heart and
// the plays reach the server once.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = randomBytes(3).toString('hex');
let books: UploadedBook[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  books = [];
  for (const title of ['Owl Night', 'Star Train']) books.push(await uploadBook(admin, `${title} ${tag}`));
  await admin.dispose();
});

test('Mia’s device plays tonight’s saved stories offline and sends what it queued once back online', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const [owl, star] = books as [UploadedBook, UploadedBook];

  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await page.request.post('/api/family/create', { data: { family_name: `Offline ${suffix}` } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string; family_code: string } }).family;
  const miaId = ((await (await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name: 'Mia', age: 4 } })).json()) as { kid: { id: string } })
    .kid.id;
  const grandparentContext = await browser.newContext({ baseURL });
  const grandparent = await grandparentContext.newPage();
  await createAccount(grandparent.request, newAccount('grandparent', { first_name: 'Grace' }));
  expect((await grandparent.request.post('/api/family/join', { data: { family_code: family.family_code, relationship: 'Grandma' } })).status()).toBe(200);
  await grandparent.goto('/grandparent-dashboard');
  const stories = await recordFor(grandparent, [
    { bookId: owl.id, kidId: miaId },
    { bookId: star.id, kidId: miaId },
  ]);
  await expectRecordingsReady(grandparent.request, stories);

  // The parent saves Mia's playlist for offline on her page: a progress bar, then the space it uses.
  await page.goto(`/child/${miaId}`);
  const panel = page.getByTestId('offline-panel');
  await panel.getByRole('button', { name: OFFLINE_TEXTS.save }).click();
  await expect(panel.getByTestId('offline-saved')).toContainText(/^2 stories saved on this device · [\d.]+ (KB|MB)/, { timeout: 60_000 });
  await expect(page.getByTestId('story-card').and(page.locator('[data-offline="saved"]'))).toHaveCount(2);

  // Mia's tablet is paired; it keeps her first stories saved by itself, and the service worker takes over.
  const code = ((await (await page.request.post(`/api/family/${family.id}/kids/${miaId}/device-code`)).json()) as { code: string }).code;
  const deviceContext = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const device = await deviceContext.newPage();
  await device.goto(`/pair?code=${code}`);
  await device.getByLabel(DEVICE_TEXTS.deviceNameLabel).fill('Mia’s tablet');
  await device.getByRole('button', { name: DEVICE_TEXTS.pair }).click();
  await expect(device).toHaveURL(new RegExp(`/child/${miaId}$`));
  await device.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await expect(device.getByTestId('offline-saved')).toContainText('2 stories saved on this device', { timeout: 60_000 });
  // What the page reads is kept by the worker once it controls the page.
  await expect
    .poll(() => device.evaluate(async () => (await (await caches.open('fst-kid-data')).keys()).map((r) => new URL(r.url).pathname)), { timeout: 30_000 })
    .toContain(`/api/playback/kid/${miaId}/playlist`);

  // The wifi drops. The page opens from the service worker, says it is offline and still lists both stories.
  await deviceContext.setOffline(true);
  await device.reload();
  await expect(device.getByRole('heading', { level: 1, name: 'Mia’s Stories' })).toBeVisible();
  await expect(device.getByTestId('offline-notice')).toHaveText(OFFLINE_TEXTS.offline);
  await expect(device.locator('[data-testid="story-card"][data-offline="saved"]')).toHaveCount(2);

  // Bedtime Mode plays both saved stories from the device, seeking inside each.
  await device.getByRole('link', { name: 'Bedtime Mode' }).click();
  const player = device.getByTestId('story-player');
  await expect(player).toHaveAttribute('data-bedtime', 'true');
  for (const index of [0, 1]) {
    await expect(player).toHaveAttribute('data-story-index', String(index), { timeout: 30_000 });
    const media = player.locator('[data-story-media][data-active="true"]');
    await expect(media).toHaveJSProperty('paused', false, { timeout: 20_000 });
    expect(await media.evaluate((el: HTMLMediaElement) => new URL(el.currentSrc).pathname)).toMatch(/^\/offline\/[^/]+\/[0-9a-f]{8}\/media$/);
    // Seeking asks the saved copy for a byte range.
    await media.evaluate((el: HTMLMediaElement) => {
      el.currentTime = 1.5;
    });
    await expect.poll(() => media.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(1.5);
  }
  // After the last story, Mia sends Grace a heart: it waits in the queue.
  await expect(player.getByTestId('player-ending')).toBeVisible({ timeout: 30_000 });
  await player.getByRole('group', { name: 'Send Grace a reaction' }).getByRole('button', { name: 'Heart' }).click();
  await expect(player.getByText('You sent Grace a heart!')).toBeVisible();
  const queued = () => device.evaluate(() => (JSON.parse(localStorage.getItem('fst.offline-queue.v1') ?? '[]') as unknown[]).length);
  expect(await queued()).toBeGreaterThanOrEqual(5);

  // Back online: the queue is sent, and the heart and the plays arrive once each.
  await deviceContext.setOffline(false);
  await expect.poll(queued, { timeout: 30_000 }).toBe(0);
  const reactions = async () =>
    (
      (await (await grandparent.request.get('/api/reactions/for-reader')).json()) as {
        reactions: { reaction: string; recording_id: string; kid: { name: string } }[];
      }
    ).reactions.map((r) => [r.reaction, r.kid.name, r.recording_id]);
  // (For the story played last: the playlist's second.)
  await expect.poll(reactions).toEqual([['heart', 'Mia', expect.any(String)]]);
  expect(stories).toContain((await reactions())[0]![2]);
  const playCounts = async () =>
    ((await (await page.request.get(`/api/recording/kid/${miaId}`)).json()) as { recordings: { id: string; play_count: number }[] }).recordings
      .map((r) => [r.id, r.play_count])
      .sort();
  await expect.poll(playCounts).toEqual(stories.map((id) => [id, 1]).sort());

  await deviceContext.close();
  await grandparentContext.close();
});
