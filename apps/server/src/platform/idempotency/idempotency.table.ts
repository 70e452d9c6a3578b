import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../features/auth/auth.table.ts';

/**
 * Requests sent with an Idempotency-Key (platform/idempotency/idempotency.ts): one row per account and key,
 * holding the answer once the request succeeded, so that the same request sent again (a retry after an
 * answer lost on a flaky connection) gets that answer instead of being done twice.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request's method, address and body, hashed: the same key with another request is refused. */
    request: text('request').notNull(),
    /** Null while the first request is being answered. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
