import { cp, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { BOOK_ATTRIBUTION_MAX_BYTES } from '@fst/shared/books/books.rules';
import { BOOK_SERVER_MESSAGES, MEDIA_MESSAGES, SERVER_MESSAGES, UPLOAD_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createTestContext, makePdf, multipartBody, type FormFile, type TestContext } from '../../../test/context.ts';
import { PREVIEW_WIDTH } from '../../platform/pdf/pdf-cover.ts';
import { DEFAULT_PDF_READ_LIMITS, extractPdfText } from '../../platform/pdf/pdf-text.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { createMediaLinks } from '../../platform/storage/media-links.ts';
import { createBooksRepository } from './books.repository.ts';
import { bookPages, books as booksTable } from './books.table.ts';
import { readStarterCatalogue, seedStarterBooks, STARTER_ASSETS_DIR } from './starter-books.ts';

// A small BOOK_MAX_BYTES keeps the over-size case cheap (the default is BOOK_PDF_MAX_BYTES, 250 MiB).
const PDF_MAX = 3 * 1024 * 1024;
let ctx: TestContext;
let admin: Awaited<ReturnType<TestContext['newAdmin']>>;
let parent: Awaited<ReturnType<TestContext['newUser']>>;
let gran: Awaited<ReturnType<TestContext['newUser']>>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { BOOK_MAX_BYTES: String(PDF_MAX) } });
  admin = await ctx.newAdmin();
  parent = await ctx.newUser();
  gran = await ctx.newUser({ role: 'grandparent' });
});
afterAll(() => ctx.close());

type Who = { cookie: string } | undefined;
const get = (url: string, who: Who, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
const del = (url: string, who: Who) => ctx.app.inject({ method: 'DELETE', url, headers: who ? { cookie: who.cookie } : {} });
const upload = (who: Who, fields: Record<string, string>, files: FormFile[]) => {
  const body = multipartBody(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/books',
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
};

const TEXT = { name: 'attribution_file', filename: 'source.txt', content: 'Aesop, public domain.\n', type: 'text/plain' } satisfies FormFile;
const pdfFile = async (pages?: string[], filename = 'story.pdf'): Promise<FormFile> => ({
  name: 'pdf_file',
  filename,
  content: await makePdf(pages),
  type: 'application/pdf',
});
const FIELDS = { title: 'The Fox and the Grapes', author: 'Aesop', description: 'A fox wants some grapes.' };

/** Everything stored under books/ (the starter catalogue is off here), and what is left half-written. */
async function storedFiles() {
  const root = path.join(ctx.dataDir, 'media');
  const list = async (dir: string): Promise<string[]> => {
    const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? list(path.join(dir, e.name)) : [path.join(dir, e.name)])));
    return nested.flat();
  };
  return { books: await list('books'), incoming: await list('.incoming') };
}
const bookCount = async () => (await ctx.db.select().from(booksTable)).length;

/** Books inserted straight through the repository (cheap, for paging), all sharing a searchable tag. */
async function insertBooks(tag: string, n: number, opts: { premium?: boolean } = {}) {
  const repo = createBooksRepository(ctx.db);
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    await repo.insert(
      {
        id,
        title: `${tag} ${String(i + 1).padStart(3, '0')}`,
        author: 'Paging Author',
        pdfKey: `books/${id}/book.pdf`,
        attributionKey: `books/${id}/attribution.txt`,
        pageCount: 1,
        isPremium: opts.premium ?? false,
        tokenCost: opts.premium ? 2 : 0,
      },
      ['page text'],
    );
  }
}

