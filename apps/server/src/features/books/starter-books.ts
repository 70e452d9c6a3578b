import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Storage } from '../../platform/storage/storage.ts';
import type { BooksRepository } from './books.repository.ts';
import { ownThread } from '../../platform/thread.ts';
import type { PictureBook } from './picture-book.ts';
import { attributionText, SAMPLE_BOOKS, type SampleBook } from './sample-books.ts';

/** Where a starter book's files live: the same keys on every instance, so two starts write the same files. */
export const starterKeys = (slug: string) => ({ pdf: `books/starter/${slug}/${slug}.pdf`, attribution: `books/starter/${slug}/attribution.txt` });

/**
 * Adds the starter catalogue (decisions.md: a new install is useful at once). Idempotent: each story is
 * seeded once per database, whatever the number of restarts or instances; one an admin deleted stays
 * deleted. Answers how many books were added.
 */
export async function seedStarterBooks(deps: {
  books: Pick<BooksRepository, 'seededSlugs' | 'insertStarter'>;
  storage: Storage;
  samples?: readonly SampleBook[];
}): Promise<number> {
  const samples = deps.samples ?? SAMPLE_BOOKS;
  const seeded = await deps.books.seededSlugs(samples.map((s) => s.slug));
  const missing = samples.filter((sample) => !seeded.has(sample.slug));
  if (missing.length === 0) return 0;
  // Drawn on a thread of their own (render-thread.mjs), ended once the books are in: pdf-lib's garbage never
  // reaches the heap that answers requests.
  const drawing = ownThread<PictureBook, { pdf: Uint8Array; pages: string[] }>(new URL('./render-thread.mjs', import.meta.url));
  let added = 0;
  try {
    for (const sample of missing) {
      const { pdf, pages } = await drawing.run(sample);
      const keys = starterKeys(sample.slug);
      await deps.storage.put(keys.pdf, Readable.from([Buffer.from(pdf)]));
      await deps.storage.put(keys.attribution, Readable.from([Buffer.from(attributionText(sample), 'utf8')]));
      // Another instance may have won meanwhile: its row stays, and the files it points at are the same.
      const inserted = await deps.books.insertStarter(
        sample.slug,
        {
          id: randomUUID(),
          title: sample.title,
          author: sample.author,
          description: sample.description,
          pdfKey: keys.pdf,
          attributionKey: keys.attribution,
          isPremium: sample.isPremium,
          tokenCost: sample.isPremium ? sample.tokenCost : 0,
          pageCount: pages.length,
        },
        pages,
      );
      if (inserted) added += 1;
    }
  } finally {
    await drawing.close();
  }
  return added;
}
