import type { Page } from '@playwright/test';
import { BOOK_TEXTS, DELETION_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, layoutShifts, newAccount, pageClock, test } from './fixtures.ts';

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

/**
 * Holds back the requests matching `pattern`, as a slow connection would, until the function it answers is
 * called; each call holds them afresh (routing also turns the HTTP cache off).
 */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.unroute(pattern);
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return letThrough;
}

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

test("the book page lays its PDF's page out before the PDF comes: nothing moves, and a reload scrolled down opens there", async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: 'Book Scroll Family' } });
  expect(created.status(), await created.text()).toBe(201);
  // A starter book: its record says its first page's size.
  const { books } = (await (await page.request.get('/api/books?per_page=1')).json()) as { books: { id: string; first_page_size: unknown }[] };
  const book = books[0]!;
  expect(book.first_page_size).toEqual({ width: expect.any(Number), height: expect.any(Number) });

  // The PDF held back until let through: the page is drawn, and restored, without it.
  const pdf = /\.pdf(\?|$)/;
  const letThrough = await holdBack(page, pdf);
  const pageDrawn = page.locator('canvas[data-rendered-page="1"]');

  // A first visit: the page's box stands where the page will be, and nothing moves when it comes.
  await page.goto(`/book/${book.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading PDF…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Family Recordings' })).toBeVisible();
  letThrough();
  await expect(pageDrawn).toBeVisible();
  expect(await layoutShifts(page)).toEqual([]);

  // Reloaded at its end while the PDF is held back again: there at once, and still there once the page is drawn.
  const y = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  expect(y).toBeGreaterThan(200);
  const letThroughAgain = await holdBack(page, pdf);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(y);
  await expect(page.getByRole('status').filter({ hasText: 'Loading PDF…' })).toBeAttached();
  letThroughAgain();
  await expect(pageDrawn).toBeAttached();
  expect(await scrollY(page)).toBe(y);
  expect(await layoutShifts(page)).toEqual([]);
});

test("a locked premium book's first page keeps its box while its image comes, on a laptop and a phone", async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  const { books } = (await (await page.request.get('/api/premium-books?per_page=1')).json()) as { books: { id: string }[] };
  const loading = page.getByRole('status').filter({ hasText: BOOK_TEXTS.previewLoading });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const letThrough = await holdBack(page, /\/preview\.webp(\?|$)/);
    await page.setViewportSize(size);
    await page.goto(`/book/${books[0]!.id}?premium=true`);
    const image = page.getByRole('img', { name: /first page/i });
    await expect(loading).toBeVisible();
    const before = await image.boundingBox();
    const released = await pageClock(page);
    letThrough();
    await expect(loading).toHaveCount(0);
    expect(await image.boundingBox(), `at ${size.width}×${size.height}`).toEqual(before);
    expect(before!.height).toBeGreaterThan(200);
    expect(await layoutShifts(page, released)).toEqual([]);
  }
});
