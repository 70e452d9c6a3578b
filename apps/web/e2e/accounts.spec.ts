import { APP_TEXTS, AUTH_TEXTS, EMAIL_TEXTS, PROFILE_TEXTS, REPORT_TEXTS, RESET_TEXTS, SERVER_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createAccount, expect, expectAccessible, latestMailTo, layoutShifts, mailedLink, newAccount, signIn, signInAdmin, test } from './fixtures.ts';

test.describe('accounts', () => {
  test('landing page pitches family voices and leads to sign in with the chosen role', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Families Love Us' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: "I'm a Grandparent" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page
      .getByRole('link', { name: /sign up/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    // The landing choice preselects the role on sign-up.
    await expect(page.getByRole('radio', { name: 'Grandparent', exact: true })).toBeChecked();
  });

  test('a parent signs up, checks every validation text, and lands on the parent dashboard', async ({ page }) => {
    const account = newAccount('parent');
    await page.goto('/signup');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(VALIDATION.roleRequired)).toBeVisible();
    await page.getByRole('radio', { name: 'Parent', exact: true }).check();
    await page.getByLabel('First Name').fill(account.first_name);
    await page.getByLabel('Last Name').fill(account.last_name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('1234');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(VALIDATION.passwordTooShort).first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(`${account.password}x`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(VALIDATION.passwordsDoNotMatch)).toBeVisible();
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/parent-dashboard$/, { timeout: 5000 });
    await expect(page.getByText('Welcome to Story Time!')).toBeVisible();
    await expect(page.getByText(`${account.first_name}`).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('a grandparent signs up and reaches the grandparent dashboard; parents are sent away from it', async ({ page }) => {
    const account = newAccount('grandparent');
    await page.goto('/signup');
    await page.getByRole('radio', { name: 'Grandparent', exact: true }).check();
    await page.getByLabel('First Name').fill(account.first_name);
    await page.getByLabel('Last Name').fill(account.last_name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The Join Your Family modal comes first; skipping it goes to the dashboard.
    await expect(page.getByRole('dialog', { name: 'Join Your Family' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
    await page.goto('/parent-dashboard');
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
  });

  test('signing up with a taken e-mail shows the server message', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('parent'));
    await page.context().clearCookies();
    await page.goto('/signup');
    await page.getByRole('radio', { name: 'Parent', exact: true }).check();
    await page.getByLabel('First Name').fill('Other');
    await page.getByLabel('Last Name').fill('Person');
    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('another1');
    await page.getByLabel('Confirm Password').fill('another1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('An account with this email already exists').first()).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('unauthenticated visitors go to /login; login with remember me survives a browser restart; logout ends it', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const account = await createAccount(page.request, newAccount('parent'));
    await context.clearCookies();
    // Sent to sign in from a page, the visitor comes back to it.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('First Name')).toHaveValue(account.first_name);

    // A remembered session is a persistent cookie: a new browser with the saved state is still signed in.
    const state = await context.storageState();
    const cookie = state.cookies.find((c) => c.name === 'fst_session')!;
    expect(cookie.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    await context.close();
    const again = await browser.newContext({ storageState: state });
    const page2 = await again.newPage();
    await page2.goto('/profile');
    await expect(page2.getByLabel('First Name')).toHaveValue(account.first_name);

    await page2.getByRole('button', { name: 'Settings' }).click();
    await page2.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page2).toHaveURL(/\/login$/);
    await page2.goto('/parent-dashboard');
    // The dashboard is named to come back to, as every other page is (issue 22).
    await expect(page2).toHaveURL(/\/login\?next=%2Fparent-dashboard$/);
    // The old cookie no longer works on the server either.
    const me = await again.request.get('/api/auth/me', { headers: { cookie: `fst_session=${cookie.value}` } });
    expect(me.status()).toBe(401);
    await again.close();
  });

  test('a session that ends while a page is open: sign in again says why and leads back to that page', async ({ page, browser }) => {
    const account = await createAccount(page.request, newAccount('parent'));
    const created = await page.request.post('/api/family/create', { data: { family_name: 'Session Family' } });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/family?tab=kids');
    await expect(page.getByRole('button', { name: 'Add Kid' })).toBeVisible();

    // The password is changed on another device: every other session ends, this page's too.
    const other = await browser.newContext();
    const login = await other.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(200);
    const changed = await other.request.post('/api/auth/change-password', { data: { current_password: account.password, new_password: 'new-secret-2' } });
    expect(changed.status(), await changed.text()).toBe(200);
    await other.close();

    await page.getByRole('button', { name: 'Add Kid' }).click();
    await page.getByRole('dialog').getByLabel('First Name').fill('Zoe');
    await page.getByRole('dialog').getByLabel('Age').fill('3');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Kid' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Ffamily%3Ftab%3Dkids$/);
    await expect(page.getByText(AUTH_TEXTS.sessionEnded)).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('new-secret-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/family\?tab=kids$/);
    await expect(page.getByRole('button', { name: 'Add Kid' })).toBeVisible();
    // Signed in again, it is not said again: signed out by hand, the sign-in page has no such word.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(page.getByText(AUTH_TEXTS.sessionEnded)).toHaveCount(0);
  });

  test('a link that leads off the site is not followed after sign in', async ({ page }) => {
    const account = await createAccount(page.request, newAccount('grandparent'));
    await page.context().clearCookies();
    await page.goto('/login?next=%2F%2Fevil.example%2Fx');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
  });

  test.describe(() => {
    // page.route sees only what the page itself sends, not what its service worker fetches.
    test.use({ serviceWorkers: 'block' });

    test('after sign in the form stays, with a bar saying the page is loading, until the dashboard can draw', async ({ page }) => {
      const account = await createAccount(page.request, newAccount('parent'));
      await page.context().clearCookies();
      // The signed-in layout waits for the payment provider's answer (its test-mode notice): held back here.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/stripe/config', async (route) => {
        await held;
        await route.continue();
      });
      await signIn(page, account);
      await expect(page.getByRole('status').filter({ hasText: APP_TEXTS.loadingPage })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      release();
      await expect(page).toHaveURL(/\/parent-dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: APP_TEXTS.loadingPage })).toHaveCount(0);
    });

    test('what is typed and picked on the sign-up page before the app starts is kept when it does', async ({ page }) => {
      // The page drawn ahead shows at once; its scripts are held back while the visitor fills it in.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/static\/js\/.*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/signup', { waitUntil: 'commit' });
      await page.getByRole('radio', { name: 'Parent', exact: true }).check();
      await page.getByLabel('First Name').fill('Early');
      await page.getByLabel('Email').fill('early@example.com');
      release();
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
      await expect(page.getByRole('radio', { name: 'Parent', exact: true })).toBeChecked();
      await expect(page.getByLabel('First Name')).toHaveValue('Early');
      await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
    });

    test('a loading view says so at once, and its spinner shows and turns only after half a second', async ({ page }) => {
      await createAccount(page.request, newAccount('parent'));
      // The session check held back until the spinner has been seen turning.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/check-session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/parent-dashboard');
      const checking = page.getByRole('status').filter({ hasText: APP_TEXTS.loadingSession });
      await expect(checking).toBeVisible();
      // The spinner as it is now, found in the page in one go: the app draws the loading view afresh over the one
      // the HTML came with, so an element found before may be gone.
      const spinnerAnimations = () =>
        page.evaluate((label) => {
          const status = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent?.includes(label));
          return (status?.querySelector('span[aria-hidden="true"]')?.getAnimations() ?? []).map((a) => ({
            delay: Number(a.effect?.getTiming().delay),
            started: a.playState === 'running' && a.effect?.getComputedTiming().progress != null,
          }));
        }, APP_TEXTS.loadingSession);
      // Its animations (fading in, then turning) wait half a second before they start.
      const delays = (await spinnerAnimations()).map((a) => a.delay);
      expect(delays.length).toBeGreaterThan(0);
      expect(new Set(delays)).toEqual(new Set([500]));
      await expect(checking.locator('span[aria-hidden="true"]')).toHaveCSS('opacity', '1');
      await expect.poll(async () => (await spinnerAnimations()).some((a) => a.started)).toBe(true);
      release();
      await expect(page.getByRole('heading', { name: 'Welcome to Story Time!' })).toBeVisible();
      await expect(checking).toHaveCount(0);
    });
  });

  test('sign in checks its fields with code it downloads after painting, and says so when that download fails', async ({ page }) => {
    const account = await createAccount(page.request, newAccount('parent'));
    await page.context().clearCookies();
    // The checks (the sign-in fields' schemas, shared/auth/credentials.schema.ts) are their own chunks, fetched once the form shows.
    const checks = /\/static\/js\/credentials\.schema-[\w-]+\.js$/;
    await page.route(checks, (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(APP_TEXTS.chunkLoadFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.unroute(checks);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(VALIDATION.emailRequired)).toBeVisible();
    await expect(page.getByText(APP_TEXTS.chunkLoadFailed)).toBeHidden();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/parent-dashboard$/);
  });

  test('the landing and sign-in pages arrive drawn, before their JavaScript; the form waits for it to submit', async ({ page }) => {
    const scripts = /\/static\/js\/.*\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bedtime stories read by the people your kids love' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In · Family Story Time');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByLabel('Email').fill('early@example.com');
    // Submitting now would send the fields in the address: the button waits for the app.
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expectAccessible(page);
    // The app never comes (its script does not arrive): seconds on, the page says so, without any script.
    const late = page.getByText(APP_TEXTS.appNotStarted);
    await expect(late).toBeHidden();
    await expect(late).toBeVisible({ timeout: 12_000 });

    await page.unroute(scripts);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(late).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(VALIDATION.emailRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('any other page arrives with the session check drawn, which the app then replaces', async ({ page }) => {
    const scripts = /\/static\/js\/.*\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('status').filter({ hasText: APP_TEXTS.loadingSession })).toBeVisible();
    await expect(page).toHaveTitle('Family Story Time');
    await expectAccessible(page);

    await page.unroute(scripts);
    await page.reload();
    // Signed out: the app sends the visitor to sign in, and nothing of the first view stays behind.
    await expect(page).toHaveURL(/\/login\?next=%2Fparent-dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText(APP_TEXTS.loadingSession)).toBeHidden();
  });

  test('a dialog whose code does not arrive says so in place, keeps the page, and opens on Retry', async ({ page }) => {
    const dialogCode = /\/static\/js\/report-issue-modal-[\w-]+\.js$/;
    await page.route(dialogCode, (route) => route.abort());
    await page.goto('/login');
    await page.getByLabel('Email').fill('still-here@example.com');
    await page.getByRole('button', { name: REPORT_TEXTS.button }).click();
    await expect(page.getByRole('alert').filter({ hasText: APP_TEXTS.partLoadFailed })).toBeVisible();
    // The page and what was typed on it stay.
    await expect(page.getByLabel('Email')).toHaveValue('still-here@example.com');
    await expectAccessible(page);
    // Close puts it away; opening again tells the same, until Retry gets the code.
    await page.getByRole('button', { name: APP_TEXTS.close }).click();
    await expect(page.getByText(APP_TEXTS.partLoadFailed)).toBeHidden();
    await page.getByRole('button', { name: REPORT_TEXTS.button }).click();
    await expect(page.getByText(APP_TEXTS.partLoadFailed)).toBeVisible();

    await page.unroute(dialogCode);
    await page.getByRole('button', { name: APP_TEXTS.retry }).click();
    await expect(page.getByRole('dialog', { name: REPORT_TEXTS.title })).toBeVisible();
    await expect(page.getByText(APP_TEXTS.partLoadFailed)).toBeHidden();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('still-here@example.com');
  });

  test('forgot password: reset from the outbox e-mail, then sign in with the new password', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('grandparent'));
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectAccessible(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('If an account exists for that email, a reset link has been sent.')).toBeVisible();
    // The message in place of the form has the focus its button had.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('If an account exists');

    // The reset mail is sent by a job after the answer: the sign-up mail may still be the latest.
    const mail = await latestMailTo(account.email, 10_000, '/reset-password/');
    const link = mail.match(/https?:\/\/[^\s]+\/reset-password\/[\w-]+/)![0];
    await page.goto(new URL(link).pathname);
    await expectAccessible(page);
    await page.getByLabel('New Password', { exact: true }).fill('1234');
    await page.getByLabel('Confirm New Password').fill('1234');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(VALIDATION.resetPasswordTooShort)).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('newbedtime');
    await page.getByLabel('Confirm New Password').fill('newbedtime2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(VALIDATION.resetPasswordsDoNotMatch)).toBeVisible();
    await page.getByLabel('Confirm New Password').fill('newbedtime');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(RESET_TEXTS.redirecting)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    await signIn(page, { email: account.email, password: account.password });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await signIn(page, { email: account.email, password: 'newbedtime' });
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
  });

  test('profile: edit names and e-mail, see field errors, change the password', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Manage Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('First Name')).toHaveValue(account.first_name);
    await expectAccessible(page);

    await page.getByLabel('First Name').fill('');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(VALIDATION.firstNameRequired)).toBeVisible();
    await expect(page.getByText(VALIDATION.invalidEmail)).toBeVisible();
    await expect(page.getByText(VALIDATION.fixProfileErrors)).toBeVisible();

    await page.getByLabel('First Name').fill('Marjorie');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(PROFILE_TEXTS.saved)).toBeVisible();
    await expect(page.getByRole('banner').getByText(/Marjorie/)).toBeVisible();

    await page.getByLabel('Current Password').fill('wrong-one');
    await page.getByLabel('New Password', { exact: true }).fill('fresh-pass');
    await page.getByLabel('Confirm New Password').fill('fresh-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    // The refused field takes the focus the button lost while sending.
    await expect(page.getByLabel('Current Password')).toBeFocused();
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(PROFILE_TEXTS.passwordUpdated).first()).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    const mail = await latestMailTo(account.email);
    expect(mail).toContain('password was changed');
    await page.context().clearCookies();
    await signIn(page, { email: account.email, password: 'fresh-pass' });
    await expect(page).toHaveURL(/\/parent-dashboard$/);
  });

  test('a new account verifies its address from the e-mail; the banner offers to resend; a used link says so', async ({ page, request }) => {
    // Several mails, each sent by a job, read from the outbox.
    test.slow();
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    await expect(banner.getByText(EMAIL_TEXTS.banner(account.email))).toBeVisible();
    await expectAccessible(page);
    const signupLink = await mailedLink(account.email);
    await banner.getByRole('button', { name: EMAIL_TEXTS.resend }).click();
    await expect(page.getByText(EMAIL_TEXTS.resent)).toBeVisible();
    await expect.poll(() => mailedLink(account.email)).not.toBe(signupLink);
    const link = await mailedLink(account.email);

    await page.goto(link);
    await expect(page.getByText(EMAIL_TEXTS.verified)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: EMAIL_TEXTS.goToDashboard }).click();
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner).toBeHidden();
    // Each link is single use; a made-up one is refused plainly.
    await page.goto(link);
    await expect(page.getByText(EMAIL_TEXTS.linkUsed)).toBeVisible();
    await page.goto('/verify-email/made-up-link');
    await expect(page.getByText(EMAIL_TEXTS.linkInvalid)).toBeVisible();
  });

  test('changing the e-mail needs the password, waits for the new address, and the old address can undo it', async ({ page, request }) => {
    // Several mails, each sent by a job, read from the outbox.
    test.slow();
    const account = await createAccount(request, newAccount('parent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByRole('switch').first()).toBeVisible();
    // The cards came before the profile, its loading view taller than its form: the cards below moved up.
    expect(await layoutShifts(page)).toEqual([]);
    const newEmail = `moved-${account.email}`;
    await page.getByLabel('Email').fill(newEmail);
    const password = page.getByLabel(EMAIL_TEXTS.passwordLabel);
    await expect(password).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(EMAIL_TEXTS.currentPasswordForEmail).first()).toBeVisible();
    await password.fill('wrong-pass');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(SERVER_MESSAGES.currentPasswordWrong).first()).toBeVisible();
    await password.fill(account.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // Check your inbox: the address stays the old one until the link is opened.
    await expect(page.getByText(EMAIL_TEXTS.pending(newEmail))).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(password).toBeHidden();
    await expectAccessible(page);

    const notice = await latestMailTo(account.email, 15_000, '/undo-email-change/');
    expect(notice).toContain(newEmail);
    await page.goto(await mailedLink(newEmail));
    await expect(page.getByText(EMAIL_TEXTS.changed(newEmail))).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);
    await expect(page.getByText(EMAIL_TEXTS.pending(newEmail))).toBeHidden();

    // The old address's owner undoes it: the account has its old address back and is signed out everywhere.
    await page.goto(await mailedLink(account.email, 'undo-email-change'));
    await expect(page.getByRole('heading', { name: EMAIL_TEXTS.undoTitle })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: EMAIL_TEXTS.undoButton }).click();
    await expect(page.getByText(EMAIL_TEXTS.undone(account.email))).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, { email: newEmail, password: account.password });
    await expect(page.getByText(SERVER_MESSAGES.invalidCredentials)).toBeVisible();
    await signIn(page, account);
    await expect(page).toHaveURL(/\/parent-dashboard$/);
  });

  test('report an issue from any page, anonymous or signed in; admins read it at /admin/issues', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: REPORT_TEXTS.button }).click();
    const dialog = page.getByRole('dialog', { name: REPORT_TEXTS.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Current Page')).toHaveValue('/login');
    await expect(dialog.getByText(REPORT_TEXTS.emailNote)).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Description').fill('   ');
    await expect(submit).toBeDisabled();
    await expectAccessible(page);
    const unique = `The sign in button wobbles ${Date.now()}`;
    await dialog.getByLabel('Issue Type').selectOption('improvement');
    await dialog.getByLabel('Description').fill(unique);
    await submit.click();
    await expect(dialog.getByText(REPORT_TEXTS.success)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 6000 });

    // Closing resets the form.
    await page.getByRole('button', { name: REPORT_TEXTS.button }).click();
    await page.getByRole('dialog').getByLabel('Description').fill('draft');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: REPORT_TEXTS.button }).click();
    await expect(page.getByRole('dialog').getByLabel('Description')).toHaveValue('');
    await page.keyboard.press('Escape');

    // The site admin's address is verified (ADMIN_EMAILS counts only then, docs/decisions/013).
    await signInAdmin(page.request);
    await page.goto('/admin/issues');
    await expect(page.getByText(unique)).toBeVisible();
    await expectAccessible(page);
  });

  test('non-admins are sent away from admin pages', async ({ page, request }) => {
    const account = await createAccount(request, newAccount('grandparent'));
    await signIn(page, account);
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
    await page.goto('/admin/issues');
    await expect(page).toHaveURL(/\/grandparent-dashboard$/);
  });
});
