import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PARENT_DASHBOARD_TEXTS, RECORDING_PAGE_TEXTS, RECORDING_TEXTS, REQUEST_TEXTS, VALIDATION } from '@fst/shared/messages';
import { createAccount, expect, expectRecordingsReady, expectAccessible, newAccount, signInAdmin, test, uploadBook, type UploadedBook } from './fixtures.ts';

// The story queue end to end: a parent asks a reader for a book for a kid, the reader records it (fake
// microphone), the request leaves the queue, the story reaches the kid, the parent gives it to a second
// kid and watches it, and the dashboard's stats follow.

const suffix = randomBytes(3).toString('hex');
let wanted: UploadedBook;
let other: UploadedBook;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  wanted = await uploadBook(admin, `Moonlight Meadow ${tag}`, { pages: 2, author: 'Ada Quill' });
  other = await uploadBook(admin, `Harbor Lights ${tag}`, { pages: 2, author: 'Ben Ink' });
  await admin.dispose();
});

type Json = Record<string, unknown>;
const json = async (res: { json: () => Promise<unknown> }) => (await res.json()) as Json;

/** The page's user becomes a parent with a family of two kids; returns the ids and the family code. */
async function parentWithTwoKids(page: Page) {
  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await page.request.post('/api/family/create', { data: { family_name: `Queue Family ${suffix}` } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await json(created)).family as { id: string }).id;
  const kid = async (first_name: string, age: number) => {
    const res = await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name, age } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await json(res)).kid as { id: string }).id;
  };
  const miaId = await kid('Mia', 5);
  const leoId = await kid('Leo', 3);
  const code = ((await json(await page.request.get(`/api/family/${familyId}`))).family as { family_code: string }).family_code;
  return { familyId, miaId, leoId, code };
}

const stat = (page: Page, id: string) => page.getByTestId(id);

