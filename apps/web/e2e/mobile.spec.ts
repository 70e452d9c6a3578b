import { BOOK_SEARCH_MAX_LENGTH } from '@fst/shared/books/books.rules';
import { FAMILY_PAGE_TEXTS, PARENT_DASHBOARD_TEXTS, REPORT_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectAccessible, layoutShifts, newAccount, signIn, test } from './fixtures.ts';

// Runs in the "mobile" project: a 390 px wide touch screen.
test.describe('phone layout', () => {
  test('the Report Issue button starts small in the bottom-right corner, icon only, and stays on screen when dragged', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: REPORT_TEXTS.button });
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    // 16 px from the right and the bottom (issue 22: where the spec put it, it covered the page's content).
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(16);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(16);
    // Icon only: the text is for screen readers.
    expect(box.width).toBeLessThan(70);

    // Drag far past the top-left corner: it stays inside the viewport.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(-300, -300, { steps: 8 });
    await page.mouse.up();
    const moved = (await button.boundingBox())!;
    expect(moved.x).toBeGreaterThanOrEqual(0);
    expect(moved.y).toBeGreaterThanOrEqual(0);
    expect(moved.x + moved.width).toBeLessThanOrEqual(viewport.width);
    expect(moved.x).toBeLessThan(box.x);
    // A drag is not a click: no dialog opened.
    await expect(page.getByRole('dialog')).toBeHidden();
    await button.click();
    await expect(page.getByRole('dialog', { name: REPORT_TEXTS.title })).toBeVisible();
  });

  test('on a signed-in page the Report Issue button sits in the header, and can be dragged out of it', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    const button = page.getByRole('button', { name: REPORT_TEXTS.button });
    const header = (await page.getByRole('banner').boundingBox())!;
    const box = (await button.boundingBox())!;
    // Issue 22.6: in the corner it covered the page's lines; the header stays at the top and keeps it a place.
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 + 300, { steps: 8 });
    await page.mouse.up();
    const moved = (await button.boundingBox())!;
    expect(Math.round(moved.x)).toBe(Math.round(box.x - 100));
    expect(Math.round(moved.y)).toBe(Math.round(box.y + 300));
    await expect(page.getByRole('dialog')).toBeHidden();
    await button.click();
    await expect(page.getByRole('dialog', { name: REPORT_TEXTS.title })).toBeVisible();
  });

  test('a new parent’s dashboard opened afresh draws without layout shifts, the Report Issue button in its header', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('button', { name: REPORT_TEXTS.button })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Book Library' })).toBeVisible();
    // Shown with the loading view, the button jumped from its corner into the header; the libraries, drawn
    // before the no-family panel above them, were pushed down by it (each a layout shift: Lighthouse's CLS).
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('the sign-in page, drawn ahead, is taken over by the app without moving', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // The hint for an app that never starts kept its room until the app removed it: the sign-up line jumped up.
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('a family’s dashboard opened afresh draws without layout shifts when its two-line story count arrives', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    const created = await page.request.post('/api/family/create', { data: { family_name: 'Shiftless Family' } });
    const familyId = ((await created.json()) as { family: { id: string } }).family.id;
    await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Mia', age: 5 } });
    await page.goto('/parent-dashboard');
    // Two lines on a phone, after the one-line "Counting your stories…": the Bedtime Mode button and the page
    // below it moved down by a line when it came.
    await expect(page.getByTestId('unwatched-count')).toHaveText(PARENT_DASHBOARD_TEXTS.noStoriesYet);
    await expect(page.getByRole('heading', { name: 'Book Library' })).toBeVisible();
    expect(await layoutShifts(page)).toEqual([]);
  });

  test('signed-in pages fit the phone without sideways scrolling and pass axe', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    for (const path of ['/parent-dashboard', '/profile']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });

  test('buttons are big enough for a finger, toasts come at the bottom, long names and searches stay in their place', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    const created = await page.request.post('/api/family/create', { data: { family_name: 'The Phone Family' } });
    expect(created.status()).toBe(201);
    const familyId = ((await created.json()) as { family: { id: string } }).family.id;
    expect((await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name: 'Mia', age: 4 } })).status()).toBe(201);

    // A kid added in the page: its toast comes at the bottom of the phone's screen, clear of the header.
    await page.goto('/family');
    await page.getByRole('button', { name: 'Add Kid' }).click();
    const kidForm = page.getByRole('dialog', { name: 'Add Kid' });
    const longName = 'Maximilian-Alexander';
    await kidForm.getByLabel('First Name').fill(longName);
    await kidForm.getByLabel('Age').fill('7');
    await kidForm.getByRole('button', { name: 'Add Kid' }).click();
    const toast = page.getByText(FAMILY_PAGE_TEXTS.kidAdded(longName));
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThan(page.viewportSize()!.height / 2);

    // The family tree: a long name is cut short in its own box, never over its neighbour's.
    const kids = page.getByRole('list', { name: 'Kids' });
    const [mia, max] = [(await kids.getByText('Mia', { exact: true }).boundingBox())!, (await kids.getByText(longName).boundingBox())!];
    expect(mia.x + mia.width <= max.x || max.x + max.width <= mia.x).toBe(true);

    // Every button of these pages is at least 44 px high (the toast's small close button has 44 px around it).
    for (const path of ['/parent-dashboard', '/family', '/book']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('button, [role="button"]')]
          .filter((b) => !b.closest('[data-sonner-toaster]'))
          .map((b) => ({ text: (b.getAttribute('aria-label') ?? b.textContent ?? '').trim(), box: b.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height > 0 && box.height < 43.5)
          .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
      );
      expect(small, path).toEqual([]);
    }

    // A search longer than the server takes: the box takes no more, a longer address is cut to it, and the
    // heading that repeats it wraps on the page.
    await page.goto(`/book?q=${'z'.repeat(250)}`);
    await expect(page.getByRole('heading', { name: new RegExp(`^Books matching “z{${BOOK_SEARCH_MAX_LENGTH}}”$`) })).toBeVisible();
    await expect(page.getByText('Failed to load book library')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const search = page.getByRole('searchbox', { name: 'Search books' });
    await search.fill('');
    await search.pressSequentially('y'.repeat(BOOK_SEARCH_MAX_LENGTH + 20));
    await expect(search).toHaveValue('y'.repeat(BOOK_SEARCH_MAX_LENGTH));
  });
});
