import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, familyMembers, kids } from '../families/families.table.ts';
import { recordingKids, recordings } from '../recordings/recordings.table.ts';
import { storyRequests } from '../requests/requests.table.ts';
import { notificationSettings } from './playback.table.ts';

const requester = alias(users, 'requester');
const reader = alias(users, 'reader');

// No settings row means every notice is on (decisions.md "Endpoints beyond the spec").
const wantsStoryRequested = sql<boolean>`coalesce(${notificationSettings.storyRequested}, true)`;
const wantsNewStory = sql<boolean>`coalesce(${notificationSettings.newStory}, true)`;

/** What the e-mail notices need to know: who gets them and what they say. */
export function createStoryNoticesRepository(db: Db) {
  return {
    /** A story request with its reader (and whether they want the notice), kid, family, book and requester. */
    async request(requestId: string) {
      const [row] = await db
        .select({
          id: storyRequests.id,
          status: storyRequests.status,
          isPremium: storyRequests.isPremium,
          reader: { id: reader.id, email: reader.email, firstName: reader.firstName },
          wantsNotice: wantsStoryRequested,
          kid: { id: kids.id, firstName: kids.firstName },
          familyName: families.name,
          book: { id: books.id, title: books.title, coverKey: books.coverKey },
          requester: { firstName: requester.firstName, lastName: requester.lastName },
        })
        .from(storyRequests)
        .innerJoin(reader, eq(reader.id, storyRequests.readerId))
        .innerJoin(kids, eq(kids.id, storyRequests.kidId))
        .innerJoin(families, eq(families.id, storyRequests.familyId))
        .innerJoin(books, eq(books.id, storyRequests.bookId))
        .leftJoin(requester, eq(requester.id, storyRequests.requestedBy))
        .leftJoin(notificationSettings, eq(notificationSettings.userId, storyRequests.readerId))
        .where(eq(storyRequests.id, requestId))
        .limit(1);
      return row;
    },

    /** The recording with its book and reader. */
    async recording(recordingId: string) {
      const [row] = await db
        .select({
          id: recordings.id,
          status: recordings.status,
          readerId: recordings.readerId,
          readerFirstName: users.firstName,
          readerLastName: users.lastName,
          bookTitle: books.title,
          bookCoverKey: books.coverKey,
        })
        .from(recordings)
        .innerJoin(users, eq(users.id, recordings.readerId))
        .leftJoin(books, eq(books.id, recordings.bookId))
        .where(eq(recordings.id, recordingId))
        .limit(1);
      return row;
    },

    /** The kids the recording is assigned to (all of them, or those of `kidIds`). */
    async assignedKids(recordingId: string, kidIds?: readonly string[]) {
      if (kidIds && !kidIds.length) return [];
      return db
        .select({ id: kids.id, firstName: kids.firstName, familyId: kids.familyId, familyName: families.name })
        .from(recordingKids)
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(and(eq(recordingKids.recordingId, recordingId), kidIds ? inArray(recordingKids.kidId, [...kidIds]) : undefined))
        .orderBy(kids.createdAt, kids.id);
    },

    /** The members of these families with their role and whether they want new-story notices. */
    async members(familyIds: readonly string[]) {
      if (!familyIds.length) return [];
      return db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          familyId: familyMembers.familyId,
          role: familyMembers.familyRole,
          wantsNewStory,
        })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .leftJoin(notificationSettings, eq(notificationSettings.userId, familyMembers.userId))
        .where(inArray(familyMembers.familyId, [...familyIds]));
    },
  };
}
export type StoryNoticesRepository = ReturnType<typeof createStoryNoticesRepository>;
