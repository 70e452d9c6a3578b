import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../features/auth/auth.table.ts';
import { kidDevices } from '../../features/devices/devices.table.ts';

/**
 * Requests sent with an Idempotency-Key (platform/idempotency/idempotency.ts): one row per caller and key,
 * holding the answer once the request succeeded, so that the same request sent again (a retry after an
 * answer lost on a flaky connection, or a kid device's offline queue sent when back online) gets that answer
 * instead of being done twice.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    /** Whose key it is: the account's id, or the kid device's (both random UUIDs, so they never meet). */
    owner: uuid('owner').notNull(),
    // One of the two is set; either going takes its keys with it.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => kidDevices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The request's method, address and body, hashed: the same key with another request is refused. */
    request: text('request').notNull(),
    /** Null while the first request is being answered. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);
