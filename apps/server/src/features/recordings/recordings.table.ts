import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RECORDING_TYPES } from '@fst/shared/constants';
import { PROCESSING_STATUSES, type PageTurn } from '@fst/shared/recordings/recordings.rules';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { kids } from '../families/families.table.ts';

export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey(),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A book removed from the catalogue leaves its readings in place, without a book.
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    recordingType: text('recording_type', { enum: RECORDING_TYPES }).notNull(),
    // Storage keys: the file served (the original until processing makes a playable copy) and the
    // original upload while it is still kept.
    mediaKey: text('media_key').notNull(),
    originalKey: text('original_key'),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    status: text('status', { enum: PROCESSING_STATUSES }).notNull().default('processing'),
    failureReason: text('failure_reason'),
    isPremium: boolean('is_premium').notNull().default(false),
    posterKey: text('poster_key'),
    pageTrack: jsonb('page_track').$type<PageTurn[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    // The resumable upload it was made from: the same upload sent again answers this recording (issue 23.9).
    uploadId: text('upload_id'),
  },
  (t) => [
    index('recordings_reader_idx').on(t.readerId, t.createdAt),
    index('recordings_book_idx').on(t.bookId),
    uniqueIndex('recordings_upload_idx').on(t.uploadId),
    check('recordings_duration_nonnegative', sql`${t.durationSeconds} >= 0`),
  ],
);

// Which kids a recording is for. Deleting a kid removes its assignments, never the recording.
export const recordingKids = pgTable(
  'recording_kids',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.kidId] }), index('recording_kids_kid_idx').on(t.kidId)],
);
