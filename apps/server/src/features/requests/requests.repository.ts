import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, familyMembers, kids } from '../families/families.table.ts';
import { recordingKids, recordings } from '../recordings/recordings.table.ts';
import { storyRequests } from './requests.table.ts';

export type StoryRequestRow = typeof storyRequests.$inferSelect;
export type NewStoryRequest = typeof storyRequests.$inferInsert;

/** Which pending requests a list holds; every condition given must hold. */
export type RequestFilter = { id?: string; readerId?: string; kidId?: string };

const requester = alias(users, 'requester');
const reader = alias(users, 'reader');

export function createRequestsRepository(db: Db) {
  return {
    /** Whether this pending premium request of this book is to this reader, who still reads for its family. */
    async isOpenPremiumRequest(requestId: string, readerId: string, bookId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: storyRequests.id })
        .from(storyRequests)
        .innerJoin(familyMembers, and(eq(familyMembers.familyId, storyRequests.familyId), eq(familyMembers.userId, readerId)))
        .where(
          and(
            eq(storyRequests.id, requestId),
            eq(storyRequests.readerId, readerId),
            eq(storyRequests.bookId, bookId),
            eq(storyRequests.isPremium, true),
            eq(storyRequests.status, 'pending'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    async findBook(bookId: string) {
      const [row] = await db.select({ id: books.id, isPremium: books.isPremium }).from(books).where(eq(books.id, bookId)).limit(1);
      return row;
    },

    /** `userId`'s role in the family, or undefined. */
    async roleIn(familyId: string, userId: string) {
      const [row] = await db
        .select({ role: familyMembers.familyRole })
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
        .limit(1);
      return row?.role;
    },

    /** Whether the reader already has a recording of the book (not a failed one) for the kid. */
    async hasRecordingFor(readerId: string, bookId: string, kidId: string): Promise<boolean> {
      const rows = await db
        .select({ id: recordings.id })
        .from(recordings)
        .innerJoin(recordingKids, eq(recordingKids.recordingId, recordings.id))
        .where(and(eq(recordings.readerId, readerId), eq(recordings.bookId, bookId), eq(recordingKids.kidId, kidId), ne(recordings.status, 'failed')))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts a pending request; answers it and whether it is new (the pending one when asked twice). */
    async insertPending(values: NewStoryRequest): Promise<{ id: string; created: boolean }> {
      const [created] = await db.insert(storyRequests).values(values).onConflictDoNothing().returning({ id: storyRequests.id });
      if (created) return { id: created.id, created: true };
      const [existing] = await db
        .select({ id: storyRequests.id })
        .from(storyRequests)
        .where(
          and(
            eq(storyRequests.kidId, values.kidId),
            eq(storyRequests.readerId, values.readerId),
            eq(storyRequests.bookId, values.bookId),
            eq(storyRequests.status, 'pending'),
          ),
        );
      return { id: existing!.id, created: false };
    },

    async find(id: string) {
      const [row] = await db.select().from(storyRequests).where(eq(storyRequests.id, id)).limit(1);
      return row;
    },

    /**
     * Pending requests with their book, kid, requester and reader, oldest first. Requests to a reader who
     * has left the kid's family are left out: nobody can fulfil them.
     */
    async listPending(filter: RequestFilter) {
      const c: SQL[] = [
        eq(storyRequests.status, 'pending'),
        sql`EXISTS (SELECT 1 FROM ${familyMembers} fm WHERE fm.family_id = ${storyRequests.familyId} AND fm.user_id = ${storyRequests.readerId} AND fm.family_role = 'reader')`,
      ];
      if (filter.id) c.push(eq(storyRequests.id, filter.id));
      if (filter.readerId) c.push(eq(storyRequests.readerId, filter.readerId));
      if (filter.kidId) c.push(eq(storyRequests.kidId, filter.kidId));
      return db
        .select({
          request: storyRequests,
          book: {
            id: books.id,
            title: books.title,
            author: books.author,
            description: books.description,
            isPremium: books.isPremium,
            tokenCost: books.tokenCost,
          },
          kid: { id: kids.id, firstName: kids.firstName, familyId: kids.familyId },
          familyName: families.name,
          requester: { firstName: requester.firstName, lastName: requester.lastName },
          reader: { id: reader.id, firstName: reader.firstName, lastName: reader.lastName },
        })
        .from(storyRequests)
        .innerJoin(books, eq(books.id, storyRequests.bookId))
        .innerJoin(kids, eq(kids.id, storyRequests.kidId))
        .innerJoin(families, eq(families.id, storyRequests.familyId))
        .innerJoin(reader, eq(reader.id, storyRequests.readerId))
        .leftJoin(requester, eq(requester.id, storyRequests.requestedBy))
        .where(and(...c))
        .orderBy(asc(storyRequests.createdAt), asc(storyRequests.id));
    },

    /** Cancels a pending request; false when it was no longer pending. */
    async cancel(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(storyRequests)
        .set({ status: 'cancelled', settledAt: now })
        .where(and(eq(storyRequests.id, id), eq(storyRequests.status, 'pending')))
        .returning({ id: storyRequests.id });
      return rows.length > 0;
    },

    /** Marks the reader's pending requests of the book for these kids fulfilled by the recording. */
    async fulfil(input: { readerId: string; bookId: string; kidIds: readonly string[]; recordingId: string; now: Date }): Promise<number> {
      if (!input.kidIds.length) return 0;
      const rows = await db
        .update(storyRequests)
        .set({ status: 'fulfilled', settledAt: input.now, fulfilledRecordingId: input.recordingId })
        .where(
          and(
            eq(storyRequests.status, 'pending'),
            eq(storyRequests.readerId, input.readerId),
            eq(storyRequests.bookId, input.bookId),
            inArray(storyRequests.kidId, [...input.kidIds]),
          ),
        )
        .returning({ id: storyRequests.id });
      return rows.length;
    },

    /** Of these families, those with a pending premium request of the book to the reader. */
    async premiumRequestFamilies(readerId: string, bookId: string, familyIds: readonly string[]): Promise<Set<string>> {
      if (!familyIds.length) return new Set();
      const rows = await db
        .selectDistinct({ familyId: storyRequests.familyId })
        .from(storyRequests)
        .where(
          and(
            eq(storyRequests.status, 'pending'),
            eq(storyRequests.isPremium, true),
            eq(storyRequests.readerId, readerId),
            eq(storyRequests.bookId, bookId),
            inArray(storyRequests.familyId, [...familyIds]),
          ),
        );
      return new Set(rows.map((r) => r.familyId));
    },
  };
}
export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
