import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { TIMINGS } from '@fst/shared/constants';
import { PLAYBACK_TEXTS, RECORDING_TEXTS } from '@fst/shared/messages';
import {
  createAccount,
  expect,
  expectRecordingsReady,
  expectAccessible,
  layoutShifts,
  newAccount,
  pageClock,
  signInAdmin,
  test,
  uploadBook,
  type UploadedBook,
  lateSession,
} from './fixtures.ts';

// Issue 6, playing stories: a grandparent records three short audio stories for a kid; the parent reorders the
// kid's playlist (kept after a reload), plays it in bedtime mode, which starts by itself and runs through all
// three to the goodnight message with gaps under half a second; the family stats count the plays; the
// parent sends a heart and the grandparent gets it.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = randomBytes(3).toString('hex');
let books: UploadedBook[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  books = [];
  for (const title of ['Owl Moon', 'Star Bear', 'Sleepy Fox']) books.push(await uploadBook(admin, `${title} ${tag}`));
  await admin.dispose();
});

/**
 * The grandparent reads three stories into the (fake) microphone with MediaRecorder, as the recorder's
 * audio mode does, and uploads them one after another for the kid. Answers the recording ids, oldest first.
 */
async function recordThreeAudioStories(grandparent: Page, kidId: string): Promise<string[]> {
  return grandparent.evaluate(
    async ({ bookIds, kidId, lengthsMs }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const record = (ms: number) =>
        new Promise<Blob>((resolve) => {
          const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
          const chunks: Blob[] = [];
          recorder.ondataavailable = (event) => chunks.push(event.data);
          recorder.onstop = () => resolve(new Blob(chunks, { type: 'audio/webm' }));
          recorder.start(250);
          setTimeout(() => recorder.stop(), ms);
        });
      const readings = await Promise.all(lengthsMs.map(record));
      for (const track of stream.getTracks()) track.stop();
      const ids: string[] = [];
      for (const [i, reading] of readings.entries()) {
        const form = new FormData();
        form.append('book_id', bookIds[i]!);
        form.append('recording_type', 'audio_only');
        form.append('duration_seconds', String(lengthsMs[i]! / 1000));
        form.append('kid_ids', JSON.stringify([kidId]));
        form.append('is_premium', 'false');
        form.append(
          'page_track',
          JSON.stringify([
            { page: 1, at_seconds: 0 },
            { page: 2, at_seconds: 1 },
          ]),
        );
        form.append('recording', reading, 'reading.webm');
        const res = await fetch('/api/recording/upload', { method: 'POST', body: form, credentials: 'include' });
        if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
        ids.push(((await res.json()) as { recording: { id: string } }).recording.id);
      }
      return ids;
    },
    { bookIds: books.map((b) => b.id), kidId, lengthsMs: [6000, 2500, 3000] },
  );
}

/** Titles of the story cards, in playlist order. */
const cardTitles = (page: Page) => page.getByTestId('story-card').getByRole('heading').allTextContents();

