import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families } from '../families/families.table.ts';

/** One row per account: its plan as the payment provider last told us. */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['free', 'premium', 'gold'] }).notNull(),
  status: text('status').notNull(),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  // Provider events can arrive out of order: an older event never overwrites a newer state.
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every grant, purchase, spend and refund of tokens. Balances are sums; `ref` makes each entry happen at
 * most once (a replayed webhook, a double click, a retried unlock).
 */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null once the account is deleted: the entry stays for the accounts, naming no one (docs/privacy.md).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['story', 'share'] }).notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['grant', 'purchase', 'unlock', 'share', 'refund', 'gift'] }).notNull(),
    ref: text('ref').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('token_ledger_user_kind_idx').on(t.userId, t.kind), check('token_ledger_delta_nonzero', sql`${t.delta} <> 0`)],
);

export const bookUnlocks = pgTable(
  'book_unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    tokensSpent: integer('tokens_spent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] })],
);

/** Checkout sessions and token payments of the local provider (and their Stripe ids when Stripe is active). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null once the account is deleted: the payment stays for the accounts, naming no one (docs/privacy.md).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['checkout', 'tokens'] }).notNull(),
    plan: text('plan', { enum: ['free', 'premium', 'gold'] }),
    packageId: text('package_id'),
    clientSecret: text('client_secret').unique(),
    providerRef: text('provider_ref').unique(),
    status: text('status', { enum: ['open', 'succeeded', 'failed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);

/** Provider events already applied: a replay is recognised and ignored. */
export const processedEvents = pgTable('processed_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The 14-day premium trial, once per family. */
export const familyTrials = pgTable('family_trials', {
  familyId: uuid('family_id')
    .primaryKey()
    .references(() => families.id, { onDelete: 'cascade' }),
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});
