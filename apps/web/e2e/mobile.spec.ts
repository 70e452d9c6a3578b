import { REPORT_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectAccessible, newAccount, signIn, test } from './fixtures.ts';

// Runs in the "mobile" project: a 390 px wide touch screen.
test.describe('phone layout', () => {
  test('the Report Issue button starts 20 px from the left and 80 px above the bottom, icon only, and stays on screen when dragged', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: REPORT_TEXTS.button });
    const box = (await button.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(box.x)).toBe(20);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(80);
    // Icon only at 768 px or less: the text is for screen readers.
    expect(box.width).toBeLessThan(70);

    // Drag far past the top-right corner: it stays inside the viewport.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(viewport.width + 300, -300, { steps: 8 });
    await page.mouse.up();
    const moved = (await button.boundingBox())!;
    expect(moved.x).toBeGreaterThanOrEqual(0);
    expect(moved.y).toBeGreaterThanOrEqual(0);
    expect(moved.x + moved.width).toBeLessThanOrEqual(viewport.width);
    expect(moved.x).toBeGreaterThan(box.x);
    // A drag is not a click: no dialog opened.
    await expect(page.getByRole('dialog')).toBeHidden();
    await button.click();
    await expect(page.getByRole('dialog', { name: REPORT_TEXTS.title })).toBeVisible();
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
});
