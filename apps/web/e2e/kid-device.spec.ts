import { randomBytes } from 'node:crypto';
import { DEVICE_OFFLINE_STORIES } from '@fst/shared/constants';
import { DEVICE_TEXTS, OFFLINE_TEXTS } from '@fst/shared/messages';
import { createAccount, expect, expectRecordingsReady, expectAccessible, newAccount, signInAdmin, test, uploadBook, type UploadedBook } from './fixtures.ts';
import { recordFor } from './kid-helpers.ts';

// Issue 26, kid devices: a parent pairs a second browser as Mia's device with the code of Set up a device;
// the device shows only Mia's stories and no parent controls, a parent page typed into its address bar goes
// back to Mia's page, it plays a story and sends a heart; the parent changes how many stories it keeps
// offline by itself and, reloaded, it says so; the parent removes it and it is back at /pair.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const suffix = randomBytes(3).toString('hex');
let books: UploadedBook[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  books = [];
  for (const title of ['Moon Boat', 'Lion Nap']) books.push(await uploadBook(admin, `${title} ${tag}`));
  await admin.dispose();
});

test('a parent pairs Mia’s device; it plays only Mia’s stories, sends a heart, and goes back to /pair once removed', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const [moon, lion] = books as [UploadedBook, UploadedBook];

  // The parent (this page) with a family and two kids; a grandparent records a story for each.
  await createAccount(page.request, newAccount('parent', { first_name: 'Paula' }));
  const created = await page.request.post('/api/family/create', { data: { family_name: `Tablets ${suffix}` } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string; family_code: string } }).family;
  const kid = async (first_name: string) =>
    ((await (await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name, age: 5 } })).json()) as { kid: { id: string } }).kid.id;
  const miaId = await kid('Mia');
  const leoId = await kid('Leo');
  const grandparentContext = await browser.newContext({ baseURL });
  const grandparent = await grandparentContext.newPage();
  await createAccount(grandparent.request, newAccount('grandparent', { first_name: 'Grace' }));
  expect((await grandparent.request.post('/api/family/join', { data: { family_code: family.family_code, relationship: 'Grandma' } })).status()).toBe(200);
  await grandparent.goto('/grandparent-dashboard');
  const stories = await recordFor(grandparent, [
    { bookId: moon.id, kidId: miaId },
    { bookId: lion.id, kidId: leoId },
  ]);
  await expectRecordingsReady(grandparent.request, stories);
  const [miaStory] = stories;

  // Set up a device on Mia's card: a 6-character code and a QR code of the /pair link.
  await page.goto('/family');
  await page.getByRole('button', { name: 'Set up a device for Mia' }).click();
  const setUp = page.getByRole('dialog', { name: DEVICE_TEXTS.setUpTitle('Mia') });
  const codeText = setUp.getByTestId('device-code');
  await expect(codeText).toHaveText(/^[A-Z2-9]{6}$/);
  const code = (await codeText.textContent())!;
  await expect(setUp.getByRole('img', { name: 'QR code of the pairing link' })).toBeVisible();
  await expectAccessible(page);
  await setUp.getByRole('button', { name: 'Done' }).click();

  // The tablet opens the QR code's link: the code is filled in, it names itself and is paired.
  const deviceContext = await browser.newContext({ baseURL });
  const device = await deviceContext.newPage();
  await device.goto(`/pair?code=${code}`);
  await expect(device.getByLabel(DEVICE_TEXTS.codeLabel)).toHaveValue(code);
  await expectAccessible(device);
  await device.getByLabel(DEVICE_TEXTS.deviceNameLabel).fill('Mia’s tablet');
  await device.getByRole('button', { name: DEVICE_TEXTS.pair }).click();
  await expect(device).toHaveURL(new RegExp(`/child/${miaId}$`));
  await expect(device.getByRole('heading', { level: 1, name: 'Mia’s Stories' })).toBeVisible();
  await expect(device.getByTestId('story-card').getByRole('heading')).toHaveText([moon.title]);
  await expect(device.getByText(lion.title)).toHaveCount(0);

  // No parent controls: no header menu, no dashboard, no playlist editing, no Report Issue; only leaving kid mode.
  await expect(device.getByRole('navigation')).toHaveCount(0);
  await expect(device.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
  await expect(device.getByRole('button', { name: 'Edit Playlist Order' })).toHaveCount(0);
  await expect(device.getByRole('button', { name: /report/i })).toHaveCount(0);
  await expect(device.getByRole('button', { name: DEVICE_TEXTS.leaveKidMode })).toBeVisible();
  await expectAccessible(device);

  // Parent pages typed into the address bar go back to Mia's page; the API refuses them too.
  for (const path of ['/family', '/parent-dashboard', '/subscription', `/child/${leoId}`, '/record']) {
    await device.goto(path);
    await expect(device).toHaveURL(new RegExp(`/child/${miaId}$`));
    await expect(device.getByRole('heading', { level: 1, name: 'Mia’s Stories' })).toBeVisible();
  }
  expect((await device.request.get(`/api/family/${family.id}`)).status()).toBe(403);
  expect((await device.request.get(`/api/playback/kid/${leoId}/playlist`)).status()).toBe(404);

  // The tablet plays Mia's story and sends Grace a heart.
  await device.getByRole('button', { name: `Play ${moon.title}` }).click();
  const player = device.getByRole('dialog');
  await expect(player.getByRole('heading', { name: moon.title })).toBeVisible();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await player.getByRole('group', { name: 'Send Grace a reaction' }).getByRole('button', { name: 'Heart' }).click();
  await expect(player.getByText('You sent Grace a heart!')).toBeVisible();
  const reactions = async () =>
    (
      (await (await grandparent.request.get('/api/reactions/for-reader')).json()) as {
        reactions: { reaction: string; recording_id: string; kid: { name: string } }[];
      }
    ).reactions.map((r) => [r.reaction, r.kid.name, r.recording_id]);
  await expect.poll(reactions).toEqual([['heart', 'Mia', miaStory]]);
  // The play counts for Mia (the family's stats see it).
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/playback/kid/${miaId}/playlist`)).json()) as { items: { resume_seconds: number; watched: boolean }[] }).items
          .length,
    )
    .toBe(1);

  // The parent sees the tablet on the family page and removes it.
  await page.goto('/family');
  const listed = page.getByTestId('kid-device');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Mia’s tablet');
  await expect(listed).toContainText(DEVICE_TEXTS.forKid('Mia'));

  // By itself the tablet kept Mia's first stories offline (5 unless a parent says otherwise): her one story.
  await device.reload();
  const offlinePanel = device.getByTestId('offline-panel');
  await expect(offlinePanel).toContainText(OFFLINE_TEXTS.autoSave(DEVICE_OFFLINE_STORIES.default));
  await expect(offlinePanel.getByTestId('offline-saved')).toContainText('1 story saved on this device', { timeout: 60_000 });
  // The parent sets "Stories kept offline" to none on the family page, on a laptop and on a phone.
  const keep = listed.getByLabel(DEVICE_TEXTS.offlineStoriesLabel);
  await expect(keep).toHaveValue(String(DEVICE_OFFLINE_STORIES.default));
  await keep.selectOption({ label: DEVICE_TEXTS.offlineStoriesChoice(0) });
  await expect(page.getByText(DEVICE_TEXTS.offlineStoriesSaved('Mia’s tablet', 0))).toBeVisible();
  await page.reload();
  await expect(keep).toHaveValue('0');
  await page.setViewportSize({ width: 390, height: 844 });
  await keep.scrollIntoViewIfNeeded();
  const box = (await keep.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The tablet, reloaded, says it saves nothing by itself; what it holds stays until it leaves the playlist.
  await device.reload();
  await expect(offlinePanel).toContainText(OFFLINE_TEXTS.autoSave(0));
  await expect(offlinePanel.getByTestId('offline-saved')).toContainText('1 story saved on this device');

  await listed.getByRole('button', { name: `${DEVICE_TEXTS.remove} Mia’s tablet` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: DEVICE_TEXTS.remove }).click();
  await expect(page.getByText(DEVICE_TEXTS.removed('Mia’s tablet'))).toBeVisible();
  await expect(page.getByTestId('kid-device')).toHaveCount(0);

  // The tablet's next request is refused, and it is back at /pair.
  expect((await device.request.get(`/api/playback/kid/${miaId}/playlist`)).status()).toBe(401);
  await device.reload();
  await expect(device).toHaveURL(/\/pair$/);
  await expect(device.getByRole('heading', { name: DEVICE_TEXTS.pairTitle })).toBeVisible();

  await deviceContext.close();
  await grandparentContext.close();
});
