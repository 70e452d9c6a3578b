import { SERVER_MESSAGES } from '@fst/shared/messages';
import { createAccount, expect, newAccount, signIn, test } from './fixtures.ts';

// Issue 27, finding 13: ten wrong passwords lock sign-in to that address from this device only, and the page
// says how to get in (wait, or a new password through "Forgot password?").
test('after ten wrong passwords, sign in says to wait or reset, and the reset link leads on', async ({ page, request }) => {
  const account = await createAccount(request, newAccount('parent'));
  await page.goto('/login');
  // The wrong tries come from the browser itself, so they count for the address it signs in from.
  const statuses = await page.evaluate(async (email) => {
    const got: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `wrong-${i}` }),
      });
      got.push(res.status);
    }
    return got;
  }, account.email);
  expect(statuses).toEqual(Array(10).fill(401));

  await signIn(page, account);
  const alert = page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.loginLocked });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

// Issue 27, finding 12: a signed-in page cannot be used to guess the password either.
test('after five wrong current passwords, the profile says to wait and changes nothing', async ({ page, request }) => {
  const account = await createAccount(request, newAccount('parent'));
  await signIn(page, account);
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  await page.goto('/profile');
  const statuses = await page.evaluate(async () => {
    const got: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch('/api/me/change-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ current_password: `wrong-${i}`, new_password: 'fresh-pass' }),
      });
      got.push(res.status);
    }
    return got;
  });
  expect(statuses).toEqual(Array(5).fill(400));
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('fresh-pass');
  await page.getByLabel('Confirm New Password').fill('fresh-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.rateLimited })).toBeVisible();
  // The password is unchanged: the old one still signs in.
  expect((await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
});
