// `npm run starter-books -w @fst/server`: draws the starter catalogue (stories.ts, with pdf-lib) once, into
// assets/starter-books, which is committed; the server's first start only copies those files and inserts rows
// (src/features/books/starter-books.ts). Run it after changing a story, and commit what it writes.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderPdfCover } from '../../src/platform/pdf/pdf-cover.ts';
import { STARTER_ASSETS_DIR, STARTER_FILES, STARTER_PREVIEW_FILE, type StarterCatalogue } from '../../src/features/books/starter-books.ts';
import { renderPictureBook } from './picture-book.ts';
import { attributionText, SAMPLE_BOOKS } from './stories.ts';

/** The committed files stay small: the repository carries them, and every install copies them. */
const BUDGET_BYTES = 3 * 1024 * 1024;

const out = STARTER_ASSETS_DIR;
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const catalogue: StarterCatalogue = { books: [] };
let total = 0;
const write = async (file: string, data: Uint8Array | string) => {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  total += (await stat(file)).size;
};
for (const book of SAMPLE_BOOKS) {
  const { pdf, pages } = await renderPictureBook(book);
  const { cover, thumbnail, preview, pageSize } = await renderPdfCover(pdf, { preview: book.isPremium });
  const dir = path.join(out, book.slug);
  await write(path.join(dir, STARTER_FILES.pdf), pdf);
  await write(path.join(dir, STARTER_FILES.attribution), attributionText(book));
  await write(path.join(dir, STARTER_FILES.cover), cover);
  await write(path.join(dir, STARTER_FILES.thumbnail), thumbnail);
  if (preview) await write(path.join(dir, STARTER_PREVIEW_FILE), preview);
  catalogue.books.push({
    slug: book.slug,
    title: book.title,
    author: book.author,
    description: book.description,
    isPremium: book.isPremium,
    tokenCost: book.isPremium ? book.tokenCost : 0,
    pages,
    firstPageSize: pageSize,
  });
}
await write(path.join(out, 'catalogue.json'), JSON.stringify(catalogue, null, 2) + '\n');
await write(
  path.join(out, 'LICENCE.md'),
  [
    '# Starter books',
    '',
    'Traditional tales in the public domain, retold in our own words and drawn by Family Story Time',
    "(apps/server/scripts/starter-books). Each book's folder has its `attribution.txt`, which the app shows",
    'with the book.',
    '',
    'The retellings, pictures, PDFs and cover images in this folder may be read aloud, recorded, copied and',
    'shared freely.',
    '',
  ].join('\n'),
);
console.log(`${SAMPLE_BOOKS.length} books, ${(total / 1024).toFixed(0)} KiB in ${path.relative(process.cwd(), out)}`);
if (total > BUDGET_BYTES) throw new Error(`the starter books take ${total} bytes, over the budget of ${BUDGET_BYTES}`);
