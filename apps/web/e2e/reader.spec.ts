import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { greeting } from '@fst/shared/auth/auth.rules';
import { NOTIFICATION_TEXTS, RECORDING_PAGE_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import {
  createAccount,
  expect,
  expectAccessible,
  latestMailTo,
  newAccount,
  signInAdmin,
  test,
  type Account,
  uploadBook,
  type UploadedBook,
  lateSession,
} from './fixtures.ts';

// The reader dashboard "Your Story Library" (spec section 2) with real stats, the story requests from
// parents, recording one, and the e-mail notice switch on the profile. Chromium has a fake microphone.

let book: UploadedBook;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  book = await uploadBook(admin, `Goodnight Owl ${randomBytes(3).toString('hex')}`, { pages: 2 });
  await admin.dispose();
});

/** A parent's family with one kid, made through the API; answers the parent's API context (dispose it). */
async function parentWithKid(
  playwright: { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  kidName: string,
) {
  const api = await playwright.request.newContext({ baseURL });
  const parent = await createAccount(api, newAccount('parent'));
  const familyName = `The ${kidName} Family ${randomBytes(3).toString('hex')}`;
  const created = await api.post('/api/family/create', { data: { family_name: familyName } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kidRes = await api.post(`/api/family/${familyId}/kids`, { data: { first_name: kidName, age: 5 } });
  expect(kidRes.status(), await kidRes.text()).toBe(201);
  const kidId = ((await kidRes.json()) as { kid: { id: string } }).kid.id;
  const code = ((await (await api.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;
  return { api, parent, familyName, familyId, kidId, code };
}

/** Signs `request` up as a new grandparent (the page's context signs the page in) and joins by code; answers the account and its id. */
async function readerOf(request: APIRequestContext, code: string, firstName: string): Promise<Account & { id: string }> {
  const account = await createAccount(request, newAccount('grandparent', { first_name: firstName }));
  const joined = await request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);
  const me = (await (await request.get('/api/auth/me')).json()) as { user: { id: string } };
  return { ...account, id: me.user.id };
}

const stat = (page: Page, key: 'stories_recorded' | 'times_watched' | 'happy_grandkids' | 'stories_queued') =>
  page.getByRole('region', { name: 'Your stats' }).locator(`[data-stat="${key}"] dd`);

async function expectStats(page: Page, values: { recorded: number; watched: number; grandkids: number; queued: number }, timeout?: number) {
  await expect(stat(page, 'stories_recorded')).toHaveText(String(values.recorded), { timeout });
  await expect(stat(page, 'times_watched')).toHaveText(String(values.watched));
  await expect(stat(page, 'happy_grandkids')).toHaveText(String(values.grandkids));
  await expect(stat(page, 'stories_queued')).toHaveText(String(values.queued));
}

test('a reader sees real stats and a parent’s request, records it, and turns off request e-mails', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const robinsons = await parentWithKid(playwright, baseURL, 'Mia');
  const gran = await readerOf(page.request, robinsons.code, 'Gran');

  // A parent asks Gran for the book; Gran gets an e-mail with a link to record it.
  const asked = await robinsons.api.post('/api/queue/request-story', { data: { book_id: book.id, kid_id: robinsons.kidId, reader_id: gran.id } });
  expect(asked.status(), await asked.text()).toBe(201);
  const mail = await latestMailTo(gran.email);
  expect(mail).toContain('asked you to read');
  expect(mail).toContain(`/record?bookId=${book.id}&childId=${robinsons.kidId}`);

  await page.goto('/grandparent-dashboard');
  await expect(page.getByRole('heading', { name: 'Your Story Library', level: 1 })).toBeVisible();
  await expectStats(page, { recorded: 0, watched: 0, grandkids: 0, queued: 1 });

  const yourStories = page.getByRole('region', { name: 'Your Stories' });
  const requests = yourStories.getByRole('region', { name: /^Story Requests from Parents/ });
  await expect(requests.getByRole('heading', { name: 'Premium (0)' })).toBeVisible();
  const regular = requests.getByRole('list', { name: 'Regular (1)' }).getByRole('listitem');
  await expect(regular).toHaveCount(1);
  await expect(regular).toContainText(book.title);
  await expect(regular).toContainText(`For Mia (${robinsons.familyName})`);
  await expect(regular).toContainText(`requested by ${robinsons.parent.first_name} ${robinsons.parent.last_name}`);
  // Kids You Read To: Mia with View Stories and Add Story.
  const kids = page.getByRole('region', { name: 'Kids You Read To' });
  await expect(kids.getByRole('link', { name: 'View Stories of Mia' })).toHaveAttribute('href', `/child/${robinsons.kidId}`);
  await expect(kids.getByRole('button', { name: 'Add Story for Mia' })).toBeVisible();
  await expectAccessible(page);

  // The sections collapse with their heading buttons.
  const toggle = page.getByRole('button', { name: 'Your Stories' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(requests).toBeHidden();
  await toggle.click();
  await expect(requests).toBeVisible();

  // Record it: the Record action opens the recorder for that book and kid.
  await regular.getByRole('link', { name: `Record ${book.title} for Mia` }).click();
  await expect(page).toHaveURL(new RegExp(`/record\\?bookId=${book.id}&childId=${robinsons.kidId}$`));
  await expect(page.getByRole('heading', { name: 'Record a Story' })).toBeVisible();
  const audioOnly = page.getByRole('radio', { name: new RegExp(RECORDING_PAGE_TEXTS.typeLabels.audio_only) });
  await audioOnly.check();
  await expect(page.getByRole('checkbox', { name: 'Mia' })).toBeChecked();
  const start = page.getByRole('button', { name: 'Start Recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await page.getByRole('alertdialog', { name: RECORDING_PAGE_TEXTS.readyToRecordTitle }).getByRole('button', { name: 'Start Recording' }).click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
  await page.waitForTimeout(2500);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/grandparent-dashboard$/);

  // The request has left the queue; Stories Recorded goes up once the recording is ready.
  await expect(requests.getByText('No story requests yet.', { exact: false })).toBeVisible();
  await expectStats(page, { recorded: 1, watched: 0, grandkids: 1, queued: 0 }, 120_000);

  // Mia watches it to the end: Times Watched is real too.
  const mine = (await (await page.request.get('/api/recording/my-recordings')).json()) as { id: string }[];
  for (const event of ['start', 'complete'] as const) {
    const played = await robinsons.api.post('/api/playback/events', {
      data: { recording_id: mine[0]!.id, kid_id: robinsons.kidId, event, position_seconds: 0 },
    });
    expect(played.status(), await played.text()).toBe(201);
  }
  await page.reload();
  await expectStats(page, { recorded: 1, watched: 1, grandkids: 1, queued: 0 });

  // The profile: a reader sees the story-request switch only; turning it off is saved and stays off.
  await page.goto('/profile');
  const notices = page.getByRole('region', { name: NOTIFICATION_TEXTS.cardTitle });
  const requested = notices.getByRole('switch', { name: NOTIFICATION_TEXTS.storyRequestedLabel });
  await expect(requested).toHaveAttribute('aria-checked', 'true');
  await expect(notices.getByRole('switch', { name: NOTIFICATION_TEXTS.newStoryLabel })).toHaveCount(0);
  await expectAccessible(page);
  await requested.click();
  await expect(page.getByText(NOTIFICATION_TEXTS.saved)).toBeVisible();
  await expect(requested).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(notices.getByRole('switch', { name: NOTIFICATION_TEXTS.storyRequestedLabel })).toHaveAttribute('aria-checked', 'false');

  // Off means off: the next request sends Gran no e-mail.
  const before = await latestMailTo(gran.email);
  const library = (await (await robinsons.api.get('/api/books?page=1&per_page=15')).json()) as { books: UploadedBook[] };
  const other = library.books.find((b) => b.id !== book.id);
  expect(other, 'the starter catalogue has more books').toBeTruthy();
  const again = await robinsons.api.post('/api/queue/request-story', { data: { book_id: other!.id, kid_id: robinsons.kidId, reader_id: gran.id } });
  expect(again.status(), await again.text()).toBe(201);
  await page.waitForTimeout(1000);
  expect(await latestMailTo(gran.email)).toBe(before);

  // A reader of another family sees none of it.
  const outsiders = await parentWithKid(playwright, baseURL, 'Zed');
  const strangerContext = await browser.newContext({ baseURL });
  const strangerPage = await strangerContext.newPage();
  await readerOf(strangerPage.request, outsiders.code, 'Nana');
  await strangerPage.goto('/grandparent-dashboard');
  await expectStats(strangerPage, { recorded: 0, watched: 0, grandkids: 0, queued: 0 });
  const strangerRequests = strangerPage.getByRole('region', { name: /^Story Requests from Parents/ });
  await expect(strangerRequests.getByText('No story requests yet.', { exact: false })).toBeVisible();
  // The book is in the shared Story Library, but nowhere in the stranger's own stories or requests.
  await expect(strangerPage.getByRole('region', { name: 'Your Stories' }).getByText(book.title)).toHaveCount(0);
  const strangerKids = strangerPage.getByRole('region', { name: 'Kids You Read To' });
  await expect(strangerKids.getByRole('heading', { name: outsiders.familyName })).toBeVisible();
  await expect(strangerKids.getByText(robinsons.familyName)).toHaveCount(0);
  await expect(strangerKids.getByRole('link', { name: 'View Stories of Mia' })).toHaveCount(0);
  await expect(strangerPage.getByRole('region', { name: 'Your Stories' }).getByText('No finished stories yet', { exact: false })).toBeVisible();

  await strangerContext.close();
  await robinsons.api.dispose();
  await outsiders.api.dispose();
});

test('the reader dashboard and the e-mail notices fit a phone screen', async ({ browser, playwright, baseURL }) => {
  const family = await parentWithKid(playwright, baseURL, 'Ava');
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const reader = await readerOf(page.request, family.code, 'Granny');
  const asked = await family.api.post('/api/queue/request-story', { data: { book_id: book.id, kid_id: family.kidId, reader_id: reader.id } });
  expect(asked.status(), await asked.text()).toBe(201);

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await page.goto('/grandparent-dashboard');
  await expectStats(page, { recorded: 0, watched: 0, grandkids: 0, queued: 1 });
  await expect(page.getByRole('link', { name: `Record ${book.title} for Ava` })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.screenshot({ path: test.info().outputPath('reader-dashboard-phone.png'), fullPage: true });
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: NOTIFICATION_TEXTS.storyRequestedLabel })).toBeVisible();
  expect(await fits()).toBe(true);

  await phone.close();
  await family.api.dispose();
});

// A page's requests timed against the session check: with the service worker between them, page.route
// could not hold the check back (Playwright routes only what the page itself sends).
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('the reader dashboard shows the kids of the families the reader reads for only, asking for its sections beside the session check', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const family = await parentWithKid(playwright, baseURL, 'Noor');
    const elsewhere = await parentWithKid(playwright, baseURL, 'Zed');
    const reader = await readerOf(page.request, family.code, 'Nana');
    const asked = await family.api.post('/api/queue/request-story', { data: { book_id: book.id, kid_id: family.kidId, reader_id: reader.id } });
    expect(asked.status(), await asked.text()).toBe(201);

    const requested = new Map<string, number>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/')) requested.set(url.pathname, Date.now());
    });
    const drawn = async () => {
      await expectStats(page, { recorded: 0, watched: 0, grandkids: 0, queued: 1 });
      await expect(page.getByRole('link', { name: `Record ${book.title} for Noor` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Kids You Read To' }).getByRole('link', { name: 'View Stories of Noor' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Story Library' }).getByText(book.title).first()).toBeVisible();
    };
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/grandparent-dashboard');
    await drawn();
    await expect(page.getByText('Zed')).toHaveCount(0);
    expect(requested.has(`/api/family/${elsewhere.familyId}`)).toBe(false);

    // The session check a second late: the sections are asked for before it answers.
    const served = await lateSession(page);
    requested.clear();
    await page.reload();
    await drawn();
    for (const url of [
      '/api/playback/reader/stats',
      '/api/recording/my-recordings',
      '/api/queue/for-reader',
      '/api/family/my-families',
      `/api/family/${family.familyId}`,
    ]) {
      expect(requested.get(url), url).toBeLessThan(served.sessionAnsweredAt());
    }
    expect(errors).toEqual([]);

    await family.api.dispose();
    await elsewhere.api.dispose();
  });
});

test('the reader dashboard reads in the viewer’s time zone: its date and greeting, in the app’s English', async ({ browser, playwright, baseURL }) => {
  // Fourteen hours ahead of the server's clock, in a German browser: dates keep the app's language (decision 022).
  const timeZone = 'Pacific/Kiritimati';
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: timeZone });
  const page = await context.newPage();
  const family = await parentWithKid(playwright, baseURL, 'Noor');
  const reader = await readerOf(page.request, family.code, 'Nana');
  const asked = await family.api.post('/api/queue/request-story', { data: { book_id: book.id, kid_id: family.kidId, reader_id: reader.id } });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto('/grandparent-dashboard');
  await expect(page.getByRole('link', { name: `Record ${book.title} for Noor` })).toBeVisible();
  const now = new Date();
  const requestedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(now);
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));
  await expect(page.getByText(requestedOn).first()).toBeVisible();
  await expect(page.getByText(`${greeting(hour)}, Nana`)).toBeVisible();

  await context.close();
  await family.api.dispose();
});
