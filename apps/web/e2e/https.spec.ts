import { randomBytes } from 'node:crypto';
import { OFFLINE_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectRecordingsReady, newAccount, test } from './fixtures.ts';
import { recordFor } from './kid-helpers.ts';

// Decision 025: served over TLS, the app speaks HTTP/2. Against the second server of playwright.config.ts (HTTPS,
// the test-only certificate, which this project's Chromium trusts), a family's evening over HTTP/2: a grandparent's
// readings uploaded, the kid's page, Bedtime Mode playing and seeking, Save for offline through the service worker.
test('over HTTPS the app speaks HTTP/2: readings upload, play with seeking, and save for offline', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await page.request.post('/api/family/create', { data: { family_name: `Secure ${randomBytes(3).toString('hex')}` } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string; family_code: string } }).family;
  const kid = await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name: 'Mia', age: 4 } });
  const miaId = ((await kid.json()) as { kid: { id: string } }).kid.id;
  // This server's starter books: no admin (nor mail) needed.
  const { books } = (await (await page.request.get('/api/books?page=1&per_page=15')).json()) as { books: { id: string; is_premium: boolean }[] };
  const [first, second] = books.filter((b) => !b.is_premium);
  expect(second).toBeDefined();

  const grandparentContext = await browser.newContext({ baseURL, ignoreHTTPSErrors: true });
  const grandparent = await grandparentContext.newPage();
  await createAccount(grandparent.request, newAccount('grandparent', { first_name: 'Grace' }));
  expect((await grandparent.request.post('/api/family/join', { data: { family_code: family.family_code, relationship: 'Grandma' } })).status()).toBe(200);
  await grandparent.goto('/grandparent-dashboard');
  expect(await grandparent.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
  const stories = await recordFor(grandparent, [
    { bookId: first!.id, kidId: miaId },
    { bookId: second!.id, kidId: miaId },
  ]);
  await expectRecordingsReady(grandparent.request, stories);

  // The parent's evening: Mia's page, its scripts and answers over HTTP/2.
  await page.goto(`/child/${miaId}`);
  await expect(page.getByTestId('story-card')).toHaveCount(2);
  const protocols = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
  );
  expect(new Set(protocols)).toEqual(new Set(['h2']));

  // Bedtime Mode plays the first story from the server and seeks inside it (a Range request over HTTP/2).
  await page.getByRole('link', { name: 'Bedtime Mode' }).click();
  const player = page.getByTestId('story-player');
  await expect(player).toHaveAttribute('data-bedtime', 'true');
  const media = player.locator('[data-story-media][data-active="true"]');
  await expect(media).toHaveJSProperty('paused', false, { timeout: 20_000 });
  await media.evaluate((el: HTMLMediaElement) => {
    el.currentTime = 1.5;
  });
  await expect.poll(() => media.evaluate((el: HTMLMediaElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(1.5);

  // Save for offline: the service worker installs over HTTPS and the stories are kept on the device.
  await page.goto(`/child/${miaId}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  const panel = page.getByTestId('offline-panel');
  await panel.getByRole('button', { name: OFFLINE_TEXTS.save }).click();
  await expect(panel.getByTestId('offline-saved')).toContainText(/^2 stories saved on this device · [\d.]+ (KB|MB)/, { timeout: 60_000 });
  await grandparentContext.close();
});
