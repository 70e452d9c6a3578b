import { boolean, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

export const books = pgTable(
  'books',
  {
    id: uuid('id').primaryKey(),
    // Set for the starter catalogue only: the stable name that keeps seeding idempotent.
    slug: text('slug').unique(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    description: text('description').notNull().default(''),
    // Storage keys; the files themselves never enter the database.
    pdfKey: text('pdf_key').notNull(),
    attributionKey: text('attribution_key').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    // Tokens to unlock a premium book; 0 for regular books.
    tokenCost: integer('token_cost').notNull().default(0),
    pageCount: integer('page_count').notNull(),
    // The book's text as a site admin entered it (pages split at `---` lines), for a PDF without a text
    // layer: AI stories read it rather than the extracted text. Null: none entered.
    narrationText: text('narration_text'),
    // The first page drawn as images by the cover job (book-covers.ts); null until made, or when the PDF cannot be drawn.
    coverKey: text('cover_key'),
    thumbnailKey: text('thumbnail_key'),
    // A premium book's first page drawn larger by the same job: what a user who has not unlocked it sees.
    previewKey: text('preview_key'),
    // The first page's size in PDF points (rotation applied), read by the same job: the book page lays out
    // its preview at that size before the PDF arrives. Null until read, or when the PDF cannot be drawn.
    firstPageWidth: real('first_page_width'),
    firstPageHeight: real('first_page_height'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('books_listing_idx').on(t.isPremium, t.title)],
);

// The text of each page, extracted from the PDF on upload: for AI narration and for search.
export const bookPages = pgTable(
  'book_pages',
  {
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.pageNumber] })],
);

// Starter books seeded once; an admin deleting one does not bring it back at the next start.
export const starterBookSeeds = pgTable('starter_book_seeds', {
  slug: text('slug').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
