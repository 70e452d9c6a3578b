import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AI_STORY_STATUSES, VOICE_PROVIDERS } from '@fst/shared/narration/narration.rules';
import type { PageTurn } from '@fst/shared/recordings/recordings.rules';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, kids } from '../families/families.table.ts';

/** A reader's "Allow my family to create an AI voice from my readings", with when it last changed. */
export const voiceConsents = pgTable('voice_consents', {
  readerId: uuid('reader_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allowed: boolean('allowed').notNull(),
  // When the reader last turned it on or off; null while they never have (only been asked).
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  // The last e-mail asking the reader for consent: at most one a day, however often parents try.
  lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
});

/** Every answer a reader gave to the AI-voice consent, kept as the record of consent (issue 25: exported). */
export const voiceConsentChanges = pgTable(
  'voice_consent_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    allowed: boolean('allowed').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('voice_consent_changes_reader_idx').on(t.readerId, t.at)],
);

/** What the local provider measured of a reader's readings. */
export type StoredProfile = { pitchHz: number | null; wordsPerMinute: number | null };

/** A reader's AI voice: one per reader, shared by the families they read for. */
export const voiceClones = pgTable('voice_clones', {
  id: uuid('id').primaryKey(),
  readerId: uuid('reader_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: VOICE_PROVIDERS }).notNull(),
  // The voice's id at the provider, to speak with it and to delete it there.
  providerVoiceId: text('provider_voice_id').notNull(),
  voiceName: text('voice_name').notNull(),
  profile: jsonb('profile').$type<StoredProfile>(),
  recordingIds: jsonb('recording_ids').$type<string[]>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * An AI story: a book read in a reader's AI voice for a family's kids. Its text is kept as it was read
 * (the pages), so the story stays the same whatever happens to the book later.
 */
export const aiRecordings = pgTable(
  'ai_recordings',
  {
    id: uuid('id').primaryKey(),
    // The family it was made for, whose monthly allowance it used; only its kids may have it.
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    // Whose voice it is read in.
    readerId: uuid('reader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The voice may be deleted later (consent withdrawn); the story stays until a parent deletes it.
    voiceCloneId: uuid('voice_clone_id').references(() => voiceClones.id, { onDelete: 'set null' }),
    voiceName: text('voice_name').notNull(),
    voiceProvider: text('voice_provider', { enum: VOICE_PROVIDERS }).notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: AI_STORY_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    script: jsonb('script').$type<{ page: number; text: string }[]>().notNull(),
    textSource: text('text_source', { enum: ['book', 'client'] }).notNull(),
    mediaKey: text('media_key'),
    mime: text('mime'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    pageTrack: jsonb('page_track').$type<PageTurn[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_recordings_family_idx').on(t.familyId, t.createdAt),
    index('ai_recordings_reader_book_idx').on(t.readerId, t.bookId),
    check('ai_recordings_duration_nonnegative', sql`${t.durationSeconds} >= 0`),
  ],
);

/** Which kids of its family an AI story is for. */
export const aiRecordingKids = pgTable(
  'ai_recording_kids',
  {
    aiRecordingId: uuid('ai_recording_id')
      .notNull()
      .references(() => aiRecordings.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.aiRecordingId, t.kidId] }), index('ai_recording_kids_kid_idx').on(t.kidId)],
);

/**
 * One row per AI story a family made in a billing month (`YYYY-MM`): the monthly limit counts these.
 * Written once when the story is asked for; a story deleted later still counts, a failed one does not.
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    aiRecordingId: uuid('ai_recording_id')
      .unique()
      .references(() => aiRecordings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_generations_family_month_idx').on(t.familyId, t.month)],
);
