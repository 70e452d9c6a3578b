import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_OFFLINE_STORIES } from '@fst/shared/constants';
import { users } from '../auth/auth.table.ts';
import { families, kids } from '../families/families.table.ts';

/**
 * Browsers paired to one kid (docs/decisions/018): the device session. The cookie holds a random token; only
 * its SHA-256 is kept, as for sessions. Lives a year, renewed while used; removing the row ends it.
 */
export const kidDevices = pgTable(
  'kid_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    deviceName: text('device_name').notNull(),
    tokenHash: text('token_hash').notNull(),
    // The parent whose code paired it; the device stays when that account goes.
    pairedBy: uuid('paired_by').references(() => users.id, { onDelete: 'set null' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The playlist's first stories it keeps saved by itself (decision 020), set by a parent; 0 saves none.
    offlineStories: integer('offline_stories').notNull().default(DEVICE_OFFLINE_STORIES.default),
  },
  (t) => [
    uniqueIndex('kid_devices_token_idx').on(t.tokenHash),
    index('kid_devices_family_idx').on(t.familyId),
    check(
      'kid_devices_offline_stories_range',
      sql`${t.offlineStories} BETWEEN ${sql.raw(String(DEVICE_OFFLINE_STORIES.min))} AND ${sql.raw(String(DEVICE_OFFLINE_STORIES.max))}`,
    ),
  ],
);

/** Short pairing codes a parent shows on the kid's card: single use, valid minutes. Kept hashed. */
export const deviceCodes = pgTable(
  'device_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    kidId: uuid('kid_id')
      .notNull()
      .references(() => kids.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('device_codes_expires_idx').on(t.expiresAt)],
);
