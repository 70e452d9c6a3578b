import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Storage } from '../../platform/storage/storage.ts';
import type { BooksRepository } from './books.repository.ts';

/**
 * The starter catalogue's files, drawn once by scripts/starter-books/generate.ts and committed: catalogue.json
 * and a folder per book. The same place from src/ and from the compiled dist/ (both three folders down).
 */
export const STARTER_ASSETS_DIR = fileURLToPath(new URL('../../../assets/starter-books/', import.meta.url));
export const STARTER_FILES = { pdf: 'book.pdf', attribution: 'attribution.txt', cover: 'cover.webp', thumbnail: 'thumbnail.webp' } as const;
/** A premium book's first page drawn larger, for users who have not unlocked it (premium books only). */
export const STARTER_PREVIEW_FILE = 'preview.webp';

const starterBook = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  author: z.string().min(1),
  description: z.string(),
  isPremium: z.boolean(),
  tokenCost: z.number().int().min(0),
  /** The text of each page as printed, cover first: what narration reads. */
  pages: z.array(z.string()).min(1),
  /** The first page's size in points, as the cover job reads it for an uploaded book. */
  firstPageSize: z.object({ width: z.number().positive(), height: z.number().positive() }),
});
const starterCatalogue = z.object({ books: z.array(starterBook) });
export type StarterBook = z.infer<typeof starterBook>;
export type StarterCatalogue = z.infer<typeof starterCatalogue>;

/** The committed catalogue (in `dir`, the assets folder unless a test names another). */
export async function readStarterCatalogue(dir = STARTER_ASSETS_DIR): Promise<StarterBook[]> {
  return starterCatalogue.parse(JSON.parse(await readFile(path.join(dir, 'catalogue.json'), 'utf8'))).books;
}

/** Where a starter book's files are stored: the same keys on every instance, so two starts write the same files. */
export const starterKeys = (slug: string) => {
  const at = (file: string) => `books/starter/${slug}/${file}`;
  return {
    pdf: at(slug + '.pdf'),
    attribution: at(STARTER_FILES.attribution),
    cover: at(STARTER_FILES.cover),
    thumbnail: at(STARTER_FILES.thumbnail),
    preview: at(STARTER_PREVIEW_FILE),
  };
};

/**
 * Adds the starter catalogue (decisions.md: a new install is useful at once) by copying its committed files into
 * storage and inserting rows. Idempotent: each story is seeded once per database, whatever the number of
 * restarts or instances; one an admin deleted stays deleted. Answers how many books were added.
 */
export async function seedStarterBooks(deps: {
  books: Pick<BooksRepository, 'seededSlugs' | 'insertStarter'>;
  storage: Storage;
  /** The folder of catalogue.json and the books' files (default: the committed assets). */
  assetsDir?: string;
}): Promise<number> {
  const dir = deps.assetsDir ?? STARTER_ASSETS_DIR;
  const catalogue = await readStarterCatalogue(dir);
  const seeded = await deps.books.seededSlugs(catalogue.map((b) => b.slug));
  let added = 0;
  for (const book of catalogue.filter((b) => !seeded.has(b.slug))) {
    const keys = starterKeys(book.slug);
    const source = (file: string) => path.join(dir, book.slug, file);
    // The files before the row, so a row never points at a missing file. Another instance may be writing the
    // same keys meanwhile: the same bytes.
    await deps.storage.put(keys.pdf, createReadStream(source(STARTER_FILES.pdf)));
    await deps.storage.put(keys.attribution, createReadStream(source(STARTER_FILES.attribution)));
    await deps.storage.put(keys.cover, createReadStream(source(STARTER_FILES.cover)));
    await deps.storage.put(keys.thumbnail, createReadStream(source(STARTER_FILES.thumbnail)));
    if (book.isPremium) await deps.storage.put(keys.preview, createReadStream(source(STARTER_PREVIEW_FILE)));
    const inserted = await deps.books.insertStarter(
      book.slug,
      {
        id: randomUUID(),
        title: book.title,
        author: book.author,
        description: book.description,
        pdfKey: keys.pdf,
        attributionKey: keys.attribution,
        coverKey: keys.cover,
        thumbnailKey: keys.thumbnail,
        previewKey: book.isPremium ? keys.preview : null,
        isPremium: book.isPremium,
        tokenCost: book.isPremium ? book.tokenCost : 0,
        pageCount: book.pages.length,
        firstPageWidth: book.firstPageSize.width,
        firstPageHeight: book.firstPageSize.height,
      },
      book.pages,
    );
    if (inserted) added += 1;
  }
  return added;
}
