import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FAMILY_ACTIVITY_TYPES } from '@fst/shared/families/families.schema';
import { users } from '../auth/auth.table.ts';

export const families = pgTable('families', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // When true, a code join is a join request the admin approves (decision 012).
  codeJoinsNeedApproval: boolean('code_joins_need_approval').notNull().default(false),
});

export const familyMembers = pgTable(
  'family_members',
  {
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyRole: text('family_role', { enum: ['admin', 'reader', 'member', 'parent'] }).notNull(),
    relationship: text('relationship'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.userId] }), index('family_members_user_idx').on(t.userId)],
);

export const kids = pgTable(
  'kids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    age: integer('age').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kids_family_idx').on(t.familyId)],
);

export const joinRequests = pgTable(
  'join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    relationship: text('relationship'),
    // 'withdrawn': the requester cancelled it before an admin looked (issue 22.12).
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One pending request per person and family: asking twice is harmless.
    uniqueIndex('join_requests_pending_idx')
      .on(t.familyId, t.requesterId)
      .where(sql`${t.status} = 'pending'`),
    index('join_requests_family_idx').on(t.familyId, t.status),
  ],
);

// What happened in a family, for its admins (decision 012). People are referred to by id, named when read,
// so an account's deletion leaves no name here; things (a kid, a book, a setting) are named in `subject_text`.
export const familyActivity = pgTable(
  'family_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    type: text('type', { enum: FAMILY_ACTIVITY_TYPES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectText: text('subject_text'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_activity_family_idx').on(t.familyId, t.at)],
);
