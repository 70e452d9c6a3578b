import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { BOOK_TEXTS } from '@fst/shared/messages';
import { attributionText, createAccount, expect, expectAccessible, makePdf, newAccount, signInAdmin, test } from './fixtures.ts';

// Issue 22: a locked premium book's page shows its first page and the way to unlock it, and no AI offer
// until unlocked; a free reader asked for an unlocked premium book sees its pages in the recorder. The first
// page is an image the server's cover job drew (issue 24): the book's PDF never reaches a locked page.

const suffix = randomBytes(3).toString('hex');
let book: { id: string; title: string };

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  const title = `Starlit Harbour ${tag}`;
  const res = await admin.post('/api/admin/books', {
    multipart: {
      title,
      author: 'Premium Author',
      description: `A premium story called ${title}.`,
      is_premium: 'true',
      token_cost: '2',
      pdf_file: { name: 'story.pdf', mimeType: 'application/pdf', buffer: await makePdf(title, 3) },
      attribution_file: { name: 'attribution.txt', mimeType: 'text/plain', buffer: attributionText(title) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  book = ((await res.json()) as { book: { id: string; title: string } }).book;
  await admin.dispose();
});

/** A premium plan through the local test-mode checkout: its monthly story tokens come with it. */
async function subscribePremium(request: APIRequestContext) {
  const { url } = (await (await request.post('/api/stripe/create-checkout-session', { data: { plan_type: 'premium' } })).json()) as { url: string };
  const done = await request.post(`/api/billing/local/checkout/${url.split('/').pop()}/complete`);
  expect(done.status(), await done.text()).toBeLessThan(300);
}

test('a locked premium book shows its first page and Unlock, and offers AI only once unlocked', async ({ page }) => {
  const parent = newAccount('parent', { first_name: 'Penny' });
  await createAccount(page.request, parent);
  await page.request.post('/api/family/create', { data: { family_name: `Premium Family ${suffix}` } });
  await subscribePremium(page.request);
  const pdfs: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('.pdf')) pdfs.push(req.url());
  });

  await page.goto(`/book/${book.id}?premium=true`);
  await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: BOOK_TEXTS.firstPagePreview })).toBeVisible();
  const preview = page.getByRole('img', { name: BOOK_TEXTS.firstPageAlt(book.title) });
  // The cover job draws it within seconds of the upload; the page asks again until it is there.
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveAttribute('src', new RegExp(`/api/media/books/${book.id}/preview\\.webp\\?`));
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
  await expect(page.getByText(BOOK_TEXTS.firstPageOf(3))).toBeVisible();
  // One page, no page turning; nothing of the PDF itself.
  await expect(page.getByRole('spinbutton', { name: 'Page' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);
  await expect(page.getByText(BOOK_TEXTS.noBookPdf)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Generate AI Reading' })).toHaveCount(0);
  await expectAccessible(page);
  expect(pdfs).toEqual([]);

  await page.getByRole('button', { name: /^Unlock for 2/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlock Book' }).click();
  await expect(page.getByText('Unlocked', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: `${book.title}, page 1 of 3` })).toBeVisible({ timeout: 30_000 });
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Generate AI Reading' })).toBeVisible();
});

test('a locked premium book says its first page is not ready yet, then shows it', async ({ page }) => {
  await createAccount(page.request, newAccount('parent', { first_name: 'Nell' }));
  // The book as it answers before the cover job has drawn its preview.
  let ready = false;
  await page.route(`**/api/books/${book.id}?*`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { book: { preview_url: string | null } };
    if (!ready) body.book.preview_url = null;
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/book/${book.id}?premium=true`);
  await expect(page.getByRole('status').filter({ hasText: BOOK_TEXTS.previewNotReady })).toBeVisible();
  await expect(page.getByRole('img', { name: BOOK_TEXTS.firstPageAlt(book.title) })).toHaveCount(0);
  await expectAccessible(page);
  ready = true;
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('img', { name: BOOK_TEXTS.firstPageAlt(book.title) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(BOOK_TEXTS.previewNotReady)).toHaveCount(0);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a locked premium book's first page fits a ${viewport.width}x${viewport.height} screen`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await createAccount(page.request, newAccount('parent', { first_name: 'Fay' }));
    await page.goto(`/book/${book.id}?premium=true`);
    const preview = page.getByRole('img', { name: BOOK_TEXTS.firstPageAlt(book.title) });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBe(1200);
    await preview.scrollIntoViewIfNeeded();
    const box = (await preview.boundingBox())!;
    // Whole on screen: no sideways scrolling, and no taller than the screen.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.height).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // Kept beside the run's results, to look at.
    const shot = testInfo.outputPath(`locked-preview-${viewport.width}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`locked-preview-${viewport.width}`, { path: shot, contentType: 'image/png' });
  });
}

test('a free reader asked for an unlocked premium book sees its pages in the recorder', async ({ browser, baseURL }) => {
  const parentContext = await browser.newContext({ baseURL });
  const parentRequest = parentContext.request;
  await createAccount(parentRequest, newAccount('parent', { first_name: 'Paul' }));
  const created = await parentRequest.post('/api/family/create', { data: { family_name: `Request Family ${suffix}` } });
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kid = await parentRequest.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Ivy', age: 5 } });
  const kidId = ((await kid.json()) as { kid: { id: string } }).kid.id;
  const code = ((await (await parentRequest.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;
  await subscribePremium(parentRequest);
  expect((await parentRequest.post(`/api/premium-books/${book.id}/unlock`)).status()).toBe(200);

  const readerContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  const page = await readerContext.newPage();
  const reader = newAccount('grandparent', { first_name: 'Greta' });
  await createAccount(page.request, reader);
  const joined = await page.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const readerId = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } }).user.id;
  const asked = await parentRequest.post('/api/queue/request-story', {
    data: { book_id: book.id, kid_id: kidId, reader_id: readerId, type: 'requested', is_premium: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto('/grandparent-dashboard');
  await page.getByRole('link', { name: `Record ${book.title} for Ivy` }).click();
  await expect(page).toHaveURL(/requestId=/);
  // pdf.js loads lazily; on a busy machine that takes a while.
  await expect(page.getByRole('img', { name: `${book.title}, page 1 of 3` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(BOOK_TEXTS.noBookPdf)).toHaveCount(0);
  // Outside the request the book stays locked for this reader.
  await page.goto(`/book/${book.id}?premium=true`);
  await expect(page.getByRole('heading', { name: BOOK_TEXTS.firstPagePreview })).toBeVisible();
  await expect(page.getByRole('img', { name: BOOK_TEXTS.firstPageAlt(book.title) })).toBeVisible({ timeout: 30_000 });
  await parentContext.close();
  await readerContext.close();
});
