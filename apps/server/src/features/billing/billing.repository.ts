import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { familyMembers } from '../families/families.table.ts';
import { bookUnlocks, familyTrials, payments, processedEvents, subscriptions, tokenLedger } from './billing.table.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type TokenKind = 'story' | 'share';
type LedgerReason = (typeof tokenLedger.$inferInsert)['reason'];

function billingQueries(db: Db) {
  return {
    /** Serialises token changes of one account until the transaction ends. */
    async lockAccount(userId: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tokens:${userId}`}))`);
    },

    async subscription(userId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row;
    },
    /** Writes the provider's view of a subscription unless a newer event already did. */
    async saveSubscription(values: typeof subscriptions.$inferInsert): Promise<boolean> {
      const { userId: _userId, ...update } = values;
      const rows = await db
        .insert(subscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { ...update, updatedAt: sql`now()` },
          setWhere: sql`${subscriptions.lastEventAt} <= ${values.lastEventAt.toISOString()}::timestamptz`,
        })
        .returning({ userId: subscriptions.userId });
      return rows.length > 0;
    },
    async subscriptionsOf(userIds: string[]): Promise<SubscriptionRow[]> {
      if (!userIds.length) return [];
      return db.select().from(subscriptions).where(inArray(subscriptions.userId, userIds));
    },
    /** The admins of the given families, for deriving each family's tier. */
    async familyAdmins(familyIds: string[]): Promise<{ familyId: string; userId: string }[]> {
      if (!familyIds.length) return [];
      return db
        .select({ familyId: familyMembers.familyId, userId: familyMembers.userId })
        .from(familyMembers)
        .where(and(inArray(familyMembers.familyId, familyIds), eq(familyMembers.familyRole, 'admin')));
    },
    async trials(familyIds: string[]) {
      if (!familyIds.length) return [];
      return db.select().from(familyTrials).where(inArray(familyTrials.familyId, familyIds));
    },
    async startTrial(values: typeof familyTrials.$inferInsert): Promise<boolean> {
      const rows = await db.insert(familyTrials).values(values).onConflictDoNothing().returning({ id: familyTrials.familyId });
      return rows.length > 0;
    },

    async balance(userId: string, kind: TokenKind): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`coalesce(sum(${tokenLedger.delta}), 0)::int` })
        .from(tokenLedger)
        .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.kind, kind)));
      return row?.total ?? 0;
    },
    async hasEntry(ref: string): Promise<boolean> {
      const [row] = await db.select({ id: tokenLedger.id }).from(tokenLedger).where(eq(tokenLedger.ref, ref)).limit(1);
      return Boolean(row);
    },
    /** Moves an entry to another reference, freeing its own for a later attempt (the entry itself stays). */
    async renameEntry(ref: string, to: string) {
      await db.update(tokenLedger).set({ ref: to }).where(eq(tokenLedger.ref, ref));
    },
    async entry(ref: string) {
      const [row] = await db.select().from(tokenLedger).where(eq(tokenLedger.ref, ref)).limit(1);
      return row;
    },
    /** Adds a ledger entry once per `ref`; answers whether it was new. */
    async addEntry(entry: { userId: string; kind: TokenKind; delta: number; reason: LedgerReason; ref: string }): Promise<boolean> {
      const rows = await db.insert(tokenLedger).values(entry).onConflictDoNothing().returning({ id: tokenLedger.id });
      return rows.length > 0;
    },

    async unlockedBookIds(userId: string, bookIds?: string[]): Promise<Set<string>> {
      if (bookIds && !bookIds.length) return new Set();
      const rows = await db
        .select({ bookId: bookUnlocks.bookId })
        .from(bookUnlocks)
        .where(bookIds ? and(eq(bookUnlocks.userId, userId), inArray(bookUnlocks.bookId, bookIds)) : eq(bookUnlocks.userId, userId));
      return new Set(rows.map((r) => r.bookId));
    },
    async addUnlock(userId: string, bookId: string, tokensSpent: number): Promise<boolean> {
      const rows = await db.insert(bookUnlocks).values({ userId, bookId, tokensSpent }).onConflictDoNothing().returning({ id: bookUnlocks.bookId });
      return rows.length > 0;
    },

    async insertPayment(values: typeof payments.$inferInsert): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(values).returning();
      return row!;
    },
    async payment(by: { id: string } | { clientSecret: string } | { providerRef: string }): Promise<PaymentRow | undefined> {
      const where =
        'id' in by ? eq(payments.id, by.id) : 'clientSecret' in by ? eq(payments.clientSecret, by.clientSecret) : eq(payments.providerRef, by.providerRef);
      const [row] = await db.select().from(payments).where(where).limit(1);
      return row;
    },
    /** Moves an open payment to its outcome (a failed one may still succeed with another card); false when already settled. */
    async settlePayment(id: string, status: 'succeeded' | 'failed'): Promise<boolean> {
      const from: ('open' | 'failed')[] = status === 'succeeded' ? ['open', 'failed'] : ['open'];
      const rows = await db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.id, id), inArray(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    /** The account a provider's subscription or customer belongs to, from what its events told us before. */
    async subscriptionByProviderIds(ids: { subscriptionId: string | null; customerId: string | null }): Promise<SubscriptionRow | undefined> {
      const match = [
        ids.subscriptionId ? eq(subscriptions.providerSubscriptionId, ids.subscriptionId) : undefined,
        ids.customerId ? eq(subscriptions.providerCustomerId, ids.customerId) : undefined,
      ].filter((m) => m !== undefined);
      if (!match.length) return undefined;
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(or(...match))
        .limit(1);
      return row;
    },

    /** Whether a provider event was handled before. */
    async eventSeen(eventId: string): Promise<boolean> {
      const rows = await db.select({ id: processedEvents.eventId }).from(processedEvents).where(eq(processedEvents.eventId, eventId)).limit(1);
      return rows.length > 0;
    },
    /** Records a provider event id; false when it was applied before (a replay). */
    async claimEvent(eventId: string, type: string): Promise<boolean> {
      const rows = await db.insert(processedEvents).values({ eventId, type }).onConflictDoNothing().returning({ id: processedEvents.eventId });
      return rows.length > 0;
    },
  };
}
/** The billing queries bound to one transaction. */
export type BillingTx = ReturnType<typeof billingQueries>;

export function createBillingRepository(db: Db) {
  return {
    ...billingQueries(db),
    /** Runs `fn` in one transaction with the queries bound to it (on PGlite, `db` inside would hang). */
    transaction<T>(fn: (tx: BillingTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(billingQueries(tx as unknown as Db)));
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
