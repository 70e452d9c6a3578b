import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN_TEXTS, BOOK_SERVER_MESSAGES, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { attributionText, createAccount, expect, expectAccessible, makePdf, newAccount, signInAdmin, test, uploadBook, type UploadedBook } from './fixtures.ts';

/** A word no other book contains: searching for it finds exactly this test's books. */
const uniqueTag = () => `zq${randomBytes(4).toString('hex')}`;

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

const libraryCards = (page: Page) =>
  page
    .getByRole('region', { name: /matching/ })
    .getByRole('list', { name: 'Books', exact: true })
    .getByRole('listitem');

test.describe('books', () => {
  test('an admin uploads a book with the form, sees it in the library, and deletes it', async ({ page }) => {
    // Uploads wait for the server to read each PDF.
    test.slow();
    await signInAdmin(page.request);
    const title = `Moon Picnic ${uniqueTag()}`;
    const pdf = await makePdf(title, 2);

    // The header menu leads admins to the catalogue.
    await page.goto('/parent-dashboard');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Manage books' }).click();
    await expect(page).toHaveURL(/\/admin\/books$/);
    await expect(page.getByRole('heading', { name: 'Manage Books' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Books in the Catalogue' }).getByRole('article').first()).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('region', { name: 'Upload a Book' });
    const submit = form.getByRole('button', { name: 'Upload Book' });
    const pdfInput = form.getByLabel('Book PDF');
    const attributionInput = form.getByLabel('Attribution');

    // Spec section 5: required fields, then the PDF, then the text file.
    await submit.click();
    await expect(form.getByText(VALIDATION.fillRequiredFields)).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Author').fill('Luna Writer');
    await form.getByLabel('Description').fill('A picnic on the moon, with sandwiches that float.');
    await attributionInput.setInputFiles(file('credits.txt', 'text/plain', attributionText(title)));
    await submit.click();
    await expect(form.getByText(VALIDATION.fillRequiredFields)).toBeVisible();
    await expect(pdfInput).toHaveAttribute('aria-invalid', 'true');

    await pdfInput.setInputFiles(file('story.txt', 'text/plain', Buffer.from('not a pdf')));
    await submit.click();
    await expect(form.getByText(VALIDATION.selectPdf)).toBeVisible();

    await pdfInput.setInputFiles(file('moon-picnic.pdf', 'application/pdf', pdf));
    await attributionInput.setInputFiles(file('credits.pdf', 'application/pdf', pdf));
    await submit.click();
    await expect(form.getByText(VALIDATION.selectTxt)).toBeVisible();

    // The server looks inside the file: a text file named .pdf is refused with its own message.
    await pdfInput.setInputFiles(file('fake.pdf', 'application/pdf', Buffer.from('hello, I am not a PDF')));
    await attributionInput.setInputFiles(file('credits.txt', 'text/plain', attributionText(title)));
    await submit.click();
    // Uploads wait for the server to read the PDF: slow on a busy machine.
    await expect(form.getByText(BOOK_SERVER_MESSAGES.invalidPdf)).toBeVisible({ timeout: 30_000 });
    await expect(pdfInput).toHaveAttribute('aria-invalid', 'true');

    // Another file chosen: the error about the last one goes.
    await pdfInput.setInputFiles(file('moon-picnic.pdf', 'application/pdf', pdf));
    await expect(form.getByText(BOOK_SERVER_MESSAGES.invalidPdf)).toBeHidden();
    await expect(pdfInput).not.toHaveAttribute('aria-invalid', 'true');
    await submit.click();
    await expect(page.getByText(ADMIN_TEXTS.uploaded(title))).toBeVisible({ timeout: 30_000 });
    await expect(form.getByLabel('Title')).toHaveValue('');
    const row = page.getByRole('article', { name: title });
    await expect(row).toContainText('Luna Writer');
    await expect(row).toContainText('Regular');

    // Everyone finds it in the library.
    await page.goto(`/book?q=${encodeURIComponent(title)}`);
    await expect(libraryCards(page)).toHaveCount(1);
    await libraryCards(page).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('canvas[data-rendered-page="1"]')).toBeVisible();

    // Delete, with a confirmation first.
    await page.goto('/admin/books');
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this book?' });
    await expect(confirm).toContainText(title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Delete ${title}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Book' }).click();
    await expect(page.getByText(ADMIN_TEXTS.deleted)).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeHidden();
  });

  test('a parent pages through the library, changes the page size, and turns the pages of a book', async ({ page, request }) => {
    test.slow();
    // 16 books that one search finds: a second page at 15 a page, one page at 25.
    await signInAdmin(request);
    const tag = uniqueTag();
    const books: UploadedBook[] = [];
    for (let n = 1; n <= 16; n++) books.push(await uploadBook(request, `${tag} Story ${String(n).padStart(2, '0')}`, { pages: n === 1 ? 4 : 1 }));

    await createAccount(page.request, newAccount('parent'));
    await page.goto('/parent-dashboard');
    const dashboardLibrary = page.getByRole('region', { name: 'Book Library' });
    await expect(dashboardLibrary.getByRole('list', { name: 'Books', exact: true }).getByRole('listitem').first()).toBeVisible();
    await expect(dashboardLibrary.getByRole('combobox', { name: 'Books per page' })).toHaveValue('15');
    await expect(page.getByRole('region', { name: 'Premium Library' })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/book?q=${tag}`);
    const pages = page.getByRole('navigation', { name: /pages$/ }).first();
    await expect(libraryCards(page)).toHaveCount(15);
    await expect(page.getByText('Showing 1–15 of 16 books, page 1 of 2')).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectAccessible(page);

    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(libraryCards(page)).toHaveCount(1);
    await expect(libraryCards(page)).toContainText(`${tag} Story 16`);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Page 1' }).click();
    await expect(libraryCards(page)).toHaveCount(15);

    await page.getByRole('combobox', { name: 'Books per page' }).first().selectOption('25');
    await expect(page).toHaveURL(/per_page=25/);
    await expect(libraryCards(page)).toHaveCount(16);
    await expect(page.getByText('16 books', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /matching.*pages$/ })).toHaveCount(0);

    // Open the four-page book and turn its pages.
    await libraryCards(page)
      .getByRole('link', { name: `${tag} Story 01` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/book/${books[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${tag} Story 01` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Library' })).toBeVisible();
    await expect(page.getByText(RECORDING_TEXTS.noReaderRecordings)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Generate AI Reading' })).toBeVisible();
    const canvas = page.getByRole('img', { name: /page \d+ of 4/ });
    await expect(canvas).toHaveAttribute('data-rendered-page', '1');
    // The canvas really holds a drawing, not a blank.
    const painted = await canvas.evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4 * 97) if (data[i]! < 200 || data[i + 1]! < 200) coloured++;
      return coloured;
    });
    expect(painted).toBeGreaterThan(100);
    await expectAccessible(page);

    const pageInput = page.getByRole('spinbutton', { name: 'Page' });
    await pageInput.fill('3');
    await expect(canvas).toHaveAttribute('data-rendered-page', '3');
    await expect(canvas).toHaveAccessibleName(/page 3 of 4/);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(canvas).toHaveAttribute('data-rendered-page', '4');
    await expect(pageInput).toHaveValue('4');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(pageInput).toHaveValue('3');

    // The page-flip book view: facing pages, turned with the 600 ms animation.
    await page.getByRole('button', { name: 'Book view' }).click();
    const book = page.getByRole('group', { name: /turn pages/ });
    await expect(book).toHaveAttribute('data-spread-start', '3');
    await expect(page.getByText('Pages 3–4 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(book).toHaveAttribute('data-spread-start', '1');
    await expect(page.getByText('Pages 1–2 of 4')).toBeVisible();
    await expect(book.locator('canvas[data-rendered-page="2"]')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Library' }).click();
    await expect(page).toHaveURL(/\/book$/);
  });

  test('a landscape spread after a cover is laid out at its own size, in the page view and the book view', async ({ page, request }) => {
    await signInAdmin(request);
    // A 720x540 cover, then a 1440x540 two-page spread, then a 720x540 page.
    const book = await uploadBook(request, `${uniqueTag()} Spread`, { pages: 3, pageSize: (n) => (n === 2 ? [1440, 540] : [720, 540]) });
    await createAccount(page.request, newAccount('parent'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/book/${book.id}`);
    const canvas = page.getByRole('img', { name: /page \d+ of 3/ });
    const shape = async (locator = canvas) => {
      const box = (await locator.boundingBox())!;
      return { width: box.width, ratio: box.width / box.height };
    };
    // pdf.js is fetched and started on the first page shown: slow on a busy machine.
    await expect(canvas).toHaveAttribute('data-rendered-page', '1', { timeout: 30_000 });
    const cover = await shape();
    expect(cover.ratio).toBeCloseTo(720 / 540, 1);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(canvas).toHaveAttribute('data-rendered-page', '2');
    const spread = await shape();
    expect(spread.ratio).toBeCloseTo(1440 / 540, 1);
    // Not squeezed into the cover's box: as wide as the frame lets the cover be, at its own proportions.
    expect(spread.width).toBeGreaterThanOrEqual(cover.width - 1);
    // The drawing fills its box at the page's own proportions (not stretched).
    expect(await canvas.evaluate((el) => (el as HTMLCanvasElement).width / (el as HTMLCanvasElement).height)).toBeCloseTo(1440 / 540, 1);

    await page.getByRole('button', { name: 'Book view' }).click();
    const bookView = page.getByRole('group', { name: /turn pages/ });
    await expect(bookView).toHaveAttribute('data-spread-start', '1');
    const left = bookView.locator('canvas[data-page="1"]');
    const right = bookView.locator('canvas[data-page="2"]');
    await expect(right).toHaveAttribute('data-rendered-page', '2');
    const [l, r] = [await shape(left), await shape(right)];
    expect(l.ratio).toBeCloseTo(720 / 540, 1);
    expect(r.ratio).toBeCloseTo(1440 / 540, 1);
    expect(r.width).toBeGreaterThan(l.width * 1.8);
    // The whole spread stays on screen.
    const frame = (await bookView.boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(1280);
  });

  test('the premium library shows token costs, and a missing book says so', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    await page.goto('/book');
    const premium = page.getByRole('region', { name: 'Premium Library' });
    const first = premium.getByRole('list', { name: 'Premium books' }).getByRole('listitem').first();
    await expect(first).toContainText(/\d+ tokens?/);
    await expect(first).toContainText('Locked');
    await expect(first.getByRole('button', { name: /Unlock for/ })).toBeDisabled();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/book\/[\w-]+\?premium=true$/);
    await expect(page.getByText(/Premium · \d+ tokens?/)).toBeVisible();
    // Only readers record.
    await expect(page.getByRole('link', { name: 'Start Recording' })).toHaveCount(0);

    await page.goto(`/book/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: RECORDING_TEXTS.bookNotFound })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await expect(page).toHaveURL(/\/book$/);
  });

  test('a PDF that fails to load offers Try Again, and says when a reload fails too', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    const list = await page.request.get('/api/books?per_page=1');
    const { books } = (await list.json()) as { books: UploadedBook[] };
    const bookId = books[0]!.id;

    let failFiles = true;
    await page.route('**/api/media/**', (route) => (failFiles ? route.abort() : route.continue()));
    await page.goto(`/book/${bookId}`);
    await expect(page.getByText(RECORDING_TEXTS.pdfFailed, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText(RECORDING_TEXTS.pdfReloadFailed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh page' })).toBeVisible();

    await page.reload();
    await expect(page.getByText(RECORDING_TEXTS.pdfFailed, { exact: true })).toBeVisible();
    failFiles = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText(RECORDING_TEXTS.pdfReloaded)).toBeVisible();
    await expect(page.locator('canvas[data-rendered-page="1"]')).toBeVisible();
  });

  test('a grandparent picks a book in the book picker and goes on to record it', async ({ page }) => {
    await createAccount(page.request, newAccount('grandparent'));
    await page.goto('/grandparent-dashboard');
    await expect(page.getByRole('region', { name: 'Story Library' }).getByRole('list', { name: 'Books', exact: true })).toBeVisible();
    await expectAccessible(page);
    // The reader dashboard's library sections collapse.
    const storyLibraryToggle = page.getByRole('button', { name: 'Story Library' });
    await storyLibraryToggle.click();
    await expect(storyLibraryToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Story Library' }).getByRole('list', { name: 'Books', exact: true })).toBeHidden();
    await storyLibraryToggle.click();
    await page.getByRole('button', { name: 'Record New Story' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a Book' });
    const choices = picker.getByRole('list', { name: 'Books to choose from' }).getByRole('listitem');
    await expect(choices.first()).toBeVisible();
    expect(await choices.count()).toBeLessThanOrEqual(12);
    // Descriptions are cut to 80 characters.
    for (const text of await choices.allInnerTexts()) {
      const description = text.split('\n').at(-1) ?? '';
      expect(description.length).toBeLessThanOrEqual(81);
    }
    await expectAccessible(page);
    await picker.getByRole('searchbox').fill('Little Red Hen');
    await picker.getByRole('button', { name: 'Search' }).click();
    await expect(choices).toHaveCount(1);
    await choices.getByRole('button').click();
    await expect(page).toHaveURL(/\/record\?bookId=[\w-]+$/);

    // The book page offers Start Recording to readers, with the kid passed on.
    const bookId = new URL(page.url()).searchParams.get('bookId');
    await page.goto(`/book/${bookId}?childId=kid-1`);
    await expect(page.getByRole('heading', { level: 1, name: 'The Little Red Hen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Recording' })).toHaveAttribute('href', /\/record\?bookId=[\w-]+&childId=kid-1$/);
  });

  test('only site admins reach /admin/books', async ({ page }) => {
    await createAccount(page.request, newAccount('parent'));
    await page.goto('/admin/books');
    await expect(page).toHaveURL(/\/parent-dashboard$/);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Manage Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Manage books' })).toHaveCount(0);
  });

  test("the library and the book page show a book's cover, drawn from its first page", async ({ page, request }) => {
    await signInAdmin(request);
    const tag = uniqueTag();
    const book = await uploadBook(request, `${tag} Cover Story`);
    // The cover is made by a job just after the upload.
    await expect
      .poll(async () => ((await (await request.get(`/api/books/${book.id}`)).json()) as { book: { thumbnail_url: string | null } }).book.thumbnail_url, {
        timeout: 30_000,
      })
      .toMatch(/thumbnail\.webp/);

    await createAccount(page.request, newAccount('parent'));
    await page.goto(`/book?q=${tag}`);
    const cover = libraryCards(page).getByTestId('book-cover-image');
    await expect(cover).toHaveAttribute('src', new RegExp(`/api/media/books/${book.id}/thumbnail\\.webp\\?`));
    // Loaded and drawn, at the thumbnail's size (the page is 600 x 450 points).
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 200, 150]);
    await expectAccessible(page);

    await page.goto(`/book/${book.id}`);
    const large = page.getByTestId('book-cover-image');
    await expect(large).toHaveAttribute('src', new RegExp(`/api/media/books/${book.id}/cover\\.webp\\?`));
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  });
});
