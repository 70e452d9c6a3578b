import { APP_TEXTS, FAMILY_SERVER_MESSAGES, FAMILY_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, newAccount, test } from './fixtures.ts';

// A tablet on a flaky connection: a save made offline says so at once and can be tried again, and a page
// whose code has not arrived loads by itself once the connection is back.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

test('a kid saved while offline says so at once, and is saved once when tried again online', async ({ page, context }) => {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: 'Offline Family' } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  await page.goto('/family');
  await page.getByRole('button', { name: 'Add Kid' }).click();
  const form = page.getByRole('dialog', { name: 'Add Kid' });
  await form.getByLabel('First Name').fill('Olly');
  await form.getByLabel('Age').fill('6');

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
  const { family } = (await (await page.request.get(`/api/family/${familyId}`)).json()) as { family: { kids: { first_name: string }[] } };
  expect(family.kids.map((k) => k.first_name)).toEqual(['Olly']);
});

test('a page whose code cannot arrive offline says so, and loads by itself once back online', async ({ page, context }) => {
  await createAccount(page.request, newAccount('parent'));
  await page.goto('/parent-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Manage Profile' }).click();
  await expect(page.getByText(APP_TEXTS.offlineLoad)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByLabel('First Name')).toBeVisible();
});

test('a kid added again after its answer was lost on the way is added once', async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: 'Lost Answer Family' } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  await page.goto('/family');
  await page.getByRole('button', { name: 'Add Kid' }).click();
  const form = page.getByRole('dialog', { name: 'Add Kid' });
  await form.getByLabel('First Name').fill('Pia');
  await form.getByLabel('Age').fill('2');

  // The server adds the kid, but its answer never arrives.
  let lost = false;
  await page.route(`**/api/family/${familyId}/kids`, async (route) => {
    if (lost || route.request().method() !== 'POST') return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByRole('button', { name: 'Add Kid' }).click();
  await expect(form).toBeHidden();
  const { family } = (await (await page.request.get(`/api/family/${familyId}`)).json()) as { family: { kids: { first_name: string }[] } };
  expect(family.kids.map((k) => k.first_name)).toEqual(['Pia']);
});

test('a join request rejected again after its answer was lost is taken as handled, not as a failure', async ({ page, playwright, baseURL }) => {
  await createAccount(page.request, newAccount('parent'));
  const created = await page.request.post('/api/family/create', { data: { family_name: 'Bell Family' } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const readerApi = await playwright.request.newContext({ baseURL });
  await createAccount(readerApi, newAccount('grandparent', { first_name: 'Tess', last_name: 'Lane' }));
  const asked = await readerApi.post(`/api/family/${familyId}/request-join`, { data: { relationship: 'Aunt' } });
  expect(asked.status(), await asked.text()).toBe(201);
  await readerApi.dispose();

  await page.goto('/parent-dashboard');
  await page.getByRole('button', { name: 'Join requests, 1 pending' }).click();
  const requests = page.getByRole('dialog', { name: 'Join Requests' });
  let lost = false;
  await page.route('**/api/family/*/requests/*', async (route) => {
    if (lost || route.request().method() !== 'PUT') return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await requests.getByRole('button', { name: 'Reject Tess Lane' }).click();
  await expect(page.getByText(FAMILY_TEXTS.processRequestFailed)).toBeVisible();
  await requests.getByRole('button', { name: 'Reject Tess Lane' }).click();
  await expect(page.getByText(FAMILY_SERVER_MESSAGES.requestAlreadyReviewed)).toBeVisible();
  await expect(requests.getByText('No pending join requests')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Join requests', exact: true })).toBeVisible();
});
