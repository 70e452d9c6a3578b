import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOK_ATTRIBUTION_MAX_BYTES, BOOK_PDF_MAX_BYTES } from '@fst/shared/books/books.rules';
import { BOOK_SERVER_MESSAGES, MEDIA_MESSAGES, SERVER_MESSAGES, UPLOAD_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createTestContext, makePdf, multipartBody, type FormFile, type TestContext } from '../../../test/context.ts';
import { extractPdfText } from '../../platform/pdf/pdf-text.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import { createMediaLinks } from '../../platform/storage/media-links.ts';
import { createBooksRepository } from './books.repository.ts';
import { bookPages, books as booksTable } from './books.table.ts';
import { SAMPLE_BOOKS } from './sample-books.ts';
import { seedStarterBooks } from './starter-books.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<TestContext['newAdmin']>>;
let parent: Awaited<ReturnType<TestContext['newUser']>>;
let gran: Awaited<ReturnType<TestContext['newUser']>>;
beforeAll(async () => {
  ctx = await createTestContext();
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
  return ctx.app.inject({ method: 'POST', url: '/api/admin/books', payload: body.payload, headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) } });
};

const TEXT = { name: 'attribution_file', filename: 'source.txt', content: 'Aesop, public domain.\n', type: 'text/plain' } satisfies FormFile;
const pdfFile = async (pages?: string[], filename = 'story.pdf'): Promise<FormFile> => ({ name: 'pdf_file', filename, content: await makePdf(pages), type: 'application/pdf' });
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
      ['an empty PDF input', async () => ({ fields: FIELDS, files: [{ name: 'pdf_file', filename: '', content: '' }, TEXT] }), 400, VALIDATION.fillRequiredFields, 'pdf_file'],
      ['no attribution', async () => ({ fields: FIELDS, files: [await pdfFile()] }), 400, VALIDATION.fillRequiredFields, 'attribution_file'],
      ['a .txt as the PDF', async () => ({ fields: FIELDS, files: [{ ...TEXT, name: 'pdf_file' }, TEXT] }), 400, VALIDATION.selectPdf, 'pdf_file'],
      ['a PDF as the attribution', async () => ({ fields: FIELDS, files: [await pdfFile(), { ...(await pdfFile()), name: 'attribution_file' }] }), 400, VALIDATION.selectTxt, 'attribution_file'],
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
          const big = Buffer.alloc(BOOK_PDF_MAX_BYTES + 1024, 0x20);
          big.write('%PDF-1.7\n');
          return { fields: FIELDS, files: [TEXT, { name: 'pdf_file', filename: 'huge.pdf', content: big }] };
        },
        413,
        BOOK_SERVER_MESSAGES.pdfTooLarge(50),
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
      const { books, incoming } = await storedFiles();
      expect(incoming).toEqual([]);
      // Every file left belongs to a book that exists.
      const keys = new Set((await ctx.db.select().from(booksTable)).flatMap((r) => [r.pdfKey, r.attributionKey]));
      expect(books.filter((f) => !keys.has(f))).toEqual([]);
    });
  });

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
    const res = await del(`/api/admin/books/${book.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await get(`/api/books/${book.id}`, parent)).statusCode).toBe(404);
    expect(await ctx.db.select().from(bookPages).where(eq(bookPages.bookId, book.id))).toEqual([]);
    expect((await storedFiles()).books.filter((f) => f.startsWith(book.id))).toEqual([]);
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
  it('is seeded at start: at least 8 illustrated stories with attributions, 2+ premium; seeding again adds nothing', async () => {
    const seeded = await createTestContext({ starterBooks: true });
    try {
      const user = await seeded.newUser();
      const regular = (await seeded.app.inject({ method: 'GET', url: '/api/books?per_page=100', headers: { cookie: user.cookie } })).json();
      const premium = (await seeded.app.inject({ method: 'GET', url: '/api/premium-books', headers: { cookie: user.cookie } })).json();
      expect(regular.pagination.total_books + premium.pagination.total_books).toBe(SAMPLE_BOOKS.length);
      expect(SAMPLE_BOOKS.length).toBeGreaterThanOrEqual(8);
      expect(premium.books.length).toBeGreaterThanOrEqual(2);
      for (const b of premium.books) expect(b.token_cost).toBeGreaterThanOrEqual(1);
      expect(regular.books.map((b: { title: string }) => b.title)).toEqual(
        expect.arrayContaining(['The Little Red Hen', 'The Three Little Pigs', 'Goldilocks and the Three Bears', 'The Tortoise and the Hare', 'The Ugly Duckling']),
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
    const repo = createBooksRepository(ctx.db);
    const storage = createLocalStorage({ root: path.join(ctx.dataDir, 'race-media'), links: createMediaLinks({ secret: 's', clock: ctx.clock }) });
    const samples = SAMPLE_BOOKS.slice(0, 3).map((s) => ({ ...s, slug: `race-${s.slug}` }));
    const before = await bookCount();
    const added = await Promise.all([seedStarterBooks({ books: repo, storage, samples }), seedStarterBooks({ books: repo, storage, samples })]);
    expect(added[0]! + added[1]!).toBe(3);
    expect(await bookCount()).toBe(before + 3);
    expect(await seedStarterBooks({ books: repo, storage, samples })).toBe(0);
    expect(await bookCount()).toBe(before + 3);
  });
});