test('a parent requests a story, the reader records it, the parent assigns and watches it, the stats follow', async ({
  browser,
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const { miaId, leoId, code } = await parentWithTwoKids(page);

  // The reader: a grandparent in a browser of their own, in the family by code.
  const readerContext = await browser.newContext({ baseURL: baseURL! });
  const readerPage = await readerContext.newPage();
  await createAccount(readerPage.request, newAccount('grandparent', { first_name: 'Grace', last_name: 'Reader' }));
  const joined = await readerPage.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);

  // The dashboard before any story: nothing to watch, no stories, one reader.
  await page.goto('/parent-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Story Time' })).toBeVisible();
  // Not "all caught up": there is nothing to watch yet (issue 22).
  await expect(page.getByTestId('unwatched-count')).toHaveText(PARENT_DASHBOARD_TEXTS.noStoriesYet);
  await expect(stat(page, 'stat-recordings-available')).toHaveText('0');
  await expect(stat(page, 'stat-watched-this-week')).toHaveText('0');
  await expect(stat(page, 'stat-family-friends')).toHaveText('1');
  await expect(page.getByText(PARENT_DASHBOARD_TEXTS.noLastWatched)).toBeVisible();
  await expectAccessible(page);

  // Request a Story from Grace: child first, then a book of the Regular Books tab.
  await page.getByRole('button', { name: 'Request Story from Grace Reader' }).click();
  const requestDialog = page.getByRole('dialog', { name: 'Request a Story from Grace' });
  await expect(requestDialog.getByRole('tab', { name: 'Regular Books' })).toHaveAttribute('aria-selected', 'true');
  await expect(requestDialog.getByRole('tab', { name: 'Premium Books' })).toBeVisible();
  await requestDialog.getByRole('button', { name: 'Request Story' }).click();
  await expect(requestDialog.getByText(VALIDATION.selectChildFirst)).toBeVisible();
  await requestDialog.getByLabel('Child').selectOption({ label: 'Mia' });
  await requestDialog.getByRole('button', { name: 'Request Story' }).click();
  await expect(requestDialog.getByText(VALIDATION.selectBookAndReader)).toBeVisible();
  await requestDialog.getByRole('searchbox', { name: 'Search books by title or author' }).fill('Moonlight');
  await requestDialog.getByRole('button', { name: 'Search' }).click();
  await expect(requestDialog.getByRole('radio', { name: new RegExp(other.title) })).toHaveCount(0);
  await requestDialog.getByRole('radio', { name: new RegExp(wanted.title) }).check();
  await expectAccessible(page);
  await requestDialog.getByRole('button', { name: 'Request Story' }).click();
  await expect(page.getByText(REQUEST_TEXTS.requested('Grace'))).toBeVisible();
  await expect(requestDialog).toBeHidden();

  // The kid's Queued Stories show it with the QUEUED badge.
  await page.getByRole('button', { name: 'View Stories of Mia' }).click();
  const miaDialog = page.getByRole('dialog', { name: 'Mia’s Stories' });
  await expect(miaDialog.getByText(PARENT_DASHBOARD_TEXTS.noCurrentStories('Mia'))).toBeVisible();
  await miaDialog.getByRole('tab', { name: 'Queued Stories' }).click();
  const queued = miaDialog.getByRole('list', { name: 'Queued stories for Mia' }).getByRole('listitem');
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(wanted.title);
  await expect(queued).toContainText(REQUEST_TEXTS.queuedBadge);
  await expect(queued).toContainText('asked of Grace Reader by Paula Tester');
  await expect(queued.getByRole('button', { name: `Cancel the request for ${wanted.title}` })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // The reader sees the request.
  const forReader = (await json(await readerPage.request.get('/api/queue/for-reader'))).requests as { book_id: string; kid_id: string; reader_id: string }[];
  expect(forReader).toEqual([expect.objectContaining({ book_id: wanted.id, kid_id: miaId })]);

  // The reader records that book for Mia (audio only: the fastest to process).
  await readerPage.goto(`/record?bookId=${wanted.id}&childId=${miaId}`);
  await expect(readerPage.getByRole('heading', { name: 'Record a Story' })).toBeVisible();
  await readerPage.getByRole('radio', { name: new RegExp(RECORDING_PAGE_TEXTS.typeLabels.audio_only) }).check();
  await expect(readerPage.getByRole('checkbox', { name: 'Mia' })).toBeChecked();
  await expect(readerPage.getByRole('checkbox', { name: 'Leo' })).not.toBeChecked();
  const start = readerPage.getByRole('button', { name: 'Start Recording' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  await readerPage.getByRole('alertdialog', { name: RECORDING_PAGE_TEXTS.readyToRecordTitle }).getByRole('button', { name: 'Start Recording' }).click();
  await expect(readerPage.getByText('Recording', { exact: true })).toBeVisible();
  await readerPage.waitForTimeout(2500);
  await readerPage.getByRole('button', { name: 'Stop' }).click();
  await expect(readerPage.getByText(RECORDING_TEXTS.uploaded)).toBeVisible({ timeout: 60_000 });
  const mine = (await (await readerPage.request.get('/api/recording/my-recordings')).json()) as { id: string }[];
  const recordingId = mine[0]!.id;
  await expectRecordingsReady(readerPage.request, [recordingId], { timeout: 120_000 });
  // Recorded for Mia: the request has left the reader's queue.
  expect((await json(await readerPage.request.get('/api/queue/for-reader'))).requests).toEqual([]);
  await readerContext.close();

  // The parent: the request has left Mia's queue and the story is one of her Current Stories, not watched yet.
  await page.reload();
  await expect(stat(page, 'stat-recordings-available')).toHaveText('1');
  await expect(page.getByTestId('unwatched-count')).toContainText(PARENT_DASHBOARD_TEXTS.unwatched(1));
  await page.getByRole('button', { name: 'View Stories of Mia' }).click();
  const current = miaDialog.getByRole('list', { name: 'Current stories for Mia' }).getByRole('listitem');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(wanted.title);
  await expect(current).toContainText(RECORDING_TEXTS.notWatchedYet);
  await miaDialog.getByRole('tab', { name: 'Queued Stories' }).click();
  await expect(miaDialog.getByText(REQUEST_TEXTS.noQueued('Mia'))).toBeVisible();
  await page.keyboard.press('Escape');

  // Leo gets the same story through the Assign Story modal.
  await page.getByRole('button', { name: 'View Stories of Leo' }).click();
  const leoDialog = page.getByRole('dialog', { name: 'Leo’s Stories' });
  await expect(leoDialog.getByText(PARENT_DASHBOARD_TEXTS.noCurrentStories('Leo'))).toBeVisible();
  await leoDialog.getByRole('button', { name: 'Assign Story' }).click();
  const assignDialog = page.getByRole('dialog', { name: 'Assign Story' });
  await assignDialog.getByRole('searchbox', { name: 'Search stories' }).fill('no such story');
  await expect(assignDialog.getByText(PARENT_DASHBOARD_TEXTS.noStoryMatch('no such story'))).toBeVisible();
  await assignDialog.getByRole('searchbox', { name: 'Search stories' }).fill('ada quill');
  await expectAccessible(page);
  await assignDialog.getByRole('button', { name: `Assign ${wanted.title} to Leo` }).click();
  await expect(page.getByText(RECORDING_TEXTS.assigned)).toBeVisible();
  // Never offered again to a kid who has it.
  await expect(assignDialog.getByText(PARENT_DASHBOARD_TEXTS.allAssigned('Leo'))).toBeVisible();
  const assigned = (await json(await page.request.get(`/api/recording/${recordingId}`))).recording as { kids: { id: string }[] };
  expect(assigned.kids.map((k) => k.id).sort()).toEqual([miaId, leoId].sort());
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('unwatched-count')).toContainText(PARENT_DASHBOARD_TEXTS.unwatched(2));

  // Mia watches it to the end: the stats change, and it becomes the last watched story with Replay.
  await page.getByRole('button', { name: 'View Stories of Mia' }).click();
  await miaDialog.getByRole('button', { name: `Play ${wanted.title}` }).click();
  const player = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close the player' }) });
  await expect(player).toBeVisible();
  // The story starts by itself; where the browser holds it back, the Play button starts it.
  const finished = player.getByText(RECORDING_TEXTS.playlistFinished);
  const playButton = player.getByRole('button', { name: 'Play', exact: true });
  await expect
    .poll(
      async () => {
        // The end message shows for a few seconds, then the player closes: either means the story ended.
        if ((await finished.isVisible()) || !(await player.isVisible())) return true;
        if ((await playButton.isVisible()) && (await playButton.isEnabled())) await playButton.click({ timeout: 1000 }).catch(() => undefined);
        return false;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  // The player closes by itself after the message.
  await expect(player).toBeHidden({ timeout: 20_000 });
  await expect(stat(page, 'stat-watched-this-week')).toHaveText('1');
  await expect(stat(page, 'stat-times-watched')).toHaveText('1');
  await expect(stat(page, 'stat-storytime-today')).not.toHaveText('0m');
  await expect(page.getByTestId('unwatched-count')).toContainText(PARENT_DASHBOARD_TEXTS.unwatched(1));
  await expect(page.getByTestId('last-watched-title')).toHaveText(wanted.title);
  await page.getByRole('button', { name: 'View Stories of Mia' }).click();
  await expect(miaDialog.getByRole('list', { name: 'Current stories for Mia' })).toContainText(PARENT_DASHBOARD_TEXTS.watched);
  await page.keyboard.press('Escape');

  // Replay opens the player on that story.
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(player).toBeVisible();
  await expect(player.getByRole('heading', { name: wanted.title })).toBeVisible();
  // Closed by hand, or by itself if the short story has already ended.
  await player
    .getByRole('button', { name: 'Close the player' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  await expect(player).toBeHidden({ timeout: 20_000 });

  // Bedtime Mode: pick a kid, their stories open in bedtime mode.
  await page.getByRole('button', { name: 'Bedtime Mode' }).click();
  const bedtime = page.getByRole('dialog', { name: 'Bedtime Mode' });
  await bedtime.getByRole('button', { name: /Leo/ }).click();
  await expect(page).toHaveURL(new RegExp(`/child/${leoId}\\?bedtimeMode=true$`));

  // A parent of another family cannot see this family's queue.
  const outsider = await playwright.request.newContext({ baseURL });
  await createAccount(outsider, newAccount('parent'));
  await outsider.post('/api/family/create', { data: { family_name: `Other Family ${suffix}` } });
  expect((await outsider.get(`/api/queue/kid/${miaId}`)).status()).toBe(404);
  expect((await outsider.post('/api/queue/request-story', { data: { kid_id: miaId, book_id: other.id, reader_id: miaId } })).status()).toBe(404);
  await outsider.dispose();
});

test('a parent cancels a queued story and adds one to a reader’s queue from Add Stories', async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000);
  const { code } = await parentWithTwoKids(page);
  const readerContext = await browser.newContext({ baseURL: baseURL! });
  await createAccount(readerContext.request, newAccount('grandparent', { first_name: 'Gus', last_name: 'Reader' }));
  expect((await readerContext.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandpa' } })).status()).toBe(200);

  await page.goto('/parent-dashboard');
  await page.getByRole('button', { name: 'Add Stories for Leo' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Stories for Leo' });
  await expect(addDialog.getByRole('tab', { name: 'Request New Story' })).toHaveAttribute('aria-selected', 'true');
  await addDialog.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(addDialog.getByText(VALIDATION.selectBookAndReader)).toBeVisible();
  await addDialog.getByLabel('Reader').selectOption({ label: 'Gus Reader' });
  await addDialog.getByRole('searchbox', { name: 'Book' }).fill('harbor lights');
  await addDialog.getByRole('radio', { name: new RegExp(other.title) }).check();
  await expectAccessible(page);
  await addDialog.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(page.getByText(REQUEST_TEXTS.queued('Gus'))).toBeVisible();
  const queue = (await (await readerContext.request.get('/api/queue/for-reader')).json()) as { requests: { type: string; book_id: string }[] };
  expect(queue.requests).toEqual([expect.objectContaining({ type: 'queue', book_id: other.id })]);
  await readerContext.close();

  // Assign Existing Stories: the family has no stories yet.
  await page.getByRole('button', { name: 'Add Stories for Leo' }).click();
  await addDialog.getByRole('tab', { name: 'Assign Existing Stories' }).click();
  await expect(addDialog.getByText(RECORDING_TEXTS.noReaderRecordings)).toBeVisible();
  await page.keyboard.press('Escape');

  // The requester cancels it from Leo's Queued Stories.
  await page.getByRole('button', { name: 'View Stories of Leo' }).click();
  const leoDialog = page.getByRole('dialog', { name: 'Leo’s Stories' });
  await leoDialog.getByRole('tab', { name: 'Queued Stories' }).click();
  await leoDialog.getByRole('button', { name: `Cancel the request for ${other.title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: REQUEST_TEXTS.cancelTitle });
  await expect(confirm).toContainText(REQUEST_TEXTS.cancelBody('Gus', other.title, 'Leo'));
  await confirm.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText(REQUEST_TEXTS.cancelled)).toBeVisible();
  await expect(leoDialog.getByText(REQUEST_TEXTS.noQueued('Leo'))).toBeVisible();
});
