import { and, asc, between, count, countDistinct, desc, eq, inArray, isNotNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, familyActivity, familyMembers, kids } from '../families/families.table.ts';
import { recordingKids, recordings } from './recordings.table.ts';

export type RecordingRow = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert & { id: string };
export type RecordingPatch = Partial<
  Pick<RecordingRow, 'status' | 'failureReason' | 'mediaKey' | 'originalKey' | 'mime' | 'sizeBytes' | 'durationSeconds' | 'posterKey' | 'processedAt'>
>;

/** Which recordings a list holds; every condition given must hold. */
export type RecordingFilter = {
  id?: string;
  readerId?: string;
  /** Assigned to this kid. */
  kidId?: string;
  /** Assigned to a kid of this family. */
  familyId?: string;
  /** Made by this user or assigned to a kid of one of their families. */
  visibleTo?: string;
  /** Assigned to a kid of one of this user's families. */
  assignedToFamiliesOf?: string;
  /** Ready, unless made by this user (who sees their own in every status). */
  readyUnlessOwnedBy?: string;
  onlyReady?: boolean;
  limit?: number;
};

const assignedWhere = (extra: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${recordingKids} rk JOIN ${kids} k ON k.id = rk.kid_id WHERE rk.recording_id = ${recordings.id} AND ${extra})`;

/**
 * The family activity event (decision 012) of a recording for each family whose kids it is assigned to
 * (or for `onlyFamily`), with the book's title; run in the transaction of the change.
 */
const storyEvents = (type: 'story_recorded' | 'story_deleted', recordingId: string, actor: string | SQL, onlyFamily?: string) => sql`
  INSERT INTO ${familyActivity} (family_id, type, actor_id, subject_text)
  SELECT DISTINCT k.family_id, ${type}, ${actor}::uuid, b.title
  FROM ${recordingKids} rk
  JOIN ${kids} k ON k.id = rk.kid_id
  JOIN ${recordings} r ON r.id = rk.recording_id
  LEFT JOIN ${books} b ON b.id = r.book_id
  WHERE rk.recording_id = ${recordingId}${onlyFamily ? sql` AND k.family_id = ${onlyFamily}` : sql``}`;

export function createRecordingsRepository(db: Db) {
  const where = (f: RecordingFilter): SQL | undefined => {
    const c: SQL[] = [];
    if (f.id) c.push(eq(recordings.id, f.id));
    if (f.readerId) c.push(eq(recordings.readerId, f.readerId));
    if (f.kidId) c.push(assignedWhere(sql`rk.kid_id = ${f.kidId}`));
    if (f.familyId) c.push(assignedWhere(sql`k.family_id = ${f.familyId}`));
    const inFamiliesOf = (userId: string) =>
      assignedWhere(sql`EXISTS (SELECT 1 FROM ${familyMembers} fm WHERE fm.family_id = k.family_id AND fm.user_id = ${userId})`);
    if (f.visibleTo) c.push(or(eq(recordings.readerId, f.visibleTo), inFamiliesOf(f.visibleTo))!);
    if (f.assignedToFamiliesOf) c.push(inFamiliesOf(f.assignedToFamiliesOf));
    if (f.readyUnlessOwnedBy) c.push(or(eq(recordings.status, 'ready'), eq(recordings.readerId, f.readyUnlessOwnedBy))!);
    if (f.onlyReady) c.push(eq(recordings.status, 'ready'));
    return c.length ? and(...c) : undefined;
  };

  return {
    /** Recordings with their book (null once removed from the catalogue) and reader, newest first. */
    async list(filter: RecordingFilter) {
      const q = db
        .select({
          recording: recordings,
          book: {
            title: books.title,
            author: books.author,
            description: books.description,
            pdfKey: books.pdfKey,
            coverKey: books.coverKey,
            isPremium: books.isPremium,
            tokenCost: books.tokenCost,
          },
          readerFirstName: users.firstName,
          readerLastName: users.lastName,
        })
        .from(recordings)
        .innerJoin(users, eq(users.id, recordings.readerId))
        .leftJoin(books, eq(books.id, recordings.bookId))
        .where(where(filter))
        .orderBy(desc(recordings.createdAt), asc(recordings.id));
      return filter.limit ? q.limit(filter.limit) : q;
    },

    /** Whether the user is a reader of at least one family (only they can record). */
    async readsForAnyFamily(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(familyMembers)
        .where(and(eq(familyMembers.userId, userId), eq(familyMembers.familyRole, 'reader')))
        .limit(1);
      return Boolean(row);
    },

    async find(id: string) {
      const [row] = await db.select().from(recordings).where(eq(recordings.id, id)).limit(1);
      return row;
    },

    /** The recording `readerId` made from this resumable upload, if any. */
    async findByUpload(uploadId: string, readerId: string) {
      const [row] = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.uploadId, uploadId), eq(recordings.readerId, readerId)))
        .limit(1);
      return row;
    },

    /** The assigned kids of these recordings that belong to families `viewerId` is a member of. */
    /** The kid among these recordings' kids, for its kid device (which sees no other kid). */
    async kidOfDevice(recordingIds: string[], kidId: string) {
      if (!recordingIds.length) return [];
      return db
        .select({ recordingId: recordingKids.recordingId, kidId: kids.id, firstName: kids.firstName, familyId: families.id, familyName: families.name })
        .from(recordingKids)
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(and(inArray(recordingKids.recordingId, recordingIds), eq(kids.id, kidId)));
    },
    /** A kid with its family's name. */
    async kid(kidId: string) {
      const [row] = await db
        .select({ kidId: kids.id, firstName: kids.firstName, age: kids.age, familyId: kids.familyId, familyName: families.name })
        .from(kids)
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(eq(kids.id, kidId))
        .limit(1);
      return row;
    },

    async visibleKids(recordingIds: string[], viewerId: string) {
      if (!recordingIds.length) return [];
      return db
        .select({
          recordingId: recordingKids.recordingId,
          kidId: kids.id,
          firstName: kids.firstName,
          familyId: families.id,
          familyName: families.name,
        })
        .from(recordingKids)
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .innerJoin(familyMembers, and(eq(familyMembers.familyId, kids.familyId), eq(familyMembers.userId, viewerId)))
        .where(inArray(recordingKids.recordingId, recordingIds))
        .orderBy(asc(kids.firstName), asc(kids.id));
    },

    /** Every kid the recording is assigned to, with the kid's family. */
    async assignedKids(recordingId: string) {
      return db
        .select({ kidId: recordingKids.kidId, familyId: kids.familyId })
        .from(recordingKids)
        .innerJoin(kids, eq(kids.id, recordingKids.kidId))
        .where(eq(recordingKids.recordingId, recordingId));
    },

    /** These kids with their family and `userId`'s role in it (null when not a member); unknown kids are left out. */
    async kidsWithRole(kidIds: readonly string[], userId: string) {
      if (!kidIds.length) return [];
      return db
        .select({
          kidId: kids.id,
          firstName: kids.firstName,
          age: kids.age,
          familyId: kids.familyId,
          familyName: families.name,
          role: familyMembers.familyRole,
        })
        .from(kids)
        .innerJoin(families, eq(families.id, kids.familyId))
        .leftJoin(familyMembers, and(eq(familyMembers.familyId, kids.familyId), eq(familyMembers.userId, userId)))
        .where(inArray(kids.id, [...kidIds]));
    },

    /** `userId`'s role in each of these families they belong to. */
    async rolesIn(userId: string, familyIds: readonly string[]) {
      if (!familyIds.length) return new Map<string, string>();
      const rows = await db
        .select({ familyId: familyMembers.familyId, role: familyMembers.familyRole })
        .from(familyMembers)
        .where(and(eq(familyMembers.userId, userId), inArray(familyMembers.familyId, [...familyIds])));
      return new Map(rows.map((r) => [r.familyId, r.role]));
    },

    /** Whether `readerId` is a reader in a family that `userId` belongs to. */
    async readsForFamilyOf(readerId: string, userId: string): Promise<boolean> {
      const reader = alias(familyMembers, 'reader_membership');
      const rows = await db
        .select({ familyId: reader.familyId })
        .from(reader)
        .innerJoin(familyMembers, and(eq(familyMembers.familyId, reader.familyId), eq(familyMembers.userId, userId)))
        .where(and(eq(reader.userId, readerId), eq(reader.familyRole, 'reader')))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts a recording with its first kids, in one transaction. */
    async insert(recording: NewRecording, kidIds: readonly string[], assignedBy: string): Promise<RecordingRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(recordings).values(recording).returning();
        await tx.insert(recordingKids).values(kidIds.map((kidId) => ({ recordingId: recording.id, kidId, assignedBy, assignedAt: recording.createdAt })));
        await tx.execute(storyEvents('story_recorded', recording.id, recording.readerId));
        return row!;
      });
    },

    /** Assigns kids; answers those newly assigned (kids that already had it are skipped). */
    async assign(recordingId: string, kidIds: readonly string[], assignedBy: string, now: Date): Promise<string[]> {
      if (!kidIds.length) return [];
      const rows = await db
        .insert(recordingKids)
        .values(kidIds.map((kidId) => ({ recordingId, kidId, assignedBy, assignedAt: now })))
        .onConflictDoNothing()
        .returning({ kidId: recordingKids.kidId });
      return rows.map((r) => r.kidId);
    },

    /** Deletes a recording (its assignments go with it); answers the deleted row, to remove its files. */
    async delete(id: string) {
      return db.transaction(async (tx) => {
        // Logged first: the families are those of the kids it was assigned to.
        await tx.execute(storyEvents('story_deleted', id, sql`(SELECT reader_id FROM ${recordings} WHERE id = ${id})`));
        const [row] = await tx.delete(recordings).where(eq(recordings.id, id)).returning();
        return row;
      });
    },

    /**
     * A removed member's stories leave the family (issue 25, `remove_stories`): their recordings lose the
     * family's kids, and those assigned to no other kid are deleted; answers the deleted rows, to remove
     * their files. One transaction, with a story_deleted event each.
     */
    async removeFromFamily(readerId: string, familyId: string, actorId: string) {
      return db.transaction(async (tx) => {
        const ids = (
          await tx
            .selectDistinct({ id: recordingKids.recordingId })
            .from(recordingKids)
            .innerJoin(kids, eq(kids.id, recordingKids.kidId))
            .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
            .where(and(eq(recordings.readerId, readerId), eq(kids.familyId, familyId)))
        ).map((r) => r.id);
        if (!ids.length) return [];
        for (const id of ids) await tx.execute(storyEvents('story_deleted', id, actorId, familyId));
        await tx
          .delete(recordingKids)
          .where(and(inArray(recordingKids.recordingId, ids), sql`${recordingKids.kidId} IN (SELECT id FROM ${kids} WHERE family_id = ${familyId})`));
        return tx
          .delete(recordings)
          .where(and(inArray(recordings.id, ids), sql`NOT EXISTS (SELECT 1 FROM ${recordingKids} rk WHERE rk.recording_id = ${recordings.id})`))
          .returning();
      });
    },

    /** Ids of the recordings stored between `from` and `to` that are still processing. */
    async stillProcessing(from: Date, to: Date): Promise<string[]> {
      const rows = await db
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(eq(recordings.status, 'processing'), between(recordings.createdAt, from, to)));
      return rows.map((r) => r.id);
    },

    /** Recordings still processing that were made from a resumable upload (whose hand-over may be unfinished). */
    async awaitingUpload() {
      const rows = await db
        .select({ id: recordings.id, uploadId: recordings.uploadId, readerId: recordings.readerId, originalKey: recordings.originalKey })
        .from(recordings)
        .where(and(eq(recordings.status, 'processing'), isNotNull(recordings.uploadId)));
      return rows.filter((r): r is typeof r & { uploadId: string } => r.uploadId !== null);
    },

    /** Updates a recording that is still processing; undefined when it is not (deleted, or finished by another attempt). */
    async finishProcessing(id: string, patch: RecordingPatch) {
      const [row] = await db
        .update(recordings)
        .set(patch)
        .where(and(eq(recordings.id, id), eq(recordings.status, 'processing')))
        .returning();
      return row;
    },

    async update(id: string, patch: RecordingPatch) {
      await db.update(recordings).set(patch).where(eq(recordings.id, id));
    },

    /**
     * Per reader: their ready recordings (all of them), when the newest was made, and the first names of
     * this family's kids who have one of them (decisions.md "Resolved ambiguities").
     */
    async readerStats(familyId: string, readerIds: readonly string[]) {
      if (!readerIds.length) return { totals: [], readsTo: [] };
      const ready = and(inArray(recordings.readerId, [...readerIds]), eq(recordings.status, 'ready'));
      const [totals, readsTo] = await Promise.all([
        // Only what they recorded for this family's kids: another family's stories are not this family's to count.
        db
          .select({ readerId: recordings.readerId, n: countDistinct(recordings.id), last: max(recordings.createdAt) })
          .from(recordings)
          .innerJoin(recordingKids, eq(recordingKids.recordingId, recordings.id))
          .innerJoin(kids, eq(kids.id, recordingKids.kidId))
          .where(and(ready, eq(kids.familyId, familyId)))
          .groupBy(recordings.readerId),
        db
          .selectDistinct({ readerId: recordings.readerId, kidId: kids.id, firstName: kids.firstName })
          .from(recordings)
          .innerJoin(recordingKids, eq(recordingKids.recordingId, recordings.id))
          .innerJoin(kids, eq(kids.id, recordingKids.kidId))
          .where(and(ready, eq(kids.familyId, familyId)))
          .orderBy(asc(kids.firstName), asc(kids.id)),
      ]);
      return { totals, readsTo };
    },

    /** Ready recordings per kid. */
    async kidStoryCounts(kidIds: readonly string[]) {
      if (!kidIds.length) return [];
      return db
        .select({ kidId: recordingKids.kidId, n: count() })
        .from(recordingKids)
        .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
        .where(and(inArray(recordingKids.kidId, [...kidIds]), eq(recordings.status, 'ready')))
        .groupBy(recordingKids.kidId);
    },

    /** The books a reader has recorded (or is recording); failed recordings do not count. */
    async recordedBookIds(readerId: string) {
      const rows = await db
        .selectDistinct({ bookId: recordings.bookId })
        .from(recordings)
        .where(and(eq(recordings.readerId, readerId), ne(recordings.status, 'failed'), isNotNull(recordings.bookId)));
      return rows.map((r) => r.bookId!);
    },
  };
}
export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
