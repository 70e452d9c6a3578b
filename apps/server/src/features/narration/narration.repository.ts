import { and, asc, between, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { books } from '../books/books.table.ts';
import { families, familyMembers, kids } from '../families/families.table.ts';
import { recordingKids, recordings } from '../recordings/recordings.table.ts';
import { aiGenerations, aiRecordingKids, aiRecordings, voiceClones, voiceConsentChanges, voiceConsents } from './narration.table.ts';

export type VoiceCloneRow = typeof voiceClones.$inferSelect;
export type AiRecordingRow = typeof aiRecordings.$inferSelect;
export type NewAiRecording = typeof aiRecordings.$inferInsert & { id: string };
export type AiRecordingPatch = Partial<
  Pick<AiRecordingRow, 'status' | 'failureReason' | 'mediaKey' | 'mime' | 'sizeBytes' | 'durationSeconds' | 'pageTrack' | 'finishedAt'>
>;

/** Which AI stories a list holds, as one viewer sees them (always only those of the viewer's families). */
export type AiRecordingFilter = { id?: string; familyId?: string; kidId?: string; onlyReady?: boolean; limit?: number };

/** Queries that may run inside a transaction (given its `tx`). */
function narrationQueries(db: Db) {
  return {
    /** Serialises clone changes of one reader until the transaction ends. */
    async lockReader(readerId: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`voice:${readerId}`}))`);
    },
    /** Serialises one family's generations of one month until the transaction ends. */
    async lockFamilyMonth(familyId: string, month: string) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`ai:${familyId}:${month}`}))`);
    },

    async consent(readerId: string) {
      const [row] = await db.select().from(voiceConsents).where(eq(voiceConsents.readerId, readerId)).limit(1);
      return row;
    },

    async clone(readerId: string): Promise<VoiceCloneRow | undefined> {
      const [row] = await db.select().from(voiceClones).where(eq(voiceClones.readerId, readerId)).limit(1);
      return row;
    },

    /**
     * Saves the reader's voice in place of any earlier one, under the same id (stories waiting for the
     * voice then use the new one); answers the saved row and the earlier one (to remove at its provider).
     */
    async replaceClone(row: typeof voiceClones.$inferInsert & { id: string }): Promise<{ saved: VoiceCloneRow; previous: VoiceCloneRow | undefined }> {
      const [previous] = await db.select().from(voiceClones).where(eq(voiceClones.readerId, row.readerId)).limit(1);
      const [saved] = previous
        ? await db
            .update(voiceClones)
            .set({ ...row, id: previous.id })
            .where(eq(voiceClones.id, previous.id))
            .returning()
        : await db.insert(voiceClones).values(row).returning();
      return { saved: saved!, previous };
    },

    async deleteClone(readerId: string): Promise<VoiceCloneRow | undefined> {
      const [row] = await db.delete(voiceClones).where(eq(voiceClones.readerId, readerId)).returning();
      return row;
    },

    /** AI stories the family made in a month (a failed one was given back). */
    async generationsUsed(familyId: string, month: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(aiGenerations)
        .where(and(eq(aiGenerations.familyId, familyId), eq(aiGenerations.month, month)));
      return row?.n ?? 0;
    },

    /** The AI story of this book in this reader's voice for the kid, unless it failed. */
    async existingAi(readerId: string, bookId: string, kidId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: aiRecordings.id })
        .from(aiRecordings)
        .innerJoin(aiRecordingKids, and(eq(aiRecordingKids.aiRecordingId, aiRecordings.id), eq(aiRecordingKids.kidId, kidId)))
        .where(and(eq(aiRecordings.readerId, readerId), eq(aiRecordings.bookId, bookId), ne(aiRecordings.status, 'failed')))
        .orderBy(desc(aiRecordings.createdAt))
        .limit(1);
      return row?.id;
    },

    /** Stores a new AI story for its first kid, and counts it in the family's month, together. */
    async insertAiRecording(row: NewAiRecording, kidId: string, month: string) {
      await db.insert(aiRecordings).values(row);
      await db.insert(aiRecordingKids).values({ aiRecordingId: row.id, kidId, assignedBy: row.requestedBy, assignedAt: row.createdAt });
      await db.insert(aiGenerations).values({ familyId: row.familyId, month, aiRecordingId: row.id, createdAt: row.createdAt });
    },
  };
}
export type NarrationTx = ReturnType<typeof narrationQueries>;

