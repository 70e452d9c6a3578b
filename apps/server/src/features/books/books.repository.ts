import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookPages, books, starterBookSeeds } from './books.table.ts';

export type BookRow = typeof books.$inferSelect;
export type NewBook = typeof books.$inferInsert & { id: string };

export type BookFilter = {
  /** true: premium books only; false: the regular library; undefined: all (admin). */
  premium?: boolean;
  /** Matches title, author or page text, case-insensitively. */
  q?: string;
  /** Leaves these books out (a reader's unrecorded books). */
  excludeIds?: readonly string[];
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createBooksRepository(db: Db) {
  const where = (filter: BookFilter): SQL | undefined => {
    const conditions: SQL[] = [];
    if (filter.premium !== undefined) conditions.push(eq(books.isPremium, filter.premium));
    if (filter.excludeIds?.length) conditions.push(notInArray(books.id, [...filter.excludeIds]));
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(
        or(
          ilike(books.title, pattern),
          ilike(books.author, pattern),
          exists(
            db
              .select({ one: bookPages.pageNumber })
              .from(bookPages)
              .where(and(eq(bookPages.bookId, books.id), ilike(bookPages.text, pattern))),
          ),
        )!,
      );
    }
    return conditions.length ? and(...conditions) : undefined;
  };

  async function insertPages(tx: Pick<Db, 'insert'>, bookId: string, pages: string[]) {
    if (!pages.length) return;
    await tx.insert(bookPages).values(pages.map((text, i) => ({ bookId, pageNumber: i + 1, text })));
  }

  return {
    /** One page of books, by title (the library) or newest first (the admin list), and how many match. */
    async list(filter: BookFilter, page: { limit: number; offset: number; order: 'title' | 'newest' }) {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(books)
          .where(condition)
          .orderBy(...(page.order === 'title' ? [asc(books.title), asc(books.id)] : [desc(books.createdAt), asc(books.id)]))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(books).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async find(id: string) {
      const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
      return row;
    },
    async pages(bookId: string) {
      return db.select().from(bookPages).where(eq(bookPages.bookId, bookId)).orderBy(asc(bookPages.pageNumber));
    },
    /** Inserts a book with the text of its pages, in one transaction. */
    async insert(book: NewBook, pages: string[]): Promise<BookRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(books).values(book).returning();
        await insertPages(tx, book.id, pages);
        return row!;
      });
    },
    /**
     * Inserts a starter book unless it was seeded before (even if deleted since). Answers false when
     * another start (or another instance) got there first.
     */
    async insertStarter(slug: string, book: NewBook, pages: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx.insert(starterBookSeeds).values({ slug }).onConflictDoNothing().returning({ slug: starterBookSeeds.slug });
        if (!claimed) return false;
        const [row] = await tx
          .insert(books)
          .values({ ...book, slug })
          .onConflictDoNothing()
          .returning({ id: books.id });
        if (!row) return false;
        await insertPages(tx, book.id, pages);
        return true;
      });
    },
    /** Which of these starter slugs were seeded already. */
    async seededSlugs(slugs: string[]) {
      if (!slugs.length) return new Set<string>();
      const rows = await db.select({ slug: starterBookSeeds.slug }).from(starterBookSeeds).where(inArray(starterBookSeeds.slug, slugs));
      return new Set(rows.map((r) => r.slug));
    },
    async setNarrationText(id: string, narrationText: string | null) {
      const [row] = await db.update(books).set({ narrationText }).where(eq(books.id, id)).returning();
      return row;
    },
    /** The ids of books whose cover has not been made. */
    async withoutCover() {
      const rows = await db.select({ id: books.id }).from(books).where(isNull(books.coverKey));
      return rows.map((r) => r.id);
    },
    /** The ids of premium books with a cover but without the first-page preview (stored before previews were made). */
    async withoutPreview() {
      const rows = await db
        .select({ id: books.id })
        .from(books)
        .where(and(eq(books.isPremium, true), isNotNull(books.coverKey), isNull(books.previewKey)));
      return rows.map((r) => r.id);
    },
    /** The ids of books with a cover but without their first page's size (stored before sizes were read). */
    async withoutPageSize() {
      const rows = await db
        .select({ id: books.id })
        .from(books)
        .where(and(isNotNull(books.coverKey), isNull(books.firstPageWidth)));
      return rows.map((r) => r.id);
    },
    /** Records the images the cover job made of a book and its first page's size; false when the book is gone. */
    async setCover(id: string, made: { coverKey?: string; thumbnailKey?: string; previewKey?: string; firstPageWidth: number; firstPageHeight: number }) {
      const rows = await db.update(books).set(made).where(eq(books.id, id)).returning({ id: books.id });
      return rows.length > 0;
    },
    /** Deletes a book (its pages go with it); answers the deleted row, to remove its files. */
    async delete(id: string) {
      const [row] = await db.delete(books).where(eq(books.id, id)).returning();
      return row;
    },
  };
}
export type BooksRepository = ReturnType<typeof createBooksRepository>;
