import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BOOKS } from '../../../scripts/starter-books/stories.ts';
import { renderPdfCover } from '../../platform/pdf/pdf-cover.ts';
import { readStarterCatalogue, STARTER_ASSETS_DIR, STARTER_FILES, STARTER_PREVIEW_FILE } from './starter-books.ts';

describe('the committed starter books', () => {
  it('are the stories of scripts/starter-books, each with its four files (and a premium one its preview)', async () => {
    const catalogue = await readStarterCatalogue();
    // A story changed without `npm run starter-books -w @fst/server` shows here.
    expect(catalogue.map((b) => b.slug)).toEqual(SAMPLE_BOOKS.map((s) => s.slug));
    for (const [i, book] of catalogue.entries()) {
      const story = SAMPLE_BOOKS[i]!;
      expect(book).toMatchObject({ title: story.title, author: story.author, description: story.description, isPremium: story.isPremium });
      expect(book.pages.slice(1)).toEqual(story.pages.map((p) => p.text));
      for (const file of Object.values(STARTER_FILES)) expect((await stat(path.join(STARTER_ASSETS_DIR, book.slug, file))).size).toBeGreaterThan(0);
      const preview = await stat(path.join(STARTER_ASSETS_DIR, book.slug, STARTER_PREVIEW_FILE)).catch(() => null);
      expect(Boolean(preview?.size), book.slug).toBe(book.isPremium);
    }
  });

  it("say each first page's size as the cover job reads it from their PDF", async () => {
    for (const book of await readStarterCatalogue()) {
      const pdf = await readFile(path.join(STARTER_ASSETS_DIR, book.slug, STARTER_FILES.pdf));
      expect(book.firstPageSize, book.slug).toEqual((await renderPdfCover(new Uint8Array(pdf))).pageSize);
    }
  });

  it('stay under 3 MB together', async () => {
    const files = await readdir(STARTER_ASSETS_DIR, { recursive: true, withFileTypes: true });
    const sizes = await Promise.all(files.filter((f) => f.isFile()).map(async (f) => (await stat(path.join(f.parentPath, f.name))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(3 * 1024 * 1024);
  });
});