export function createNarrationRepository(db: Db) {
  const requester = alias(users, 'requester');
  const viewerMembership = alias(familyMembers, 'viewer_membership');

  const where = (f: AiRecordingFilter): SQL[] => {
    const c: SQL[] = [];
    if (f.id) c.push(eq(aiRecordings.id, f.id));
    if (f.familyId) c.push(eq(aiRecordings.familyId, f.familyId));
    if (f.kidId) c.push(sql`EXISTS (SELECT 1 FROM ${aiRecordingKids} ark WHERE ark.ai_recording_id = ${aiRecordings.id} AND ark.kid_id = ${f.kidId})`);
    if (f.onlyReady) c.push(eq(aiRecordings.status, 'ready'));
    return c;
  };

  return {
    ...narrationQueries(db),
    /** Runs `fn` in one transaction with the queries bound to it (on PGlite, `db` inside would hang). */
    transaction<T>(fn: (tx: NarrationTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(narrationQueries(tx as unknown as Db)));
    },

    async user(id: string) {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },

    /** Saves the reader's answer, with when it was given, and adds it to their consent history. */
    async saveConsent(readerId: string, allowed: boolean, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .insert(voiceConsents)
          .values({ readerId, allowed, updatedAt: now })
          .onConflictDoUpdate({ target: voiceConsents.readerId, set: { allowed, updatedAt: now } });
        await tx.insert(voiceConsentChanges).values({ readerId, allowed, at: now });
      });
    },

    /** Notes that the reader is being asked for consent now, unless they were asked since `notBefore`; true when they should be asked. */
    async claimConsentRequest(readerId: string, now: Date, notBefore: Date): Promise<boolean> {
      const rows = await db
        .insert(voiceConsents)
        .values({ readerId, allowed: false, updatedAt: null, lastAskedAt: now })
        .onConflictDoUpdate({
          target: voiceConsents.readerId,
          set: { lastAskedAt: now },
          setWhere: or(isNull(voiceConsents.lastAskedAt), lt(voiceConsents.lastAskedAt, notBefore)),
        })
        .returning({ readerId: voiceConsents.readerId });
      return rows.length > 0;
    },

    /** The families where `readerId` reads and `userId` is a member, with `userId`'s role there. */
    async sharedReaderFamilies(readerId: string, userId: string) {
      const reader = alias(familyMembers, 'reader_membership');
      return db
        .select({ familyId: reader.familyId, role: familyMembers.familyRole })
        .from(reader)
        .innerJoin(familyMembers, and(eq(familyMembers.familyId, reader.familyId), eq(familyMembers.userId, userId)))
        .where(and(eq(reader.userId, readerId), eq(reader.familyRole, 'reader')));
    },

    /** The families where this person is a reader. */
    async readerFamilyIds(readerId: string): Promise<string[]> {
      const rows = await db
        .select({ familyId: familyMembers.familyId })
        .from(familyMembers)
        .where(and(eq(familyMembers.userId, readerId), eq(familyMembers.familyRole, 'reader')));
      return rows.map((r) => r.familyId);
    },

    async kid(kidId: string) {
      const [row] = await db
        .select({ id: kids.id, firstName: kids.firstName, age: kids.age, familyId: kids.familyId, familyName: families.name })
        .from(kids)
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(eq(kids.id, kidId))
        .limit(1);
      return row;
    },

    async isReaderOf(familyId: string, readerId: string): Promise<boolean> {
      const [row] = await db
        .select({ role: familyMembers.familyRole })
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, readerId), eq(familyMembers.familyRole, 'reader')))
        .limit(1);
      return Boolean(row);
    },

    /**
     * The reader's ready recordings (those with `ids` when given), newest first; with `visibleTo`, only
     * those assigned to a kid of one of that person's families.
     */
    async readyRecordings(readerId: string, opts: { ids?: readonly string[]; visibleTo?: string } = {}) {
      const c: SQL[] = [eq(recordings.readerId, readerId), eq(recordings.status, 'ready')];
      if (opts.ids) c.push(inArray(recordings.id, opts.ids.length ? [...opts.ids] : ['00000000-0000-0000-0000-000000000000']));
      if (opts.visibleTo) {
        c.push(
          sql`EXISTS (SELECT 1 FROM ${recordingKids} rk JOIN ${kids} k ON k.id = rk.kid_id JOIN ${familyMembers} fm ON fm.family_id = k.family_id WHERE rk.recording_id = ${recordings.id} AND fm.user_id = ${opts.visibleTo})`,
        );
      }
      return db
        .select({
          id: recordings.id,
          bookId: recordings.bookId,
          mediaKey: recordings.mediaKey,
          mime: recordings.mime,
          durationSeconds: recordings.durationSeconds,
          pageTrack: recordings.pageTrack,
        })
        .from(recordings)
        .where(and(...c))
        .orderBy(desc(recordings.createdAt), asc(recordings.id));
    },

    /** The reader's own reading of this book for the kid (not a failed one). */
    async existingManual(readerId: string, bookId: string, kidId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: recordings.id })
        .from(recordings)
        .innerJoin(recordingKids, and(eq(recordingKids.recordingId, recordings.id), eq(recordingKids.kidId, kidId)))
        .where(and(eq(recordings.readerId, readerId), eq(recordings.bookId, bookId), ne(recordings.status, 'failed')))
        .orderBy(desc(recordings.createdAt))
        .limit(1);
      return row?.id;
    },

    async cloneById(id: string): Promise<VoiceCloneRow | undefined> {
      const [row] = await db.select().from(voiceClones).where(eq(voiceClones.id, id)).limit(1);
      return row;
    },

    /** Clones of these readers, with their names. */
    async clonesOf(readerIds: readonly string[]) {
      if (!readerIds.length) return [];
      return db
        .select({ clone: voiceClones, firstName: users.firstName, lastName: users.lastName })
        .from(voiceClones)
        .innerJoin(users, eq(users.id, voiceClones.readerId))
        .where(inArray(voiceClones.readerId, [...readerIds]));
    },

    async consents(readerIds: readonly string[]) {
      if (!readerIds.length) return [];
      return db
        .select()
        .from(voiceConsents)
        .where(inArray(voiceConsents.readerId, [...readerIds]));
    },

    /**
     * AI stories of the viewer's families, newest first, with their book, reader, requester and the
     * viewer's role in the story's family.
     */
    async list(filter: AiRecordingFilter, viewerId: string | null) {
      const q = db
        .select({
          ai: aiRecordings,
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
          requesterFirstName: requester.firstName,
          requesterLastName: requester.lastName,
          viewerRole: viewerMembership.familyRole,
        })
        .from(aiRecordings)
        // No viewer (a kid device, whose filter names its kid and family): no role, nothing more seen.
        .leftJoin(
          viewerMembership,
          viewerId === null ? sql`false` : and(eq(viewerMembership.familyId, aiRecordings.familyId), eq(viewerMembership.userId, viewerId)),
        )
        .innerJoin(users, eq(users.id, aiRecordings.readerId))
        .leftJoin(requester, eq(requester.id, aiRecordings.requestedBy))
        .leftJoin(books, eq(books.id, aiRecordings.bookId))
        .where(and(...where(filter), viewerId === null ? undefined : isNotNull(viewerMembership.userId)))
        .orderBy(desc(aiRecordings.createdAt), asc(aiRecordings.id));
      return filter.limit ? q.limit(filter.limit) : q;
    },

    /** The kids each of these AI stories is for, with their family. */
    async kidsOf(aiRecordingIds: readonly string[]) {
      if (!aiRecordingIds.length) return [];
      return db
        .select({ aiRecordingId: aiRecordingKids.aiRecordingId, kidId: kids.id, firstName: kids.firstName, familyId: families.id, familyName: families.name })
        .from(aiRecordingKids)
        .innerJoin(kids, eq(kids.id, aiRecordingKids.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(inArray(aiRecordingKids.aiRecordingId, [...aiRecordingIds]))
        .orderBy(asc(kids.firstName), asc(kids.id));
    },

    async find(id: string): Promise<AiRecordingRow | undefined> {
      const [row] = await db.select().from(aiRecordings).where(eq(aiRecordings.id, id)).limit(1);
      return row;
    },

    /** Ids of the AI stories asked for between `from` and `to` that are not made yet. */
    async unfinished(from: Date, to: Date): Promise<string[]> {
      const rows = await db
        .select({ id: aiRecordings.id })
        .from(aiRecordings)
        .where(and(inArray(aiRecordings.status, ['pending', 'processing']), between(aiRecordings.createdAt, from, to)));
      return rows.map((r) => r.id);
    },

    /** Moves a waiting story to processing (or answers it already processing: a retried attempt). */
    async startProcessing(id: string): Promise<AiRecordingRow | undefined> {
      const [row] = await db
        .update(aiRecordings)
        .set({ status: 'processing' })
        .where(and(eq(aiRecordings.id, id), inArray(aiRecordings.status, ['pending', 'processing'])))
        .returning();
      return row;
    },

    /** Finishes a story still being made; undefined when it is not (deleted, or finished by another attempt). */
    async finish(id: string, patch: AiRecordingPatch): Promise<AiRecordingRow | undefined> {
      const [row] = await db
        .update(aiRecordings)
        .set(patch)
        .where(and(eq(aiRecordings.id, id), inArray(aiRecordings.status, ['pending', 'processing'])))
        .returning();
      return row;
    },

    /** A story that could not be made does not count in the family's month. */
    async releaseGeneration(aiRecordingId: string) {
      await db.delete(aiGenerations).where(eq(aiGenerations.aiRecordingId, aiRecordingId));
    },

    /** Gives the story to one more kid; false when the kid already has it. */
    async assign(aiRecordingId: string, kidId: string, assignedBy: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(aiRecordingKids)
        .values({ aiRecordingId, kidId, assignedBy, assignedAt: now })
        .onConflictDoNothing()
        .returning({ kidId: aiRecordingKids.kidId });
      return rows.length > 0;
    },

    async delete(id: string): Promise<AiRecordingRow | undefined> {
      const [row] = await db.delete(aiRecordings).where(eq(aiRecordings.id, id)).returning();
      return row;
    },

    /** Ready AI stories per kid. */
    async readyCountsByKid(kidIds: readonly string[]) {
      if (!kidIds.length) return [];
      return db
        .select({ kidId: aiRecordingKids.kidId, n: count() })
        .from(aiRecordingKids)
        .innerJoin(aiRecordings, eq(aiRecordings.id, aiRecordingKids.aiRecordingId))
        .where(and(inArray(aiRecordingKids.kidId, [...kidIds]), eq(aiRecordings.status, 'ready')))
        .groupBy(aiRecordingKids.kidId);
    },
  };
}
export type NarrationRepository = ReturnType<typeof createNarrationRepository>;
