import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PLAY_EVENTS, REACTIONS } from '@fst/shared/constants';
import { users } from '../auth/auth.table.ts';
import { kids } from '../families/families.table.ts';
import { kidDevices } from '../devices/devices.table.ts';
import { aiRecordings } from '../narration/narration.table.ts';
import { recordings } from '../recordings/recordings.table.ts';

// What a kid played: a `start` begins a play, `progress` and `complete` carry it on (decisions.md "Stats are real").
// The story is a reader's recording or an AI story: exactly one of the two is set.
export const playEvents = pgTable(
  'play_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Arrival order: events of the same instant still sort the way they came.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    aiRecordingId: uuid('ai_recording_id').references(() => aiRecordings.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    // Who held the device; the play stays when that account goes.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The kid device that played it (docs/decisions/018); the play stays when the device is removed.
    deviceId: uuid('device_id').references(() => kidDevices.id, { onDelete: 'set null' }),
    event: text('event', { enum: PLAY_EVENTS }).notNull(),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('play_events_kid_recording_idx').on(t.kidId, t.recordingId, t.createdAt),
    index('play_events_recording_idx').on(t.recordingId),
    index('play_events_kid_ai_recording_idx').on(t.kidId, t.aiRecordingId, t.createdAt),
    index('play_events_ai_recording_idx').on(t.aiRecordingId),
    check('play_events_position_nonnegative', sql`${t.positionSeconds} >= 0`),
    check('play_events_one_story', sql`(${t.recordingId} IS NULL) <> (${t.aiRecordingId} IS NULL)`),
  ],
);

// A kid's saved playlist order (recording ids; AI story ids later); none means newest first.
export const kidPlaylists = pgTable('kid_playlists', {
  kidId: uuid('kid_id')
    .primaryKey()
    .references(() => kids.id, { onDelete: 'cascade' }),
  order: jsonb('order').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bedtimeSettings = pgTable('bedtime_settings', {
  kidId: uuid('kid_id')
    .primaryKey()
    .references(() => kids.id, { onDelete: 'cascade' }),
  storiesLimit: integer('stories_limit').notNull(),
  sleepTimerMinutes: integer('sleep_timer_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// A kid's heart or sticker for a story, sent by a parent on the kid's behalf.
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    // Sent from the kid's own device (then no parent sent it).
    deviceId: uuid('device_id').references(() => kidDevices.id, { onDelete: 'set null' }),
    reaction: text('reaction', { enum: REACTIONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reactions_recording_idx').on(t.recordingId, t.createdAt)],
);

// Which e-mails an account wants; no row means both on.
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storyRequested: boolean('story_requested').notNull().default(true),
  newStory: boolean('new_story').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
