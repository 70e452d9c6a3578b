import { DEVICE_TEXTS } from '@fst/shared/messages';
import { expect, test } from './fixtures.ts';

// Issue 26, the installable app: what Lighthouse's PWA checks looked at (Lighthouse 12 no longer has them),
// asked of Chromium itself: the manifest makes the app installable, and the service worker controls the
// start URL, which then opens with the network off.
test('the app is installable, and its start page is controlled by the service worker and opens offline', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/pair');
  await expect(page.getByRole('button', { name: DEVICE_TEXTS.pair })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe('/sw.js');

  // Chromium's own verdict, the one its install prompt and Lighthouse's old "installable manifest" audit use.
  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito, where Chromium never offers to install: that one is the browser's, not the app's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

  // The start URL with no network: the worker answers it, and the page is the app's, not the browser's error.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: DEVICE_TEXTS.pair })).toBeVisible();
  await context.close();
});
