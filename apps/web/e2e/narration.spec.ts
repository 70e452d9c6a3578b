import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { NARRATION_SERVER_MESSAGES, NARRATION_TEXTS } from '@fst/shared/messages';
import {
  type Account,
  createAccount,
  expect,
  expectRecordingsReady,
  expectAccessible,
  newAccount,
  signInAdmin,
  test,
  uploadBook,
  type UploadedBook,
} from './fixtures.ts';

// Issue 8, AI narration in the web app: a grandparent of a premium family records a story and allows an AI
// voice; the parent creates the voice clone from that recording on the book page, generates an AI story for
// the kid, and it plays on the kid's page with the book's pages turning. Without consent the clone is refused.
// E2E_PORT=8517.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** Subscribes the signed-in account through the local test-mode checkout (as billing.spec.ts does). */
async function subscribe(request: APIRequestContext, plan: 'premium' | 'gold') {
  const checkout = await request.post('/api/stripe/create-checkout-session', { data: { plan_type: plan } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/').pop();
  const done = await request.post(`/api/billing/local/checkout/${sessionId}/complete`);
  expect(done.status(), await done.text()).toBe(200);
}

const suffix = randomBytes(3).toString('hex');
let recordedBook: UploadedBook;
let aiBook: UploadedBook;

test.beforeAll(async ({ playwright, baseURL }) => {
  // Books of this run's own: the hook runs again in a worker that takes up a second share of this file.
  const tag = randomBytes(3).toString('hex');
  const admin = await playwright.request.newContext({ baseURL });
  await signInAdmin(admin);
  // Each page holds a sentence, so the AI reading has words to say.
  const sentences = (title: string) => ({ pageText: (n: number) => `Page ${n} of ${title}. The little owl flew over the quiet moonlit forest.` });
  recordedBook = await uploadBook(admin, `Owl Moon ${tag}`, sentences(`Owl Moon ${tag}`));
  aiBook = await uploadBook(admin, `Star Bear ${tag}`, sentences(`Star Bear ${tag}`));
  await admin.dispose();
});

/** A premium parent with a family and a kid; answers the family, its code and the kid. */
async function premiumFamily(page: Page, kidName: string) {
  const parent = newAccount('parent', { first_name: 'Paula' });
  await createAccount(page.request, parent);
  await subscribe(page.request, 'premium');
  const created = await page.request.post('/api/family/create', { data: { family_name: `Narration ${suffix} ${kidName}` } });
  expect(created.status(), await created.text()).toBe(201);
  const familyId = ((await created.json()) as { family: { id: string } }).family.id;
  const kidRes = await page.request.post(`/api/family/${familyId}/kids`, { data: { first_name: kidName, age: 5 } });
  expect(kidRes.status(), await kidRes.text()).toBe(201);
  const kidId = ((await kidRes.json()) as { kid: { id: string } }).kid.id;
  const code = ((await (await page.request.get(`/api/family/${familyId}`)).json()) as { family: { family_code: string } }).family.family_code;
  return { parent, familyId, kidId, code };
}

/** The grandparent reads one short audio story into the fake microphone and uploads it for the kid. */
async function recordOneAudioStory(grandparent: Page, bookId: string, kidId: string): Promise<string> {
  const id = await grandparent.evaluate(
    async ({ bookId, kidId }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const reading = await new Promise<Blob>((resolve) => {
        const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm' });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onstop = () => resolve(new Blob(chunks, { type: 'audio/webm' }));
        recorder.start(250);
        setTimeout(() => recorder.stop(), 4000);
      });
      for (const track of stream.getTracks()) track.stop();
      const form = new FormData();
      form.append('book_id', bookId);
      form.append('recording_type', 'audio_only');
      form.append('duration_seconds', '4');
      form.append('kid_ids', JSON.stringify([kidId]));
      form.append('is_premium', 'false');
      form.append(
        'page_track',
        JSON.stringify([
          { page: 1, at_seconds: 0 },
          { page: 2, at_seconds: 2 },
        ]),
      );
      form.append('recording', reading, 'reading.webm');
      const res = await fetch('/api/recording/upload', { method: 'POST', body: form, credentials: 'include' });
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { recording: { id: string } }).recording.id;
    },
    { bookId, kidId },
  );
  await expectRecordingsReady(grandparent.request, [id]);
  return id;
}

async function joinAsGrandparent(browser: Browser, baseURL: string | undefined, code: string, firstName: string) {
  const context = await browser.newContext({ baseURL });
  const grandparent = await context.newPage();
  const account: Account = newAccount('grandparent', { first_name: firstName });
  await createAccount(grandparent.request, account);
  const joined = await grandparent.request.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { context, grandparent, account };
}

/** On the book page: pick the reader and then the kid in the Generate AI Reading panel. */
async function pickReaderAndKid(page: Page, readerName: RegExp, kidName: string) {
  const panel = page.getByRole('region', { name: 'Generate AI Reading' });
  await panel
    .getByLabel('1. Pick a reader')
    .selectOption({ label: (await panel.getByLabel('1. Pick a reader').locator('option').filter({ hasText: readerName }).first().textContent()) ?? '' });
  await panel.getByLabel('2. Pick a kid').selectOption({ label: kidName });
  return panel;
}

test('a parent clones a consenting reader’s voice, generates an AI story and it plays with the pages turning', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const { kidId, code } = await premiumFamily(page, 'Mia');
  const { context, grandparent } = await joinAsGrandparent(browser, baseURL, code, 'Grace');

  await grandparent.goto('/grandparent-dashboard');
  await recordOneAudioStory(grandparent, recordedBook.id, kidId);

  // Consent on the profile, saved with a toast.
  await grandparent.goto('/profile');
  const consent = grandparent.getByRole('switch', { name: NARRATION_TEXTS.consentLabel });
  await expect(consent).toHaveAttribute('aria-checked', 'false');
  await consent.click();
  await expect(grandparent.getByText(NARRATION_TEXTS.consentOn)).toBeVisible();
  await expect(consent).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(grandparent);

  // The parent opens another book: Grace has no voice yet.
  await page.goto(`/book/${aiBook.id}`);
  const panel = await pickReaderAndKid(page, /Grace/, 'Mia');
  await expect(panel.getByText(NARRATION_SERVER_MESSAGES.noVoiceClone)).toBeVisible();
  await expectAccessible(page);
  await expect(panel.getByRole('button', { name: 'Generate AI Reading' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Create Voice Clone' }).click();

  // The voice clone step: nothing chosen is refused, then the recording is chosen.
  const cloneStep = panel.getByRole('region', { name: 'Create Voice Clone' });
  await cloneStep.getByRole('button', { name: 'Create Voice Clone' }).click();
  await expect(cloneStep.getByRole('alert')).toHaveText('Please select at least one recording');
  await cloneStep.getByRole('checkbox', { name: new RegExp(recordedBook.title) }).check();
  await cloneStep.getByRole('button', { name: 'Create Voice Clone' }).click();
  await expect(cloneStep.getByText(/Grace's Voice is ready!/)).toBeVisible({ timeout: 60_000 });
  await expect(cloneStep.getByText(new RegExp(NARRATION_TEXTS.approximateVoice))).toBeVisible();

  // Back at the generation step after 2 s: ready to generate, with the month's count.
  await expect(panel.getByLabel('1. Pick a reader')).toBeVisible({ timeout: 5000 });
  await panel.getByLabel('2. Pick a kid').selectOption({ label: 'Mia' });
  await expect(panel.getByText(NARRATION_TEXTS.generationsRemaining(5))).toBeVisible();
  await expect(panel.getByText(NARRATION_TEXTS.approximateVoice)).toBeVisible();
  await panel.getByRole('button', { name: 'Generate AI Reading' }).click();
  await expect(panel.getByText(NARRATION_TEXTS.generated)).toBeVisible({ timeout: 120_000 });
  // Made once: the banner now says it exists.
  await expect(panel.getByText(NARRATION_SERVER_MESSAGES.existingAi)).toBeVisible({ timeout: 10_000 });

  // On Mia's page the AI story plays in book mode with the pages turning.
  await page.goto(`/child/${kidId}`);
  await page.getByRole('button', { name: `Play ${aiBook.title}` }).click();
  const player = page.getByRole('dialog', { name: aiBook.title });
  await expect(player).toBeVisible();
  const book = player.getByTestId('story-book');
  await expect(book).toBeVisible({ timeout: 20_000 });
  // AI stories start in book mode.
  await expect(player.getByRole('group', { name: 'How to show the story' }).getByRole('button', { name: 'Book' })).toHaveAttribute('aria-pressed', 'true');
  await expect(book).toHaveAttribute('data-page', '1');
  await expect(book).not.toHaveAttribute('data-page', '1', { timeout: 60_000 });

  // Turning consent off deletes the voice: Grace is asked first (issue 22), and backing out keeps both.
  await grandparent.goto('/profile');
  await expect(consent).toHaveAttribute('aria-checked', 'true');
  await consent.click();
  const confirmOff = grandparent.getByRole('alertdialog', { name: NARRATION_TEXTS.consentOffConfirmTitle });
  await expect(confirmOff).toContainText("Grace's Voice");
  await confirmOff.getByRole('button', { name: 'Cancel' }).click();
  await expect(consent).toHaveAttribute('aria-checked', 'true');
  expect(((await (await grandparent.request.get('/api/voice/consent')).json()) as { allowed: boolean }).allowed).toBe(true);
  await consent.click();
  await confirmOff.getByRole('button', { name: NARRATION_TEXTS.consentOffConfirm }).click();
  await expect(grandparent.getByText(NARRATION_TEXTS.consentOff)).toBeVisible();
  await expect(consent).toHaveAttribute('aria-checked', 'false');
  await context.close();
});

test('without the reader’s consent the voice clone is refused with the message', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const { kidId, code } = await premiumFamily(page, 'Leo');
  const { context, grandparent } = await joinAsGrandparent(browser, baseURL, code, 'Gwen');
  await grandparent.goto('/grandparent-dashboard');
  await recordOneAudioStory(grandparent, recordedBook.id, kidId);
  // The compact switch is on the reader dashboard, off.
  await expect(grandparent.getByRole('switch', { name: NARRATION_TEXTS.consentLabel })).toHaveAttribute('aria-checked', 'false');
  await context.close();

  await page.goto(`/book/${aiBook.id}`);
  const panel = await pickReaderAndKid(page, /Gwen/, 'Leo');
  await panel.getByRole('button', { name: 'Create Voice Clone' }).click();
  const cloneStep = panel.getByRole('region', { name: 'Create Voice Clone' });
  await cloneStep.getByRole('checkbox', { name: new RegExp(recordedBook.title) }).check();
  await cloneStep.getByRole('button', { name: 'Create Voice Clone' }).click();
  await expect(cloneStep.getByRole('alert')).toHaveText(NARRATION_SERVER_MESSAGES.consentMissing('Gwen'));
  // A parent without a family's readers' voice sees no generation: the button stays disabled.
  await cloneStep.getByRole('button', { name: 'Back' }).click();
  await expect(panel.getByRole('button', { name: 'Generate AI Reading' })).toBeDisabled();
});
