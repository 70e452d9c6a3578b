import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Secrets every app instance must share (e.g. the key that signs media links), made once at first start.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
