import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { QUEUE_REQUEST_STATUSES, QUEUE_REQUEST_TYPES } from '@fst/shared/constants';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, kids } from '../families/families.table.ts';
import { recordings } from '../recordings/recordings.table.ts';

// Story requests (the queue): a parent asks a reader to record a book for a kid.
export const storyRequests = pgTable(
  'story_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    // The requester may delete their account; the request stays for the reader.
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: QUEUE_REQUEST_TYPES }).notNull().default('requested'),
    isPremium: boolean('is_premium').notNull().default(false),
    status: text('status', { enum: QUEUE_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    fulfilledRecordingId: uuid('fulfilled_recording_id').references(() => recordings.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One pending request per kid, reader and book: asking twice answers the first.
    uniqueIndex('story_requests_pending_idx')
      .on(t.kidId, t.readerId, t.bookId)
      .where(sql`${t.status} = 'pending'`),
    index('story_requests_reader_idx').on(t.readerId, t.status),
    index('story_requests_kid_idx').on(t.kidId, t.status),
  ],
);
