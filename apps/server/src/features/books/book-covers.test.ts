import path from 'node:path';
import { Readable } from 'node:stream';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, makePdf, type TestContext } from '../../../test/context.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { createMediaLinks } from '../../platform/storage/media-links.ts';
import { COVER_WIDTH, PREVIEW_WIDTH, THUMBNAIL_WIDTH } from '../../platform/pdf/pdf-cover.ts';
import { createBooksRepository } from './books.repository.ts';
import { books as booksTable } from './books.table.ts';

let ctx: TestContext;
let parent: Awaited<ReturnType<TestContext['newUser']>>;
beforeAll(async () => {
  ctx = await createTestContext();
  parent = await ctx.newUser();
});
afterAll(() => ctx.close());

type Answer = {
  cover_url: string | null;
  thumbnail_url: string | null;
  preview_url: string | null;
  pdf_url: string | null;
  title: string;
  first_page_size: { width: number; height: number } | null;
};
const getBook = async (id: string, app = ctx.app) =>
  (await app.inject({ method: 'GET', url: `/api/books/${id}`, headers: { cookie: parent.cookie } })).json().book as Answer;

/** Polls the book until `has` holds of it (the cover job has run); `what` names it in the error. */
async function waitForBook(id: string, has: (book: Answer) => unknown, what: string, app = ctx.app, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const book = await getBook(id, app);
    if (has(book)) return book;
    if (Date.now() > deadline) throw new Error(`book ${id} has no ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const waitForCover = (id: string, app = ctx.app) => waitForBook(id, (book) => book.cover_url, 'cover', app);

/** Fetches a signed image link; answers its type and pixel size. */
async function image(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  // A WebP file: RIFF....WEBP
  expect([res.rawPayload.subarray(0, 4).toString('latin1'), res.rawPayload.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
  const img = await loadImage(res.rawPayload);
  return { type: res.headers['content-type'], width: img.width, height: img.height };
}

/** A book stored as books were before covers (or, given `cover`, before previews): its files in storage, its row without them. */
async function legacyBook(pdf: Buffer, title: string, opts: { premium?: boolean; cover?: boolean } = {}) {
  const storage = createLocalStorage({ root: path.join(ctx.dataDir, 'media'), links: createMediaLinks({ secret: 'unused', clock: ctx.clock }) });
  const id = crypto.randomUUID();
  const pdfKey = `books/${id}/book.pdf`;
  const attributionKey = `books/${id}/attribution.txt`;
  await storage.put(pdfKey, Readable.from([pdf]));
  await storage.put(attributionKey, Readable.from([Buffer.from('Public domain.\n')]));
  const cover = opts.cover ? { coverKey: `books/${id}/cover.webp`, thumbnailKey: `books/${id}/thumbnail.webp` } : {};
  await createBooksRepository(ctx.db).insert(
    { id, title, author: 'Old Author', pdfKey, attributionKey, pageCount: 1, isPremium: opts.premium ?? false, tokenCost: opts.premium ? 2 : 0, ...cover },
    ['page text'],
  );
  return id;
}

describe('book covers', () => {
  it('a book added gets a cover and a thumbnail of its first page, in storage next to its PDF', async () => {
    const book = await ctx.newBook({ pages: ['The first page.', 'The second page.'] });
    const withCover = await waitForCover(book.id);
    expect(withCover.cover_url).toMatch(new RegExp(`^/api/media/books/${book.id}/cover\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(withCover.thumbnail_url).toMatch(new RegExp(`^/api/media/books/${book.id}/thumbnail\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`));
    // makePdf's pages are 400 x 300 points: the images keep that shape.
    expect(await image(withCover.cover_url!)).toEqual({ type: 'image/webp', width: COVER_WIDTH, height: (COVER_WIDTH * 3) / 4 });
    expect(await image(withCover.thumbnail_url!)).toEqual({ type: 'image/webp', width: THUMBNAIL_WIDTH, height: (THUMBNAIL_WIDTH * 3) / 4 });
    // The library lists carry them too.
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/books?per_page=50', headers: { cookie: parent.cookie } })).json();
    expect(list.books.find((b: { id: string }) => b.id === book.id).thumbnail_url).toBe(withCover.thumbnail_url);
    // A regular book is never locked: no preview is drawn for it.
    expect(withCover.preview_url).toBeNull();
    // The first page's size in points, for the book page to lay out its preview before the PDF arrives.
    expect(withCover.first_page_size).toEqual({ width: 400, height: 300 });
    const [row] = await ctx.db.select().from(booksTable).where(eq(booksTable.id, book.id));
    expect(row!.previewKey).toBeNull();
  });

  it('a premium book also gets its first page drawn larger: the preview of those who have not unlocked it', async () => {
    const book = await ctx.newBook({ pages: ['The first page.', 'The second page.'], is_premium: 'true', token_cost: '2' });
    const withCover = await waitForCover(book.id);
    expect(withCover).toMatchObject({
      pdf_url: null,
      preview_url: expect.stringMatching(new RegExp(`^/api/media/books/${book.id}/preview\\.webp\\?exp=\\d+&sig=`)),
    });
    expect(await image(withCover.preview_url!)).toEqual({ type: 'image/webp', width: PREVIEW_WIDTH, height: (PREVIEW_WIDTH * 3) / 4 });
    // The cover and thumbnail are scaled down from the same drawing, at their own sizes.
    expect(await image(withCover.cover_url!)).toEqual({ type: 'image/webp', width: COVER_WIDTH, height: (COVER_WIDTH * 3) / 4 });
    expect(await image(withCover.thumbnail_url!)).toEqual({ type: 'image/webp', width: THUMBNAIL_WIDTH, height: (THUMBNAIL_WIDTH * 3) / 4 });
  });

  it('a restart draws the preview of a premium book stored with its cover before previews existed', async () => {
    const id = await legacyBook(await makePdf(['An old premium book.']), 'An Old Premium Book', { premium: true, cover: true });
    expect((await getBook(id)).preview_url).toBeNull();
    const restarted = await ctx.anotherInstance();
    try {
      const book = await waitForBook(id, (b) => b.preview_url, 'preview', restarted);
      expect(await image(book.preview_url!)).toMatchObject({ type: 'image/webp', width: PREVIEW_WIDTH });
      // Its cover stays the one it had.
      const [row] = await ctx.db.select().from(booksTable).where(eq(booksTable.id, id));
      expect(row).toMatchObject({ coverKey: `books/${id}/cover.webp`, previewKey: `books/${id}/preview.webp` });
    } finally {
      await restarted.close();
    }
  });

  it("a restart reads the first page's size of a book stored with its cover before sizes were read", async () => {
    const id = await legacyBook(await makePdf(['An old book with a cover.']), 'An Old Covered Book', { cover: true });
    expect((await getBook(id)).first_page_size).toBeNull();
    const restarted = await ctx.anotherInstance();
    try {
      const book = await waitForBook(id, (b) => b.first_page_size, 'page size', restarted);
      expect(book.first_page_size).toEqual({ width: 400, height: 300 });
      // Its cover stays the one it had; a regular book gets no preview.
      const [row] = await ctx.db.select().from(booksTable).where(eq(booksTable.id, id));
      expect(row).toMatchObject({ coverKey: `books/${id}/cover.webp`, previewKey: null });
    } finally {
      await restarted.close();
    }
  });

  it('a restart makes covers for books stored without one', async () => {
    const id = await legacyBook(await makePdf(['An old book.']), 'An Old Book');
    expect((await getBook(id)).cover_url).toBeNull();
    const restarted = await ctx.anotherInstance();
    try {
      const book = await waitForCover(id, restarted);
      expect(await image(book.thumbnail_url!)).toMatchObject({ type: 'image/webp', width: THUMBNAIL_WIDTH });
    } finally {
      await restarted.close();
    }
  });

  it('a PDF that cannot be drawn leaves the book usable, without a cover, and is not retried', async () => {
    const id = await legacyBook(Buffer.from('not a PDF at all, though stored as one'), 'A Damaged Book');
    const restarted = await ctx.anotherInstance();
    try {
      const deadline = Date.now() + 60_000;
      // The job ends (completed: retrying would not help), not failed.
      for (;;) {
        const result = await ctx.db.execute(sql`SELECT state FROM pgboss.job WHERE name = 'books.cover' AND data->>'bookId' = ${id}`);
        const { rows } = result as unknown as { rows: { state: string }[] };
        if (rows[0]?.state === 'completed') break;
        expect(rows[0]?.state).not.toBe('failed');
        if (Date.now() > deadline) throw new Error(`cover job of ${id}: ${JSON.stringify(rows)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const book = await getBook(id, restarted);
      expect(book).toMatchObject({ title: 'A Damaged Book', cover_url: null, thumbnail_url: null });
      const [row] = await ctx.db.select().from(booksTable).where(eq(booksTable.id, id));
      expect(row).toMatchObject({ coverKey: null, thumbnailKey: null });
    } finally {
      await restarted.close();
    }
  });
});
