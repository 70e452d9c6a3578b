import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

export const issueReports = pgTable(
  'issue_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['bug', 'feature', 'improvement', 'other'] }).notNull(),
    description: text('description').notNull(),
    page: text('page').notNull(),
    email: text('email').notNull(),
    userAgent: text('user_agent'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issue_reports_created_idx').on(t.createdAt)],
);
