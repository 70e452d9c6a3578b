import type { Page } from '@playwright/test';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, layoutShifts, newAccount, test } from './fixtures.ts';

// A parent scrolled down a long page who reloads it, or comes back to it, finds it where they left it, and
// nothing moves: React Router's ScrollRestoration puts the position back once the page is drawn whole with
// its first data (app/lazy-page.tsx `comingBack`). It came back cut to the page's loading view, the footer
// jumping as the sections arrived.

/** The page drawn whole: its last section in, nothing on it loading. */
async function drawnWhole(page: Page) {
  const last = page.url().endsWith('/family') ? DELETION_TEXTS.familyDangerHeading : 'Premium Library';
  await expect(page.getByRole('heading', { name: last })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Loading|Checking/ })).toHaveCount(0);
}

/** Scrolled to its end once drawn whole; answers the position. */
async function scrollToEnd(page: Page): Promise<number> {
  await drawnWhole(page);
  const y = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  expect(y).toBeGreaterThan(200);
  return y;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test('a reloaded page, and one come back to, opens where the parent left it, nothing moving', async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: 'Scroll Family' } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  for (const [first_name, age] of [
    ['Mia', 4],
    ['Leo', 6],
  ] as const) {
    const kid = await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name, age } });
    expect(kid.status(), await kid.text()).toBe(201);
  }

  for (const path of ['/parent-dashboard', '/family']) {
    await page.goto(path);
    const y = await scrollToEnd(page);
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(y);
    await drawnWhole(page);
    expect(await scrollY(page)).toBe(y);
    expect(await layoutShifts(page)).toEqual([]);
  }

  // To the family page by a link and back by the browser's Back: the dashboard is where it was left.
  await page.goto('/parent-dashboard');
  const y = await scrollToEnd(page);
  // Followed where it is, as a tap on it would: Playwright's click scrolls it into view first.
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/family"]')?.click());
  await expect(page).toHaveURL(/\/family$/);
  await drawnWhole(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  await expect.poll(() => scrollY(page)).toBe(y);
});
