import type { Page } from '@playwright/test';
import { APP_TEXTS, FAMILY_SERVER_MESSAGES, FAMILY_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, loseFirstAnswer, newAccount, test } from './fixtures.ts';

// A tablet on a flaky connection: a save made offline says so at once and can be tried again, and a page
// whose code has not arrived loads by itself once the connection is back.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** The page signed in as a new parent with a family of their own; the family's id. */
async function parentWithFamily(page: Page, familyName: string): Promise<string> {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: familyName } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { family: { id: string } }).family.id;
}

/** The Add Kid dialog of /family, filled in and not yet sent. */
async function filledKidForm(page: Page, firstName: string, age: string) {
  await page.goto('/family');
  await page.getByRole('button', { name: 'Add Kid' }).click();
  const form = page.getByRole('dialog', { name: 'Add Kid' });
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Age').fill(age);
  return form;
}

/** The family's kids, as the server has them. */
async function kidNames(page: Page, familyId: string): Promise<string[]> {
  const { family } = (await (await page.request.get(`/api/family/${familyId}`)).json()) as { family: { kids: { first_name: string }[] } };
  return family.kids.map((k) => k.first_name);
}

test('a kid saved while offline says so at once, and is saved once when tried again online', async ({ page, context }) => {
  const familyId = await parentWithFamily(page, 'Offline Family');
  const form = await filledKidForm(page, 'Olly', '6');

  // Within a second or two of loading, the toasts' code has not arrived either: the error's toast cannot
  // show, and the page must stay (the failed download once ended the whole app, leaving a blank page).
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form.getByText(APP_TEXTS.offline)).toBeVisible();
  // Nothing is stuck: the form can be left or sent again.
  await expect(form.getByRole('button', { name: 'Cancel' })).toBeEnabled();

  await context.setOffline(false);
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form).toBeHidden();
  expect(await kidNames(page, familyId)).toEqual(['Olly']);
});

test('a page whose code cannot arrive offline says so, and loads by itself once back online', async ({ page, context }) => {
  await createAccount(page.request, newAccount('parent'));
  await page.goto('/parent-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The menu's own code (asked for once the page has drawn) is in; the profile page's is not.
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveAttribute('data-state', 'closed');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Manage Profile' }).click();
  await expect(page.getByText(APP_TEXTS.offlineLoad)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByLabel('First Name')).toBeVisible();
});

test.describe(() => {
  // The page's own requests for code, which a service worker would otherwise answer from its cache.
  test.use({ serviceWorkers: 'block' });

  test('Settings clicked before the menu’s code has arrived opens the menu once it has, offline or not', async ({ page, context }) => {
    await createAccount(page.request, newAccount('parent'));
    // The menu's code is held back until the click has happened, then refused once (a dropped connection).
    let release = () => {};
    const clicked = new Promise<void>((resolve) => (release = resolve));
    let refused = false;
    await page.route('**/static/js/settings-menu-*.js', async (route) => {
      await clicked;
      if (!refused) {
        refused = true;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    release();
    await expect(page.getByRole('status').filter({ hasText: APP_TEXTS.chunkLoadFailed })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Manage Profile' })).toBeHidden();
    // The failed download is asked for again once the browser is back online, and the menu opens then.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByRole('menuitem', { name: 'Manage Profile' })).toBeVisible();
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(APP_TEXTS.chunkLoadFailed)).toBeHidden();
  });

  test('Settings pressed while the menu’s code arrives opens the menu, the release landing on the new button', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    let release = () => {};
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/js/settings-menu-*.js', async (route) => {
      await pressed;
      await route.continue();
    });
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const settings = page.getByRole('button', { name: 'Settings' });
    const box = (await settings.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The menu's own button (Radix marks it with data-state) has replaced the one pressed; then the release.
    await expect(settings).toHaveAttribute('data-state', /open|closed/);
    await page.mouse.up();
    await expect(page.getByRole('menuitem', { name: 'Manage Profile' })).toBeVisible();
  });
});

test('a kid added again after its answer was lost on the way is added once', async ({ page }) => {
  const familyId = await parentWithFamily(page, 'Lost Answer Family');
  const form = await filledKidForm(page, 'Pia', '2');

  // The server adds the kid, but its answer never arrives.
  await loseFirstAnswer(page, `**/api/family/${familyId}/kids`, 'POST');
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form).toBeHidden();
  expect(await kidNames(page, familyId)).toEqual(['Pia']);
});

test('a family created again after its answer was lost on the way is created once', async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  await page.goto('/family');
  const form = page.getByRole('dialog', { name: 'Create Your Family' });
  await form.getByLabel('Family Name').fill('The Lost Answers');

  // The server creates the family, but its answer never arrives.
  await loseFirstAnswer(page, '**/api/family/create', 'POST');
  await form.getByRole('button', { name: 'Create Family' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByRole('button', { name: 'Create Family' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'The Lost Answers' })).toBeVisible();
  const { families } = (await (await page.request.get('/api/family/my-families')).json()) as { families: { name: string }[] };
  expect(families.map((f) => f.name)).toEqual(['The Lost Answers']);
});

test('a join request rejected again after its answer was lost is taken as handled, not as a failure', async ({ page, playwright, baseURL }) => {
  const familyId = await parentWithFamily(page, 'Bell Family');
  const readerApi = await playwright.request.newContext({ baseURL });
  await createAccount(readerApi, newAccount('grandparent', { first_name: 'Tess', last_name: 'Lane' }));
  const asked = await readerApi.post(`/api/family/${familyId}/request-join`, { data: { relationship: 'Aunt' } });
  expect(asked.status(), await asked.text()).toBe(201);
  await readerApi.dispose();

  await page.goto('/parent-dashboard');
  await page.getByRole('button', { name: 'Join requests, 1 pending' }).click();
  const requests = page.getByRole('dialog', { name: 'Join Requests' });
  await loseFirstAnswer(page, '**/api/family/*/requests/*', 'PUT');
  await requests.getByRole('button', { name: 'Reject Tess Lane' }).click();
  await expect(page.getByText(FAMILY_TEXTS.processRequestFailed)).toBeVisible();
  await requests.getByRole('button', { name: 'Reject Tess Lane' }).click();
  await expect(page.getByText(FAMILY_SERVER_MESSAGES.requestAlreadyReviewed)).toBeVisible();
  await expect(requests.getByText('No pending join requests')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Join requests', exact: true })).toBeVisible();
});
