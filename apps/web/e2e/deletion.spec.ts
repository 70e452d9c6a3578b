import { randomBytes } from 'node:crypto';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectAccessible, latestMailTo, newAccount, signIn, test } from './fixtures.ts';

// Issue 25's deletions (docs/decisions/016) and the privacy page (docs/privacy.md).
test.describe.configure({ timeout: 180_000 });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

test('a reader deletes their account from the profile page, and then cannot sign in', async ({ page }) => {
  const reader = await createAccount(page.request, newAccount('grandparent', { first_name: 'Dora', last_name: 'Leaving' }));
  await page.goto('/profile');
  const danger = page.getByRole('region', { name: DELETION_TEXTS.dangerHeading });
  await expect(danger).toContainText('It cannot be undone.');
  const button = danger.getByRole('button', { name: DELETION_TEXTS.deleteAccount });
  await expect(button).toBeDisabled();
  await danger.getByLabel(DELETION_TEXTS.typeToConfirm).fill('DELETE');
  await danger.getByLabel(DELETION_TEXTS.passwordLabel).fill('wrong-password');
  await expectAccessible(page);
  await button.click();
  await expect(danger.getByRole('alert')).toHaveText(DELETION_TEXTS.wrongPassword);

  await danger.getByLabel(DELETION_TEXTS.passwordLabel).fill(reader.password);
  await button.click();
  await expect(page.getByText(DELETION_TEXTS.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await latestMailTo(reader.email, 10_000, 'was deleted')).toContain(DELETION_TEXTS.accountDeletedSubject);

  await signIn(page, reader);
  await expect(page.getByText(/Invalid email or password|Failed to login/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('an admin deletes a family from the family page by typing its name', async ({ page }) => {
  await createAccount(page.request, newAccount('parent', { first_name: 'Fran', last_name: 'Admin' }));
  const familyName = `The Goners ${randomBytes(3).toString('hex')}`;
  const created = await page.request.post('/api/family/create', { data: { family_name: familyName } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string } }).family;
  expect((await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name: 'Mia', age: 4 } })).status()).toBe(201);

  await page.goto('/family');
  const danger = page.getByRole('region', { name: DELETION_TEXTS.familyDangerHeading });
  await expect(danger).toContainText(familyName);
  const button = danger.getByRole('button', { name: DELETION_TEXTS.deleteFamily });
  await danger.getByLabel(DELETION_TEXTS.typeFamilyName(familyName)).fill(familyName.toLowerCase());
  await expect(button).toBeDisabled();
  await danger.getByLabel(DELETION_TEXTS.typeFamilyName(familyName)).fill(familyName);
  await expectAccessible(page);
  await button.click();
  // With no family left, the page offers to create one.
  await expect(page.getByRole('dialog', { name: 'Create Your Family' })).toBeVisible();
  expect((await page.request.get(`/api/family/${family.id}`)).status()).toBe(404);
  const mine = (await (await page.request.get('/api/family/my-families')).json()) as { families: unknown[] };
  expect(mine.families).toEqual([]);
});

test('the privacy page is reachable from the landing footer, the signup page and the signed-in footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: DELETION_TEXTS.privacyLink }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deleting your account' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/signup');
  await page.getByRole('link', { name: DELETION_TEXTS.privacyLink }).click();
  await expect(page.getByRole('heading', { name: 'What we keep, about whom, and for how long' })).toBeVisible();

  await createAccount(page.request, newAccount('parent'));
  await page.goto('/profile');
  await page.getByRole('contentinfo').getByRole('link', { name: DELETION_TEXTS.privacyLink }).click();
  await expect(page).toHaveURL(/\/privacy$/);
});