/** A family named `name` made by the account signed in on `request`, with one kid; answers both ids. */
async function familyOf(request: Page['request'], name: string, kid: string, age = 4) {
  const created = await request.post('/api/family/create', { data: { family_name: name } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kidRes = await request.post(`/api/family/${familyId}/kids`, { data: { first_name: kid, age } });
  expect(kidRes.status(), await kidRes.text()).toBe(201);
  return { familyId, kidId: ((await kidRes.json()) as { kid: { id: string } }).kid.id };
}

/**
 * The parent (on `page`) with a family and a kid Mia; a grandparent joins and records three short stories
 * for her (6, 2.5 and 3 s), all processed. Answers the kid, the grandparent's page and the recording ids.
 */
async function familyWithThreeStories(page: Page, browser: Browser, baseURL: string | undefined, familyName: string) {
  // The parent (this page) with a family and a kid.
  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const { familyId, kidId } = await familyOf(page.request, familyName, 'Mia', 5);
  const code = ((await (await page.request.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;

  // The grandparent joins and records three stories for Mia.
  const grandparentContext = await browser.newContext({ baseURL });
  const grandparent = await grandparentContext.newPage();
  await createAccount(grandparent.request, newAccount('grandparent', { first_name: 'Grace' }));
  const joined = await grandparent.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);
  await grandparent.goto('/grandparent-dashboard');
  const ids = await recordThreeAudioStories(grandparent, kidId);
  await expectRecordingsReady(grandparent.request, ids);

  return { familyId, kidId, grandparent, grandparentContext, ids };
}

test('a parent reorders a kid’s playlist, plays it in bedtime mode, the stats count it and the reader gets a heart', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const [owl, bear, fox] = books as [UploadedBook, UploadedBook, UploadedBook];

  const { familyId, kidId, grandparent, grandparentContext, ids } = await familyWithThreeStories(page, browser, baseURL, `Bedtime ${suffix}`);

  // The child stories page: newest first by default.
  await page.goto(`/child/${kidId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mia’s Stories' })).toBeVisible();
  // Audio readings are not counted as video stories (issue 22).
  await expect(page.getByTestId('story-counts')).toHaveText('0 video stories · 3 audio stories · 0 AI audio stories');
  await expect.poll(() => cardTitles(page)).toEqual([fox.title, bear.title, owl.title]);
  await expect(page.getByTestId('story-card').first()).toContainText(RECORDING_TEXTS.notWatchedYet);
  await expectAccessible(page);

  // Edit Playlist Order: Owl Moon to the top, saved for every device.
  await page.getByRole('button', { name: 'Edit Playlist Order' }).click();
  const editor = page.getByRole('region', { name: 'Edit Playlist Order' });
  await editor.getByRole('button', { name: `Move ${owl.title} up` }).click();
  await expect(editor.getByRole('button', { name: `Move ${owl.title} up` })).toBeFocused();
  await editor.getByRole('button', { name: `Move ${owl.title} up` }).click();
  await expect(editor.getByTestId('order-item')).toHaveText([new RegExp(owl.title), new RegExp(fox.title), new RegExp(bear.title)]);
  await expectAccessible(page);
  await editor.getByRole('button', { name: 'Save Order' }).click();
  await expect(page.getByText(PLAYBACK_TEXTS.orderSaved)).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual([owl.title, fox.title, bear.title]);
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual([owl.title, fox.title, bear.title]);
  await expect(page.getByTestId('story-position')).toHaveText(['Position 1', 'Position 2', 'Position 3']);
  // The same order for the grandparent's device.
  const gpPlaylist = (await (await grandparent.request.get(`/api/playback/kid/${kidId}/playlist`)).json()) as { items: { recording_id: string }[] };
  expect(gpPlaylist.items.map((i) => i.recording_id)).toEqual([ids[0], ids[2], ids[1]]);

  // Bedtime mode: starts by itself after 0.5 s and plays the three stories one after the other.
  await page.evaluate((nextStoryCardMs) => {
    const w = window as unknown as { storyGaps: number[]; storiesStarted: string[] };
    w.storyGaps = [];
    w.storiesStarted = [];
    let endedAt: number | null = null;
    // The gap: from one story's end, and bedtime's quiet "next story" card after it, to the first sound of the
    // next (each story counted once).
    document.addEventListener('ended', () => (endedAt = performance.now()), true);
    document.addEventListener(
      'playing',
      (event) => {
        const id = (event.target as HTMLElement).dataset.storyMedia ?? '';
        if (w.storiesStarted.includes(id)) return;
        w.storiesStarted.push(id);
        if (endedAt !== null) w.storyGaps.push(performance.now() - endedAt - nextStoryCardMs);
        endedAt = null;
      },
      true,
    );
  }, TIMINGS.nextStoryCard);
  // Only Bedtime Mode's own shifts, from the link's click on.
  const bedtimeOpened = await pageClock(page);
  await page.getByRole('link', { name: 'Bedtime Mode' }).click();
  await expect(page).toHaveURL(new RegExp(`/child/${kidId}\\?bedtimeMode=true$`));
  await expect(page.getByText('Start Bedtime Stories')).toBeVisible();
  const player = page.getByRole('dialog');
  await expect(player).toBeVisible({ timeout: 5000 });
  await expect(player).toHaveAttribute('data-bedtime', 'true');
  await expect(player.getByRole('heading', { name: owl.title })).toBeVisible();
  // The book's panel keeps its place when the PDF's first page is drawn (it grew, centred, and moved up).
  // pdf.js's two chunks, the file and the drawing took over 10 s twice in CI, beside the processing journeys; on a
  // slow machine the story's page track has turned to page 2 by then, so whichever page is drawn first counts.
  await expect(player.getByTestId('story-book').locator('canvas[data-rendered-page]')).toBeVisible({ timeout: 20_000 });
  expect(await layoutShifts(page, bedtimeOpened)).toEqual([]);
  // Nobody pressed play.
  await expect.poll(() => page.evaluate(() => (window as unknown as { storiesStarted: string[] }).storiesStarted.length)).toBeGreaterThan(0);
  // Paused for the accessibility check, which would hold up the page while the stories play.
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expectAccessible(page);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Escape does not end bedtime.
  await page.keyboard.press('Escape');
  await expect(player).toBeVisible();

  await expect(player.getByText(PLAYBACK_TEXTS.bedtimeGoodnightTitle)).toBeVisible({ timeout: 60_000 });
  await expect(player.getByText(PLAYBACK_TEXTS.bedtimeGoodnight)).toBeVisible();
  const { storyGaps, storiesStarted } = await page.evaluate(() => {
    const w = window as unknown as { storyGaps: number[]; storiesStarted: string[] };
    return { storyGaps: w.storyGaps, storiesStarted: w.storiesStarted };
  });
  console.log(`gaps between stories (ms): ${storyGaps.map((g) => g.toFixed(1)).join(', ')}`);
  expect(storiesStarted).toEqual([ids[0], ids[2], ids[1]]);
  expect(storyGaps).toHaveLength(2);
  for (const gap of storyGaps) {
    expect(gap).toBeLessThan(500);
    // The card was there for its few seconds in between.
    expect(gap).toBeGreaterThan(-50);
  }

  // A heart for the last story, one tap from the goodnight screen. The reactions are drawn, not emoji a
  // system may lack the font for (issue 22).
  const reactionGroup = player.getByRole('group', { name: 'Send Grace a reaction' });
  await expect(reactionGroup.locator('svg[data-reaction-icon]')).toHaveCount(4);
  expect(await reactionGroup.textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  await reactionGroup.getByRole('button', { name: 'Heart' }).click();
  await expect(player.getByText('You sent Grace a heart!')).toBeVisible();

  // Then the player closes and bedtime ends on the dashboard.
  await expect(page).toHaveURL(/\/parent-dashboard$/, { timeout: 15_000 });

  // Real stats: three watched plays, nothing unwatched; the playlist shows them watched.
  const stats = (await (await page.request.get(`/api/playback/family/${familyId}/stats`)).json()) as Record<string, number>;
  expect(stats).toMatchObject({ times_watched: 3, watched_this_week: 3, unwatched: 0 });
  expect(stats.storytime_today_seconds).toBeGreaterThanOrEqual(6);
  await page.goto(`/child/${kidId}`);
  await expect(page.getByTestId('story-card').filter({ hasText: 'Watched' })).toHaveCount(3);
  await expect(page.getByText(RECORDING_TEXTS.notWatchedYet)).toHaveCount(0);

  // The grandparent gets the heart.
  const reactions = (await (await grandparent.request.get('/api/reactions/for-reader')).json()) as {
    reactions: { reaction: string; recording_id: string; kid: { name: string } }[];
  };
  expect(reactions.reactions.map((r) => [r.reaction, r.kid.name, r.recording_id])).toEqual([['heart', 'Mia', ids[1]]]);
  await grandparent.goto('/grandparent-dashboard');
  await expect(grandparent.getByTestId('reader-reaction')).toHaveText([new RegExp(`Mia sent you a heart for ${bear.title}`)]);
  await expect(grandparent.getByTestId('reader-reaction').locator('svg[data-reaction-icon="heart"]')).toHaveCount(1);
  await grandparentContext.close();

  // One story on its own page (the 6 s one): an audio story offers both and book modes, no video; the book's
  // pages follow the reading's page track (page 2 from 1 s on); Escape closes it.
  await page.goto(`/story/${ids[0]}`);
  const single = page.getByRole('dialog', { name: owl.title });
  // The browser decides whether a page opened without a tap may play sound: when it refuses, the story waits
  // for a tap on its big button (sometimes the case here, after a chain of page loads).
  const pause = single.getByRole('button', { name: 'Pause' });
  const tapToStart = single.getByRole('button', { name: PLAYBACK_TEXTS.tapToStart });
  await expect(pause.or(tapToStart)).toBeVisible();
  if (await tapToStart.isVisible()) await tapToStart.click();
  await pause.click();
  const modes = single.getByRole('group', { name: 'How to show the story' });
  await expect(modes.getByRole('button')).toHaveText(['Both', 'Book']);
  await expect(modes.getByRole('button', { name: 'Both' })).toHaveAttribute('aria-pressed', 'true');
  await modes.getByRole('button', { name: 'Book' }).click();
  await expect(single.getByRole('group', { name: new RegExp(`${owl.title}: use the arrow keys`) })).toBeVisible({ timeout: 20_000 });
  await single.getByRole('slider', { name: 'Position in the story' }).fill('0');
  await expect(single.getByTestId('story-book')).toHaveAttribute('data-page', '1');
  await single.getByRole('slider', { name: 'Position in the story' }).fill('2');
  await expect(single.getByTestId('story-book')).toHaveAttribute('data-page', '2');
  await expect(single.getByText('Pages 1–2 of 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/parent-dashboard$/);

  // Bedtime closes only by press-and-hold: a tap is not enough.
  await page.goto(`/child/${kidId}?bedtimeMode=true`);
  const hold = page.getByRole('dialog').getByRole('button', { name: PLAYBACK_TEXTS.holdToClose });
  await expect(hold).toBeVisible({ timeout: 5000 });
  await hold.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The tap says how to close, for as long as a toast shows.
  const hint = page.getByRole('dialog').getByText('Keep holding to close');
  await expect(hint).toBeVisible();
  await expect(hint).toBeHidden({ timeout: TIMINGS.toast + 2000 });
  await hold.hover();
  await page.mouse.down();
  await page.waitForTimeout(1700);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/parent-dashboard$/);
});

// On a page the service worker controls (every visit after the first): Chromium lost the keepalive report
// sent through the worker until writes were routed around it (public/sw-network-routes.js).
test('a story left mid-way (the tab went to another page) resumes where it stopped', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { kidId, grandparentContext, ids } = await familyWithThreeStories(page, browser, baseURL, `Resume ${suffix}`);
  await grandparentContext.close();
  const owl = ids[0]!;

  // Play the 6-second Owl Moon from its card and leave the page mid-story.
  await page.goto(`/child/${kidId}`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('button', { name: `Play ${books[0]!.title}` }).click();
  const playedSeconds = () => page.evaluate(() => Math.max(0, ...[...document.querySelectorAll<HTMLMediaElement>('audio, video')].map((m) => m.currentTime)));
  await expect.poll(playedSeconds, { timeout: 20_000, intervals: [100] }).toBeGreaterThan(2);
  // No periodic progress report has been sent yet (every 15 s): only leaving the page reports the position.
  await page.goto('about:blank');

  const resumeOf = async () => {
    const list = (await (await page.request.get(`/api/playback/kid/${kidId}/playlist`)).json()) as {
      items: { recording_id: string; resume_seconds: number }[];
    };
    return list.items.find((i) => i.recording_id === owl)?.resume_seconds ?? -1;
  };
  await expect.poll(resumeOf, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
});

test('unknown stories and kids say so', async ({ page }) => {
  await createAccount(page.request, newAccount('parent'));
  await page.goto('/story/7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f');
  await expect(page.getByRole('heading', { name: RECORDING_TEXTS.notFound })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/parent-dashboard$/);
  await page.goto('/child/7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f');
  await expect(page.getByRole('heading', { name: RECORDING_TEXTS.kidNotFound })).toBeVisible();
});

test('the dashboard opens on the family picked last and shows what changed since; another family’s kid is not found', async ({ page, browser }) => {
  const parent = newAccount('parent');
  await createAccount(page.request, parent);
  const first = await familyOf(page.request, `First ${suffix}`, 'Ada');
  await familyOf(page.request, `Second ${suffix}`, 'Ben');
  const otherContext = await browser.newContext();
  await createAccount(otherContext.request, newAccount('parent'));
  const other = await familyOf(otherContext.request, `Other ${suffix}`, 'Zed');
  await otherContext.close();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/parent-dashboard');
  await expect(page.getByRole('link', { name: 'Ada' })).toBeVisible();
  await expect(page.getByText('Watched This Week')).toBeVisible();
  await page.getByLabel('Current family').selectOption({ label: `Second ${suffix}` });
  await expect(page.getByRole('link', { name: 'Ben' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Ben' })).toBeVisible();

  // A kid added elsewhere is there when the family is picked again.
  await page.request.post(`/api/family/${first.familyId}/kids`, { data: { first_name: 'Cleo', age: 3 } });
  await page.getByLabel('Current family').selectOption({ label: `First ${suffix}` });
  await expect(page.getByRole('link', { name: 'Cleo' })).toBeVisible();
  await page.goto(`/child/${first.kidId}`);
  await expect(page.getByRole('heading', { name: 'Ada’s Stories' })).toBeVisible();
  await page.goto(`/child/${other.kidId}`);
  await expect(page.getByRole('heading', { name: RECORDING_TEXTS.kidNotFound })).toBeVisible();
  await expect(page.getByText('Zed')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// A page's requests timed against the session check: with the service worker between them, page.route
// could not hold the check back (Playwright routes only what the page itself sends).
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('a signed-in page asks for its data while the session is checked; signed out, nothing of it stays', async ({ page }) => {
    const parent = newAccount('parent');
    await createAccount(page.request, parent);
    const { familyId, kidId } = await familyOf(page.request, `Early ${suffix}`, 'Ada');

    // The session check answering a second late: the pages' data is asked for before it answers.
    const served = await lateSession(page);
    const asked = new Map<string, number>();
    // When each call was first asked for (a later refetch does not count).
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (!asked.has(path)) asked.set(path, Date.now());
    });
    await page.goto(`/child/${kidId}`);
    await expect(page.getByRole('heading', { name: 'Ada’s Stories' })).toBeVisible();
    await expect(page.getByText(RECORDING_TEXTS.noReaderRecordings)).toBeVisible();
    expect(asked.get(`/api/recording/kid/${kidId}`)).toBeLessThan(served.sessionAnsweredAt());
    expect(asked.get(`/api/playback/kid/${kidId}/playlist`)).toBeLessThan(served.sessionAnsweredAt());

    asked.clear();
    served.reset();
    await page.goto('/parent-dashboard');
    await expect(page.getByRole('link', { name: 'Ada' })).toBeVisible();
    expect(asked.get('/api/family/my-families')).toBeLessThan(served.sessionAnsweredAt());
    expect(asked.get(`/api/family/${familyId}`)).toBeLessThan(served.sessionAnsweredAt());
    await served.undo();

    // Signed out, the kid's page sends the visitor to sign in, and back to it after; its data was refused (401)
    // and is forgotten, so after signing in the page shows the kid, not that refusal.
    await page.context().clearCookies();
    await page.goto(`/child/${kidId}`);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/child/${kidId}`)}`);
    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel('Password', { exact: true }).fill(parent.password);
    // Watched for while the page comes in: the page for a refused kid is headed plain "Stories".
    await page.evaluate(() => {
      const w = window as unknown as { refusalShown: boolean };
      w.refusalShown = false;
      const look = () => {
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent === 'Stories')) w.refusalShown = true;
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/child/${kidId}$`));
    await expect(page.getByRole('heading', { name: 'Ada’s Stories' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { refusalShown: boolean }).refusalShown)).toBe(false);
  });

  test('the pages opened most ask for their own code with their HTML, not once the app has started', async ({ page }) => {
    const parent = newAccount('parent');
    await createAccount(page.request, parent);
    const { kidId } = await familyOf(page.request, `Preload ${suffix}`, 'Ada');

    // The app's start module held back (at most `holdMs`): the router, which asks for a page's code otherwise,
    // cannot run, so a page chunk asked for meanwhile was asked for by the HTML. (Routing turns the cache off.)
    let chunkAsked: RegExp | null = null;
    let release = () => {};
    let startHeld = false;
    let askedWhileHeld = false;
    page.on('request', (req) => {
      if (!chunkAsked?.test(req.url()) || !startHeld) return;
      askedWhileHeld = true;
      release();
    });
    let holdMs = 0;
    await page.route(/\/static\/js\/start-[\w-]+\.js$/, async (route) => {
      startHeld = true;
      await new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, holdMs);
      });
      startHeld = false;
      await route.continue();
    });
    const open = async (url: string, chunk: string, ms: number) => {
      [chunkAsked, askedWhileHeld, holdMs] = [new RegExp(`/static/js/${chunk}-[\\w-]+\\.js$`), false, ms];
      await page.goto(url);
      return () => askedWhileHeld;
    };
    // Held up to 5 s where the chunk is awaited, so that without the preload the test fails on it, not on a timeout.
    const dashboard = await open('/parent-dashboard', 'parent-dashboard', 5_000);
    await expect(page.getByRole('link', { name: 'Ada' })).toBeVisible({ timeout: 15_000 });
    expect(dashboard()).toBe(true);
    const kid = await open(`/child/${kidId}`, 'child', 5_000);
    await expect(page.getByRole('heading', { name: 'Ada’s Stories' })).toBeVisible({ timeout: 15_000 });
    expect(kid()).toBe(true);
    // Any other signed-in page gets the common view: its code comes once the router asks for it.
    const family = await open('/family', 'family', 1_000);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(family()).toBe(false);
  });
});
