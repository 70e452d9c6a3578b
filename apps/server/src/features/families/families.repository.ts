import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { storyRequests } from '../requests/requests.table.ts';
import { familyActivity, families, familyMembers, joinRequests, kids } from './families.table.ts';

export type FamilyRow = typeof families.$inferSelect;
export type KidRow = typeof kids.$inferSelect;
export type FamilyRoleValue = (typeof familyMembers.$inferSelect)['familyRole'];
/** An event of the family's activity log, written in the transaction of the change it records (decision 012). */
export type ActivityEvent = Omit<typeof familyActivity.$inferInsert, 'id' | 'at'>;

// Qualified by hand: with one table in FROM, Drizzle renders ${families.id} as a bare "id", which inside
// these subqueries would mean the subquery's own id column.
const memberCount = sql<number>`(SELECT count(*)::int FROM ${familyMembers} m WHERE m.family_id = "families"."id")`;
const kidsCount = sql<number>`(SELECT count(*)::int FROM ${kids} k WHERE k.family_id = "families"."id")`;

export function createFamiliesRepository(db: Db) {
  return {
    /** Inserts a family with its creator as admin, in one transaction; undefined when the code is taken. */
    async createFamily(name: string, code: string, adminId: string): Promise<FamilyRow | undefined> {
      return db.transaction(async (tx) => {
        const [family] = await tx.insert(families).values({ name, code, createdBy: adminId }).onConflictDoNothing().returning();
        if (!family) return undefined;
        await tx.insert(familyMembers).values({ familyId: family.id, userId: adminId, familyRole: 'admin' });
        return family;
      });
    },
    async findFamily(id: string) {
      const [row] = await db.select().from(families).where(eq(families.id, id)).limit(1);
      return row;
    },
    async findFamilyByCode(code: string) {
      const [row] = await db.select().from(families).where(eq(families.code, code)).limit(1);
      return row;
    },
    async membership(familyId: string, userId: string) {
      const [row] = await db
        .select()
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
        .limit(1);
      return row;
    },
    /** The families of a user with their role and counts, oldest membership first. */
    async familiesOf(userId: string) {
      return db
        .select({
          id: families.id,
          name: families.name,
          role: familyMembers.familyRole,
          memberCount,
          kidsCount,
        })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .where(eq(familyMembers.userId, userId))
        .orderBy(asc(familyMembers.joinedAt), asc(families.name));
    },
    async counts(familyId: string) {
      const [row] = await db.select({ memberCount, kidsCount }).from(families).where(eq(families.id, familyId));
      return row ?? { memberCount: 0, kidsCount: 0 };
    },
    async members(familyId: string) {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          accountRole: users.role,
          familyRole: familyMembers.familyRole,
          relationship: familyMembers.relationship,
        })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(eq(familyMembers.familyId, familyId))
        .orderBy(asc(familyMembers.joinedAt));
    },
    /** Whether two accounts share at least one family. */
    async sharesFamily(userA: string, userB: string): Promise<boolean> {
      const other = alias(familyMembers, 'other');
      const [row] = await db
        .select({ familyId: familyMembers.familyId })
        .from(familyMembers)
        .innerJoin(other, eq(other.familyId, familyMembers.familyId))
        .where(and(eq(familyMembers.userId, userA), eq(other.userId, userB)))
        .limit(1);
      return Boolean(row);
    },
    /** Adds a member; joining twice is harmless (the first role stays, and nothing is logged). */
    async addMember(familyId: string, userId: string, familyRole: FamilyRoleValue, relationship: string | null) {
      await db.transaction(async (tx) => {
        const [added] = await tx.insert(familyMembers).values({ familyId, userId, familyRole, relationship }).onConflictDoNothing().returning();
        if (added) await tx.insert(familyActivity).values({ familyId, type: 'member_joined', actorId: userId });
      });
    },
    /** The family's admins with what an e-mail to them needs. */
    async admins(familyId: string) {
      return db
        .select({ id: users.id, firstName: users.firstName, email: users.email })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.familyRole, 'admin')));
    },
    async search(q: string, limit: number) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select({ id: families.id, name: families.name, memberCount, kidsCount })
        .from(families)
        .where(ilike(families.name, pattern))
        .orderBy(asc(families.name))
        .limit(limit);
    },
    async memberFamilyIds(userId: string, familyIds: string[]) {
      if (!familyIds.length) return new Set<string>();
      const rows = await db
        .select({ id: familyMembers.familyId })
        .from(familyMembers)
        .where(and(eq(familyMembers.userId, userId), inArray(familyMembers.familyId, familyIds)));
      return new Set(rows.map((r) => r.id));
    },
    async pendingRequestFamilyIds(userId: string, familyIds: string[]) {
      if (!familyIds.length) return new Set<string>();
      const rows = await db
        .select({ id: joinRequests.familyId })
        .from(joinRequests)
        .where(and(eq(joinRequests.requesterId, userId), eq(joinRequests.status, 'pending'), inArray(joinRequests.familyId, familyIds)));
      return new Set(rows.map((r) => r.id));
    },

    /** The kid with its family and `userId`'s role in that family (null when not a member), in one statement. */
    async kidWithMembership(kidId: string, userId: string) {
      const [row] = await db
        .select({ id: kids.id, firstName: kids.firstName, familyId: kids.familyId, familyName: families.name, role: familyMembers.familyRole })
        .from(kids)
        .innerJoin(families, eq(families.id, kids.familyId))
        .leftJoin(familyMembers, and(eq(familyMembers.familyId, kids.familyId), eq(familyMembers.userId, userId)))
        .where(eq(kids.id, kidId))
        .limit(1);
      return row;
    },
    async kids(familyId: string) {
      return db.select().from(kids).where(eq(kids.familyId, familyId)).orderBy(asc(kids.createdAt), asc(kids.firstName));
    },
    async kidCounts(familyId: string) {
      const [row] = await db.select({ n: count() }).from(kids).where(eq(kids.familyId, familyId));
      return row?.n ?? 0;
    },
    async insertKid(familyId: string, firstName: string, age: number, actorId: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(kids).values({ familyId, firstName, age }).returning();
        await tx.insert(familyActivity).values({ familyId, type: 'kid_added', actorId, subjectText: firstName });
        return row!;
      });
    },
    async updateKid(familyId: string, kidId: string, firstName: string, age: number) {
      const [row] = await db
        .update(kids)
        .set({ firstName, age })
        .where(and(eq(kids.id, kidId), eq(kids.familyId, familyId)))
        .returning();
      return row;
    },
    async deleteKid(familyId: string, kidId: string, actorId: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(kids)
          .where(and(eq(kids.id, kidId), eq(kids.familyId, familyId)))
          .returning();
        if (row) await tx.insert(familyActivity).values({ familyId, type: 'kid_removed', actorId, subjectText: row.firstName });
        return Boolean(row);
      });
    },

    /** A pending request; asking again while one is pending answers the existing one. */
    async upsertPendingRequest(familyId: string, requesterId: string, relationship: string | null) {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(joinRequests).values({ familyId, requesterId, relationship }).onConflictDoNothing().returning({ id: joinRequests.id });
        if (row) await tx.insert(familyActivity).values({ familyId, type: 'join_requested', actorId: requesterId });
        return row;
      });
      if (created) return created.id;
      const [existing] = await db
        .select({ id: joinRequests.id })
        .from(joinRequests)
        .where(and(eq(joinRequests.familyId, familyId), eq(joinRequests.requesterId, requesterId), eq(joinRequests.status, 'pending')));
      return existing!.id;
    },
    async pendingRequests(familyId: string) {
      return db
        .select({
          id: joinRequests.id,
          familyId: joinRequests.familyId,
          relationship: joinRequests.relationship,
          createdAt: joinRequests.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(joinRequests)
        .innerJoin(users, eq(users.id, joinRequests.requesterId))
        .where(and(eq(joinRequests.familyId, familyId), eq(joinRequests.status, 'pending')))
        .orderBy(asc(joinRequests.createdAt));
    },
    /** The user's own pending requests with their families' names, oldest first. */
    async pendingRequestsOf(userId: string) {
      return db
        .select({
          id: joinRequests.id,
          familyId: joinRequests.familyId,
          familyName: families.name,
          relationship: joinRequests.relationship,
          createdAt: joinRequests.createdAt,
        })
        .from(joinRequests)
        .innerJoin(families, eq(families.id, joinRequests.familyId))
        .where(and(eq(joinRequests.requesterId, userId), eq(joinRequests.status, 'pending')))
        .orderBy(asc(joinRequests.createdAt));
    },
    /** Withdraws the requester's own pending request, with its event; false when there was none to withdraw. */
    async withdrawRequest(requestId: string, requesterId: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(joinRequests)
          .set({ status: 'withdrawn', reviewedAt: now })
          .where(and(eq(joinRequests.id, requestId), eq(joinRequests.requesterId, requesterId), eq(joinRequests.status, 'pending')))
          .returning({ familyId: joinRequests.familyId });
        if (row) await tx.insert(familyActivity).values({ familyId: row.familyId, type: 'join_withdrawn', actorId: requesterId });
        return Boolean(row);
      });
    },
    async findRequest(familyId: string, requestId: string) {
      const [row] = await db
        .select({ request: joinRequests, requesterRole: users.role })
        .from(joinRequests)
        .innerJoin(users, eq(users.id, joinRequests.requesterId))
        .where(and(eq(joinRequests.id, requestId), eq(joinRequests.familyId, familyId)))
        .limit(1);
      return row;
    },
    /**
     * Settles a pending request; on approval the requester joins with the given role, in the same
     * transaction. Answers false when the request was no longer pending (reviewed twice at once).
     */
    async settleRequest(
      requestId: string,
      decision: {
        status: 'approved' | 'rejected';
        reviewerId: string;
        now: Date;
        join?: { familyId: string; userId: string; role: FamilyRoleValue; relationship: string | null };
      },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(joinRequests)
          .set({ status: decision.status, reviewedAt: decision.now, reviewedBy: decision.reviewerId })
          .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, 'pending')))
          .returning({ id: joinRequests.id });
        if (!row) return false;
        const [request] = await tx.select().from(joinRequests).where(eq(joinRequests.id, requestId));
        await tx.insert(familyActivity).values({
          familyId: request!.familyId,
          type: decision.status === 'approved' ? 'join_approved' : 'join_declined',
          actorId: decision.reviewerId,
          subjectUserId: request!.requesterId,
        });
        if (decision.join) {
          const j = decision.join;
          await tx
            .insert(familyMembers)
            .values({ familyId: j.familyId, userId: j.userId, familyRole: j.role, relationship: j.relationship })
            .onConflictDoNothing();
        }
        return true;
      });
    },

    async people(userIds: string[]) {
      if (!userIds.length) return [];
      return db.select({ id: users.id, firstName: users.firstName, email: users.email }).from(users).where(inArray(users.id, userIds));
    },
    /** The family's members with what an e-mail to them needs. */
    async memberContacts(familyId: string) {
      return db
        .select({ id: users.id, firstName: users.firstName, email: users.email })
        .from(familyMembers)
        .innerJoin(users, eq(users.id, familyMembers.userId))
        .where(eq(familyMembers.familyId, familyId));
    },
    /**
     * Deletes a family in one transaction (docs/decisions/016): the recordings assigned to its kids and to no
     * other family's kid, then the family, whose kids, members, requests, assignments, playlists, activity and
     * AI stories go with it (foreign keys). Answers the storage keys of what was deleted, for the caller to
     * delete after the commit; null when there was no such family.
     */
    async deleteFamily(familyId: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const onlyHere = await tx.execute(sql`
          DELETE FROM recordings r
          WHERE EXISTS (SELECT 1 FROM recording_kids rk JOIN kids k ON k.id = rk.kid_id WHERE rk.recording_id = r.id AND k.family_id = ${familyId})
            AND NOT EXISTS (SELECT 1 FROM recording_kids rk JOIN kids k ON k.id = rk.kid_id WHERE rk.recording_id = r.id AND k.family_id <> ${familyId})
          RETURNING r.media_key, r.original_key, r.poster_key`);
        const aiStories = await tx.execute(sql`SELECT media_key FROM ai_recordings WHERE family_id = ${familyId}`);
        const [gone] = await tx.delete(families).where(eq(families.id, familyId)).returning({ id: families.id });
        if (!gone) return null;
        return keysOf([...rowsOf(onlyHere), ...rowsOf(aiStories)]);
      });
    },
    /** Admins of the family other than `userId`. */
    async otherAdminCount(familyId: string, userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(familyMembers)
        .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.familyRole, 'admin'), ne(familyMembers.userId, userId)));
      return row?.n ?? 0;
    },
    /**
     * Ends a membership (removal or leaving) with its event, in one transaction: the person's pending story
     * requests of this family (asked of them, or asked by them) are cancelled with it. Answers false when they
     * were not a member.
     */
    async endMembership(familyId: string, userId: string, event: ActivityEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(familyMembers)
          .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)))
          .returning();
        if (!gone) return false;
        await tx
          .update(storyRequests)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(storyRequests.familyId, familyId),
              eq(storyRequests.status, 'pending'),
              or(eq(storyRequests.readerId, userId), eq(storyRequests.requestedBy, userId)),
            ),
          );
        await tx.insert(familyActivity).values(event);
        return true;
      });
    },
    /** Makes a member admin with its event; answers false when they already were. */
    async makeAdmin(familyId: string, userId: string, actorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(familyMembers)
          .set({ familyRole: 'admin' })
          .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId), ne(familyMembers.familyRole, 'admin')))
          .returning();
        if (row) await tx.insert(familyActivity).values({ familyId, type: 'admin_granted', actorId, subjectUserId: userId });
        return Boolean(row);
      });
    },
    /** Replaces the family's code; undefined when the new code is taken (the caller draws again). */
    async changeCode(familyId: string, code: string, actorId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: families.id }).from(families).where(eq(families.code, code));
        if (taken) return false;
        await tx.update(families).set({ code }).where(eq(families.id, familyId));
        await tx.insert(familyActivity).values({ familyId, type: 'code_changed', actorId });
        return true;
      });
    },
    async updateSettings(familyId: string, settings: { codeJoinsNeedApproval: boolean }, actorId: string, subjectText: string) {
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(families)
          .set(settings)
          .where(and(eq(families.id, familyId), ne(families.codeJoinsNeedApproval, settings.codeJoinsNeedApproval)))
          .returning({ id: families.id });
        if (changed) await tx.insert(familyActivity).values({ familyId, type: 'settings_changed', actorId, subjectText });
      });
    },
    /** A page of the family's activity, newest first, with the names of the people as they are now. */
    async activity(familyId: string, limit: number, offset: number) {
      const actor = alias(users, 'actor');
      const subject = alias(users, 'subject');
      return db
        .select({
          id: familyActivity.id,
          type: familyActivity.type,
          at: familyActivity.at,
          subjectText: familyActivity.subjectText,
          actorFirst: actor.firstName,
          actorLast: actor.lastName,
          subjectFirst: subject.firstName,
          subjectLast: subject.lastName,
        })
        .from(familyActivity)
        .leftJoin(actor, eq(actor.id, familyActivity.actorId))
        .leftJoin(subject, eq(subject.id, familyActivity.subjectUserId))
        .where(eq(familyActivity.familyId, familyId))
        .orderBy(desc(familyActivity.at), desc(familyActivity.id))
        .limit(limit)
        .offset(offset);
    },
  };
}
export type FamiliesRepository = ReturnType<typeof createFamiliesRepository>;

type KeyRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: KeyRow[] }).rows;
/** The storage keys named in rows (media, original and poster columns), each once. */
export const keysOf = (rows: KeyRow[]) => [
  ...new Set(rows.flatMap((r) => [r.media_key, r.original_key, r.poster_key]).filter((k): k is string => typeof k === 'string' && k.length > 0)),
];