/** A PDF of `count` empty pages, written out by hand (pdf-lib takes minutes for 20,000). */
function manyPagesPdf(count: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${count} /Kids [${Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ')}] >>`,
  ];
  for (let i = 0; i < count; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('uploading a book', () => {
  it('stores the files, extracts each page’s text and lists the book for parents and readers', async () => {
    const res = await upload(admin, { ...FIELDS, title: '  The Fox and the Grapes ' }, [
      await pdfFile(['The fox saw some grapes.', 'They were sour, said the fox.']),
      TEXT,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { book } = res.json();
    expect(book).toMatchObject({
      title: 'The Fox and the Grapes',
      author: 'Aesop',
      description: 'A fox wants some grapes.',
      is_premium: false,
      token_cost: 0,
      is_unlocked: true,
      page_count: 2,
    });
    expect(book.pdf_url).toMatch(/^\/api\/media\/books\/[0-9a-f-]{36}\/book\.pdf\?exp=\d+&sig=[\w-]{43}$/);
    expect(book.attribution_url).toMatch(/^\/api\/media\/books\/[0-9a-f-]{36}\/attribution\.txt\?exp=\d+&sig=[\w-]{43}$/);
    expect(new Date(book.created_at).getTime()).not.toBeNaN();

    const pages = await ctx.db.select().from(bookPages).where(eq(bookPages.bookId, book.id)).orderBy(bookPages.pageNumber);
    expect(pages.map((p) => p.text)).toEqual(['The fox saw some grapes.', 'They were sour, said the fox.']);

    for (const who of [parent, gran]) {
      const list = (await get('/api/books?per_page=100', who)).json();
      expect(list.books.map((b: { id: string }) => b.id)).toContain(book.id);
      const detail = await get(`/api/books/${book.id}`, who);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().book).toMatchObject({ id: book.id, title: 'The Fox and the Grapes', page_count: 2 });
    }
    // The PDF comes back byte for byte through its signed link; the attribution as UTF-8 text.
    const pdf = await get(book.pdf_url, parent);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['accept-ranges']).toBe('bytes');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const attribution = await get(book.attribution_url, undefined);
    expect(attribution.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(attribution.body).toBe('Aesop, public domain.\n');
  });

  it('takes a premium flag with a token cost from 1 to 100', async () => {
    const res = await upload(admin, { ...FIELDS, title: 'Premium Fox', is_premium: 'true', token_cost: '3' }, [await pdfFile(), TEXT]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().book).toMatchObject({ is_premium: true, token_cost: 3, is_unlocked: false });
    for (const token_cost of ['', '0', '101', '2.5']) {
      const bad = await upload(admin, { ...FIELDS, is_premium: 'on', token_cost }, [await pdfFile(), TEXT]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.token_cost).toEqual([BOOK_SERVER_MESSAGES.tokenCostRange(1, 100)]);
    }
  });

  describe('refuses a bad upload and keeps nothing of it', () => {
    const cases: [string, () => Promise<{ fields: Record<string, string>; files: FormFile[] }>, number, string, string][] = [
      ['no title', async () => ({ fields: { ...FIELDS, title: '   ' }, files: [await pdfFile(), TEXT] }), 400, VALIDATION.fillRequiredFields, 'title'],
      ['no author', async () => ({ fields: { title: 'T' }, files: [await pdfFile(), TEXT] }), 400, VALIDATION.fillRequiredFields, 'author'],
      ['no PDF', async () => ({ fields: FIELDS, files: [TEXT] }), 400, VALIDATION.fillRequiredFields, 'pdf_file'],
      [
        'an empty PDF input',
        async () => ({ fields: FIELDS, files: [{ name: 'pdf_file', filename: '', content: '' }, TEXT] }),
        400,
        VALIDATION.fillRequiredFields,
        'pdf_file',
      ],
      ['no attribution', async () => ({ fields: FIELDS, files: [await pdfFile()] }), 400, VALIDATION.fillRequiredFields, 'attribution_file'],
      ['a .txt as the PDF', async () => ({ fields: FIELDS, files: [{ ...TEXT, name: 'pdf_file' }, TEXT] }), 400, VALIDATION.selectPdf, 'pdf_file'],
      [
        'a PDF as the attribution',
        async () => ({ fields: FIELDS, files: [await pdfFile(), { ...(await pdfFile()), name: 'attribution_file' }] }),
        400,
        VALIDATION.selectTxt,
        'attribution_file',
      ],
      [
        'a non-PDF named .pdf',
        async () => ({ fields: FIELDS, files: [{ name: 'pdf_file', filename: 'fake.pdf', content: 'just some words, not a PDF at all' }, TEXT] }),
        400,
        BOOK_SERVER_MESSAGES.invalidPdf,
        'pdf_file',
      ],
      [
        'a damaged PDF',
        async () => ({ fields: FIELDS, files: [{ name: 'pdf_file', filename: 'broken.pdf', content: (await makePdf()).subarray(0, 300) }, TEXT] }),
        400,
        BOOK_SERVER_MESSAGES.invalidPdf,
        'pdf_file',
      ],
      [
        'a binary attribution',
        async () => ({ fields: FIELDS, files: [await pdfFile(), { ...TEXT, content: Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02]) }] }),
        400,
        BOOK_SERVER_MESSAGES.attributionNotText,
        'attribution_file',
      ],
      [
        'an attribution that is not UTF-8',
        async () => ({ fields: FIELDS, files: [await pdfFile(), { ...TEXT, content: Buffer.from([0xc3, 0x28, 0xa0, 0xa1]) }] }),
        400,
        BOOK_SERVER_MESSAGES.attributionNotText,
        'attribution_file',
      ],
      [
        'an over-size attribution',
        async () => ({ fields: FIELDS, files: [await pdfFile(), { ...TEXT, content: 'a'.repeat(BOOK_ATTRIBUTION_MAX_BYTES + 1) }] }),
        413,
        BOOK_SERVER_MESSAGES.attributionTooLarge(1),
        'attribution_file',
      ],
      [
        'an over-size PDF',
        async () => {
          const big = Buffer.alloc(PDF_MAX + 1024, 0x20);
          big.write('%PDF-1.7\n');
          return { fields: FIELDS, files: [TEXT, { name: 'pdf_file', filename: 'huge.pdf', content: big }] };
        },
        413,
        BOOK_SERVER_MESSAGES.pdfTooLarge(PDF_MAX / (1024 * 1024)),
        'pdf_file',
      ],
    ];

    it.each(cases)('%s', async (_name, make, status, message, field) => {
      const before = await bookCount();
      const { fields, files } = await make();
      const res = await upload(admin, fields, files);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(message);
      expect(res.json().errors?.[field]).toContain(message);
      expect(await bookCount()).toBe(before);
      // Nothing half-written stays: another book's cover job may be writing an image through .incoming just
      // now, which is gone a moment later; what the refused upload left would stay.
      await expect.poll(async () => (await storedFiles()).incoming, { timeout: 10_000 }).toEqual([]);
      const { books } = await storedFiles();
      // Every file left belongs to a book that exists (by its folder: another book's cover job may be
      // writing its cover just now, before the book's row names it).
      const ids = new Set((await ctx.db.select().from(booksTable)).map((r) => r.id));
      expect(books.filter((f) => !ids.has(f.split(path.sep)[1]!))).toEqual([]);
    });
  });

  it('refuses a PDF of 20,000 pages quickly, with a message, and leaves nothing', async () => {
    const huge = manyPagesPdf(20_000);
    const before = await bookCount();
    const started = Date.now();
    const res = await upload(admin, FIELDS, [{ name: 'pdf_file', filename: 'huge.pdf', content: huge, type: 'application/pdf' }, TEXT]);
    // Read on the request's thread it took minutes (issue 27); refused once the document opens.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.pdf_file).toEqual([BOOK_SERVER_MESSAGES.pdfTooManyPages(DEFAULT_PDF_READ_LIMITS.maxPages)]);
    expect(await bookCount()).toBe(before);
  }, 60_000);

  it('answers other requests at once while a big book is read, on a thread of its own', async () => {
    // Many pages full of text: seconds of pdf.js work, which on the request's thread held every answer.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const line = 'The fox looked up at the grapes hanging high above him on the vine. '.repeat(2);
    for (let n = 0; n < 40; n++) {
      const page = doc.addPage([600, 800]);
      for (let y = 20; y < 780; y += 20) page.drawText(line, { x: 10, y, size: 6, font });
    }
    const big = Buffer.from(await doc.save());
    expect(big.length).toBeLessThan(PDF_MAX);
    let done = false;
    const started = performance.now();
    const reading = upload(admin, FIELDS, [{ name: 'pdf_file', filename: 'big.pdf', content: big, type: 'application/pdf' }, TEXT]).finally(
      () => (done = true),
    );
    const waits: number[] = [];
    while (!done) {
      const asked = performance.now();
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      waits.push(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await reading;
    const readingMs = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().book).toMatchObject({ title: FIELDS.title });
    // Relative, not a fixed time: on the request's thread the longest wait was the whole parse; off it, the
    // health check keeps answering all along (a busy machine slows both alike).
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(readingMs / 3);
  }, 120_000);

  it('refuses what is not a multipart form, and a malformed one', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/api/admin/books', payload: FIELDS, headers: { cookie: admin.cookie } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe(UPLOAD_MESSAGES.notMultipart);
    const cut = multipartBody(FIELDS, [await pdfFile(), TEXT]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/books',
      payload: cut.payload.subarray(0, cut.payload.length - 400),
      headers: { ...cut.headers, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(UPLOAD_MESSAGES.malformed);
    const noBoundary = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/books',
      payload: 'hello',
      headers: { 'content-type': 'multipart/form-data', cookie: admin.cookie },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect((await storedFiles()).incoming).toEqual([]);
  });
});

describe('a book’s text for AI narration (issue 27)', () => {
  const put = (who: Who, id: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/books/${id}/narration-text`, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });

  it('is entered by the site admin on upload or later, shown only to site admins, and cleared when emptied', async () => {
    const res = await upload(admin, { ...FIELDS, narration_text: '  The fox saw grapes.\n---\nThey were sour.  ' }, [await pdfFile(['']), TEXT]);
    expect(res.statusCode, res.body).toBe(201);
    const book = res.json().book;
    expect(book.narration_text).toBe('The fox saw grapes.\n---\nThey were sour.');
    expect((await get(`/api/books/${book.id}`, parent)).json().book.narration_text).toBeNull();

    const edited = await put(admin, book.id, { narration_text: 'A new text.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().book.narration_text).toBe('A new text.');
    expect((await get(`/api/books/${book.id}`, admin)).json().book.narration_text).toBe('A new text.');
    expect((await put(admin, book.id, { narration_text: '   ' })).json().book.narration_text).toBeNull();

    expect((await put(parent, book.id, { narration_text: 'Send me your card number.' })).statusCode).toBe(403);
    expect((await put(gran, book.id, { narration_text: 'x' })).statusCode).toBe(403);
    expect((await put(undefined, book.id, { narration_text: 'x' })).statusCode).toBe(401);
    expect((await put(admin, crypto.randomUUID(), { narration_text: 'x' })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(booksTable).where(eq(booksTable.id, book.id));
    expect(row!.narrationText).toBeNull();
  });

  it('refuses control characters and an over-long text, on upload and edit, and stores nothing', async () => {
    const before = (await get('/api/admin/books?per_page=100', admin)).json().pagination.total_books;
    for (const [field, value] of [
      ['title', 'The Fox\u0000'],
      ['author', 'Ae\u001bsop'],
      ['description', 'A fox\u0007'],
      ['narration_text', 'The fox\u0000 saw grapes.'],
      ['narration_text', 'x'.repeat(100_001)],
    ] as const) {
      const res = await upload(admin, { ...FIELDS, [field]: value }, [await pdfFile(), TEXT]);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors[field]).toEqual([value.length > 100_000 ? VALIDATION.tooLong(100_000) : VALIDATION.controlCharacters]);
    }
    expect((await get('/api/admin/books?per_page=100', admin)).json().pagination.total_books).toBe(before);
    // Line breaks and tabs are text.
    expect((await upload(admin, { ...FIELDS, description: 'Line one\r\n\tLine two' }, [await pdfFile(), TEXT])).statusCode).toBe(201);

    const book = await ctx.newBook({}, admin);
    const bad = await put(admin, book.id, { narration_text: 'Sour\u0000 grapes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.narration_text).toEqual([VALIDATION.controlCharacters]);
  });
});

describe('a locked premium book (issue 22)', () => {
  /** Three pages, each filled with its own colour: red, green, blue. */
  async function colouredPdf() {
    const doc = await PDFDocument.create();
    for (const color of [rgb(1, 0, 0), rgb(0, 1, 0), rgb(0, 0, 1)]) doc.addPage([400, 300]).drawRectangle({ x: 0, y: 0, width: 400, height: 300, color });
    return Buffer.from(await doc.save());
  }
  /** Polls the book until its first-page preview is drawn by the cover job. */
  async function waitForPreview(id: string, who: Who) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const book = (await get(`/api/books/${id}`, who)).json().book;
      if (book.preview_url) return book;
      if (Date.now() > deadline) throw new Error(`book ${id} has no preview`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('shows its first page alone, not its other pages, until it is unlocked', async () => {
    const res = await upload(admin, { ...FIELDS, title: 'Locked Pages', is_premium: 'true', token_cost: '2' }, [
      { name: 'pdf_file', filename: 'story.pdf', content: await colouredPdf(), type: 'application/pdf' },
      TEXT,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().book.id as string;
    const locked = await waitForPreview(id, parent);
    expect(locked).toMatchObject({ pdf_url: null, is_unlocked: false, page_count: 3 });
    expect(locked.preview_url).toMatch(new RegExp(`^/api/media/books/${id}/preview\\.webp\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect((await get(`/api/books/${id}`, gran)).json().book).toMatchObject({ pdf_url: null, preview_url: expect.any(String) });

    // An image of the first page (red), PREVIEW_WIDTH wide at the page's shape: no PDF, no other page.
    const preview = await get(locked.preview_url, parent);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(preview.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const img = await loadImage(preview.rawPayload);
    expect({ width: img.width, height: img.height }).toEqual({ width: PREVIEW_WIDTH, height: (PREVIEW_WIDTH * 3) / 4 });
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    const [r, g, b] = canvas.getContext('2d').getImageData(img.width / 2, img.height / 2, 1, 1).data;
    expect({ r: r! > 200, g: g! < 60, b: b! < 60 }).toEqual({ r: true, g: true, b: true });
    // Nothing else of the book is stored for it: the PDF, its credits and the cover job's images.
    expect((await storedFiles()).books.filter((f) => f.startsWith(path.join('books', id))).sort()).toEqual(
      ['attribution.txt', 'book.pdf', 'cover.webp', 'preview.webp', 'thumbnail.webp'].map((f) => path.join('books', id, f)),
    );

    // Lists carry no preview; whoever can read the pages gets them instead.
    expect(
      ((await get('/api/premium-books?per_page=100', parent)).json().books as { id: string; pdf_url: string | null; preview_url: string | null }[]).find(
        (b) => b.id === id,
      ),
    ).toMatchObject({ pdf_url: null, preview_url: null });
    expect((await get(`/api/books/${id}`, admin)).json().book).toMatchObject({ pdf_url: expect.any(String), preview_url: null });
  });
});

describe('admin calls', () => {
  it('are refused to parents and grandparents (403) and to anonymous callers (401)', async () => {
    const book = await ctx.newBook();
    const before = await bookCount();
    const calls = async (who: Who) => [
      await get('/api/admin/books', who),
      await upload(who, FIELDS, [await pdfFile(), TEXT]),
      await del(`/api/admin/books/${book.id}`, who),
    ];
    for (const who of [parent, gran]) {
      for (const res of await calls(who)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe(BOOK_SERVER_MESSAGES.onlySiteAdmins);
      }
    }
    for (const res of await calls(undefined)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(SERVER_MESSAGES.notSignedIn);
    }
    expect(await bookCount()).toBe(before);
    expect((await get(`/api/books/${book.id}`, parent)).statusCode).toBe(200);
  });

  it('lists every book, premium and regular, newest first', async () => {
    const older = await ctx.newBook({ title: 'Admin Older' });
    ctx.clock.advance(1000);
    const newer = await ctx.newBook({ title: 'Admin Newer', is_premium: 'true', token_cost: '5' });
    const res = await get('/api/admin/books?per_page=100', admin);
    expect(res.statusCode).toBe(200);
    const ids = res.json().books.map((b: { id: string }) => b.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.json().books.find((b: { id: string }) => b.id === newer.id)).toMatchObject({ is_premium: true, token_cost: 5 });
    expect(res.json().pagination).toMatchObject({ page: 1, per_page: 100, total_books: ids.length });
  });

  it('deletes a book with its pages and files; its links stop working', async () => {
    const book = await ctx.newBook({ pages: ['one', 'two'] });
    expect((await get(book.pdf_url, parent)).statusCode).toBe(200);
    // Its cover drawn first, so no cover job writes files while the folder is looked at.
    for (let tries = 0; !(await get(`/api/books/${book.id}`, parent)).json().book.cover_url; tries++) {
      if (tries > 600) throw new Error('no cover');
      await new Promise((r) => setTimeout(r, 100));
    }
    // A locked book's first page cut out as a PDF, kept under this key before the cover job drew previews.
    const storage = createLocalStorage({ root: path.join(ctx.dataDir, 'media'), links: createMediaLinks({ secret: 'unused', clock: ctx.clock }) });
    await storage.put(`books/${book.id}/first-page.pdf`, Readable.from([await makePdf(['one'])]));
    expect((await storedFiles()).books).toContain(path.join('books', book.id, 'first-page.pdf'));
    const res = await del(`/api/admin/books/${book.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await get(`/api/books/${book.id}`, parent)).statusCode).toBe(404);
    expect(await ctx.db.select().from(bookPages).where(eq(bookPages.bookId, book.id))).toEqual([]);
    expect((await storedFiles()).books.filter((f) => f.startsWith(path.join('books', book.id)))).toEqual([]);
    const link = await get(book.pdf_url, parent);
    expect(link.statusCode).toBe(404);
    expect(link.json().error).toBe(MEDIA_MESSAGES.fileNotFound);
    const twice = await del(`/api/admin/books/${book.id}`, admin);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe(BOOK_SERVER_MESSAGES.bookNotFound);
    expect((await del('/api/admin/books/not-a-uuid', admin)).statusCode).toBe(400);
  });
});

describe('the library', () => {
  it('needs a signed-in user', async () => {
    for (const url of ['/api/books', '/api/premium-books', '/api/books/00000000-0000-4000-8000-000000000000']) {
      const res = await get(url, undefined);
      expect(res.statusCode).toBe(401);
    }
    const missing = await get('/api/books/00000000-0000-4000-8000-000000000000', parent);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BOOK_SERVER_MESSAGES.bookNotFound);
  });

  it('pages through the list: empty, exactly one page, the last page, past the end', async () => {
    const tag = `Paging-${crypto.randomUUID().slice(0, 8)}`;
    const page = async (query: string) => (await get(`/api/books?q=${tag}&${query}`, parent)).json();

    expect(await page('')).toEqual({
      books: [],
      pagination: { page: 1, per_page: 15, total_pages: 0, total_books: 0, has_next: false, has_prev: false },
    });

    await insertBooks(tag, 15);
    const one = await page('');
    expect(one.books).toHaveLength(15);
    expect(one.pagination).toEqual({ page: 1, per_page: 15, total_pages: 1, total_books: 15, has_next: false, has_prev: false });
    // By title.
    expect(one.books.map((b: { title: string }) => b.title)).toEqual(Array.from({ length: 15 }, (_, i) => `${tag} ${String(i + 1).padStart(3, '0')}`));

    await insertBooks(`${tag} z`, 1);
    const first = await page('page=1');
    expect(first.pagination).toMatchObject({ total_pages: 2, total_books: 16, has_next: true, has_prev: false });
    const last = await page('page=2');
    expect(last.books.map((b: { title: string }) => b.title)).toEqual([`${tag} z 001`]);
    expect(last.pagination).toEqual({ page: 2, per_page: 15, total_pages: 2, total_books: 16, has_next: false, has_prev: true });

    const bigPages = await page('per_page=25');
    expect(bigPages.books).toHaveLength(16);
    expect(bigPages.pagination).toMatchObject({ per_page: 25, total_pages: 1 });
    const hundred = await page('per_page=100');
    expect(hundred.pagination.per_page).toBe(100);

    const past = await page('page=9');
    expect(past).toEqual({ books: [], pagination: { page: 9, per_page: 15, total_pages: 2, total_books: 16, has_next: false, has_prev: true } });
  });

  it.each([
    ['per_page=101', 'per_page', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['per_page=0', 'per_page', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['per_page=ten', 'per_page', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['page=0', 'page', BOOK_SERVER_MESSAGES.pageInvalid],
    ['page=-2', 'page', BOOK_SERVER_MESSAGES.pageInvalid],
  ])('refuses %s with 400', async (query, field, message) => {
    for (const url of ['/api/books', '/api/premium-books', '/api/admin/books']) {
      const res = await get(`${url}?${query}`, url.includes('admin') ? admin : parent);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, code: 'invalid_input', errors: { [field]: [message] } });
    }
  });

  it('finds books by title, author or the text of their pages', async () => {
    const word = `zq${crypto.randomUUID().slice(0, 6)}`;
    const byTitle = await ctx.newBook({ title: `The ${word} Tale` });
    const byAuthor = await ctx.newBook({ author: `Anna ${word.toUpperCase()}` });
    const byText = await ctx.newBook({ pages: ['Nothing here.', `And then the ${word} sang.`] });
    await ctx.newBook({ title: 'Unrelated' });
    const found = (await get(`/api/books?q=${word}`, parent)).json();
    expect(found.books.map((b: { id: string }) => b.id).sort()).toEqual([byTitle.id, byAuthor.id, byText.id].sort());
    expect(found.pagination.total_books).toBe(3);
    // Wildcards are searched for literally.
    expect((await get('/api/books?q=%25%25%25', parent)).json().books).toEqual([]);
    expect((await get(`/api/books?q=${'x'.repeat(101)}`, parent)).statusCode).toBe(400);
  });

  it('keeps premium books in the premium library, locked, with their token cost', async () => {
    const tag = `Prem-${crypto.randomUUID().slice(0, 8)}`;
    const premium = await ctx.newBook({ title: `${tag} Gold`, is_premium: 'true', token_cost: '2' });
    const regular = await ctx.newBook({ title: `${tag} Plain` });
    for (const who of [parent, gran]) {
      const lib = (await get(`/api/books?q=${tag}`, who)).json();
      expect(lib.books.map((b: { id: string }) => b.id)).toEqual([regular.id]);
      expect(lib.books[0]).toMatchObject({ is_premium: false, is_unlocked: true, token_cost: 0 });
      const prem = (await get(`/api/premium-books?q=${tag}&page=1&per_page=15`, who)).json();
      expect(prem.books.map((b: { id: string }) => b.id)).toEqual([premium.id]);
      expect(prem.books[0]).toMatchObject({ is_premium: true, is_unlocked: false, token_cost: 2 });
      expect(prem.pagination).toEqual({ page: 1, per_page: 15, total_pages: 1, total_books: 1, has_next: false, has_prev: false });
      const detail = await get(`/api/books/${premium.id}?premium=true`, who);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().book).toMatchObject({ id: premium.id, is_unlocked: false, token_cost: 2 });
    }
  });
});

describe('signed links to book files', () => {
  let book: Awaited<ReturnType<TestContext['newBook']>>;
  beforeAll(async () => {
    book = await ctx.newBook({ pages: ['Page one', 'Page two', 'Page three'] });
  });

  it('serve byte ranges (206) for pdf.js and players', async () => {
    const whole = await get(book.pdf_url, parent);
    const size = whole.rawPayload.length;
    expect(Number(whole.headers['content-length'])).toBe(size);

    const head = await get(book.pdf_url, parent, { range: 'bytes=0-4' });
    expect(head.statusCode).toBe(206);
    expect(head.body).toBe('%PDF-');
    expect(head.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect(head.headers['content-length']).toBe('5');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-type']).toBe('application/pdf');

    const tail = await get(book.pdf_url, parent, { range: 'bytes=-6' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 6));
    const open = await get(book.pdf_url, parent, { range: `bytes=${size - 3}-` });
    expect(open.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    const clipped = await get(book.pdf_url, parent, { range: `bytes=10-${size + 500}` });
    expect(clipped.rawPayload).toEqual(whole.rawPayload.subarray(10));

    const beyond = await get(book.pdf_url, parent, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json().error).toBe(MEDIA_MESSAGES.rangeNotSatisfiable);
    // A header that does not parse is ignored: the whole file.
    expect((await get(book.pdf_url, parent, { range: 'pages=1-2' })).statusCode).toBe(200);
  });

  it('send ETag and Last-Modified, honour If-Range, and answer 304 to a copy that is still current', async () => {
    const whole = await get(book.pdf_url, parent);
    const etag = whole.headers.etag as string;
    const modified = whole.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(modified).getTime()).not.toBeNaN();

    // The range is sent only while the copy the client holds part of is current.
    for (const current of [etag, modified]) {
      const res = await get(book.pdf_url, parent, { range: 'bytes=0-4', 'if-range': current });
      expect(res.statusCode, current).toBe(206);
      expect(res.body).toBe('%PDF-');
    }
    for (const stale of ['"another-version"', 'Mon, 01 Jan 2001 00:00:00 GMT']) {
      const res = await get(book.pdf_url, parent, { range: 'bytes=0-4', 'if-range': stale });
      expect(res.statusCode, stale).toBe(200);
      expect(res.rawPayload).toEqual(whole.rawPayload);
    }

    for (const headers of [{ 'if-none-match': etag }, { 'if-none-match': `"x", ${etag}` }, { 'if-modified-since': modified }] as Record<string, string>[]) {
      const res = await get(book.pdf_url, parent, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(book.pdf_url, parent, { 'if-none-match': '"another-version"' })).statusCode).toBe(200);
    expect((await get(book.pdf_url, parent, { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).statusCode).toBe(200);
  });

  it('refuse a tampered, foreign or expired link with 403', async () => {
    const url = new URL(book.pdf_url, 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const otherKey = book.attribution_url.split('?')[0];
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    for (const bad of [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      `${url.pathname}?exp=${Number(exp) + 600}&sig=${sig}`,
      `${otherKey}?exp=${exp}&sig=${sig}`,
      `${url.pathname}?exp=${exp}`,
      url.pathname,
    ]) {
      const res = await get(bad, parent);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().error).toBe(MEDIA_MESSAGES.linkInvalid);
    }
    // A path climbing out of the media folder never reaches the media route.
    for (const climb of ['../../etc/passwd', '%2E%2E/%2E%2E/etc/passwd', '..%2F..%2Fetc%2Fpasswd']) {
      expect([403, 404]).toContain((await get(`/api/media/books/${climb}?exp=${exp}&sig=${sig}`, parent)).statusCode);
    }
    // The link alone is the permission (players and pdf.js fetch without asking the session).
    expect((await get(book.pdf_url, undefined)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60 * 60 * 1000);
    const expired = await get(book.pdf_url, parent);
    expect(expired.statusCode).toBe(403);
    // A fresh listing hands out fresh links.
    const fresh = (await get(`/api/books/${book.id}`, parent)).json().book;
    expect((await get(fresh.pdf_url, parent)).statusCode).toBe(200);
  });

  it('are honoured by every app instance on the same database (shared secret)', async () => {
    const second = await ctx.anotherInstance();
    try {
      const fresh = (await get(`/api/books/${book.id}`, parent)).json().book;
      const res = await second.inject({ method: 'GET', url: fresh.pdf_url, headers: { range: 'bytes=0-4' } });
      expect(res.statusCode).toBe(206);
      expect(res.body).toBe('%PDF-');
    } finally {
      await second.close();
    }
  });
});

describe('the starter catalogue', () => {
  it('is seeded at start from its files: at least 8 stories with covers, pages and attributions, 2+ premium; seeding again adds nothing', async () => {
    const catalogue = await readStarterCatalogue();
    const seeded = await createTestContext({ starterBooks: true });
    try {
      const user = await seeded.newUser();
      const regular = (await seeded.app.inject({ method: 'GET', url: '/api/books?per_page=100', headers: { cookie: user.cookie } })).json();
      const premium = (await seeded.app.inject({ method: 'GET', url: '/api/premium-books', headers: { cookie: user.cookie } })).json();
      expect(regular.pagination.total_books + premium.pagination.total_books).toBe(catalogue.length);
      expect(catalogue.length).toBeGreaterThanOrEqual(8);
      expect(premium.books.length).toBeGreaterThanOrEqual(2);
      for (const b of premium.books) expect(b.token_cost).toBeGreaterThanOrEqual(1);
      expect(regular.books.map((b: { title: string }) => b.title)).toEqual(
        expect.arrayContaining([
          'The Little Red Hen',
          'The Three Little Pigs',
          'Goldilocks and the Three Bears',
          'The Tortoise and the Hare',
          'The Ugly Duckling',
        ]),
      );

      const hen = regular.books.find((b: { title: string }) => b.title === 'The Little Red Hen');
      expect(hen.page_count).toBeGreaterThanOrEqual(6);
      const pdf = await seeded.app.inject({ method: 'GET', url: hen.pdf_url });
      expect(pdf.statusCode).toBe(200);
      const texts = await extractPdfText(pdf.rawPayload);
      expect(texts).toHaveLength(hen.page_count);
      expect(texts[0]).toContain('The Little Red Hen');
      expect(texts.join(' ')).toContain('Who will help me plant this wheat?');
      const attribution = await seeded.app.inject({ method: 'GET', url: hen.attribution_url });
      expect(attribution.body).toContain('public domain');
      expect(attribution.body).toContain('retold by Family Story Time');
      // Covers come with the files (no cover job to wait for), the first page's size and the pages' text with the row.
      for (const b of [...regular.books, ...premium.books]) {
        expect(b.first_page_size, b.title).toEqual(catalogue.find((c) => c.title === b.title)!.firstPageSize);
        for (const url of [b.cover_url, b.thumbnail_url]) {
          const image = await seeded.app.inject({ method: 'GET', url });
          expect(image.statusCode).toBe(200);
          expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
        }
      }
      // So does a premium book's first-page preview, for a user who has not unlocked it.
      for (const b of premium.books) {
        const { book } = (await seeded.app.inject({ method: 'GET', url: `/api/books/${b.id}`, headers: { cookie: user.cookie } })).json();
        expect(book).toMatchObject({ pdf_url: null, preview_url: expect.any(String) });
        const image = await seeded.app.inject({ method: 'GET', url: book.preview_url });
        expect((await loadImage(image.rawPayload)).width).toBe(PREVIEW_WIDTH);
      }
      const henPages = await seeded.db.select().from(bookPages).where(eq(bookPages.bookId, hen.id)).orderBy(bookPages.pageNumber);
      expect(henPages.map((p) => p.text)).toEqual(catalogue.find((b) => b.slug === 'the-little-red-hen')!.pages);

      // Another start (or another instance) on the same database adds nothing.
      const repo = createBooksRepository(seeded.db);
      const count = async () => (await seeded.db.select().from(booksTable)).length;
      const before = await count();
      const again = await seeded.anotherInstance({ starterBooks: true });
      await again.close();
      expect(await count()).toBe(before);

      // A starter book an admin deleted stays deleted.
      const admin2 = await seeded.newAdmin();
      expect((await seeded.app.inject({ method: 'DELETE', url: `/api/admin/books/${hen.id}`, headers: { cookie: admin2.cookie } })).statusCode).toBe(200);
      const once = await seeded.anotherInstance({ starterBooks: true });
      await once.close();
      expect(await count()).toBe(before - 1);
      expect(await repo.seededSlugs(['the-little-red-hen'])).toEqual(new Set(['the-little-red-hen']));
    } finally {
      await seeded.close();
    }
  });

  it('two starts racing each other seed every story once', async () => {
    // Three books of the catalogue under slugs of their own, so the test's database has none of them yet.
    const assetsDir = await mkdtemp(path.join(os.tmpdir(), 'fst-starter-'));
    const books = (await readStarterCatalogue()).slice(0, 3).map((b) => ({ ...b, slug: `race-${b.slug}` }));
    for (const b of books) await cp(path.join(STARTER_ASSETS_DIR, b.slug.slice('race-'.length)), path.join(assetsDir, b.slug), { recursive: true });
    await writeFile(path.join(assetsDir, 'catalogue.json'), JSON.stringify({ books }));
    const repo = createBooksRepository(ctx.db);
    const storage = createLocalStorage({ root: path.join(ctx.dataDir, 'race-media'), links: createMediaLinks({ secret: 's', clock: ctx.clock }) });
    const before = await bookCount();
    const added = await Promise.all([seedStarterBooks({ books: repo, storage, assetsDir }), seedStarterBooks({ books: repo, storage, assetsDir })]);
    expect(added[0]! + added[1]!).toBe(3);
    expect(await bookCount()).toBe(before + 3);
    expect(await seedStarterBooks({ books: repo, storage, assetsDir })).toBe(0);
    expect(await bookCount()).toBe(before + 3);
  });
});
