import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { families, familyMembers, joinRequests, kids } from './families.table.ts';

export type FamilyRow = typeof families.$inferSelect;
export type KidRow = typeof kids.$inferSelect;
export type FamilyRoleValue = (typeof familyMembers.$inferSelect)['familyRole'];

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
    /** Adds a member; joining twice is harmless (the first role stays). */
    async addMember(familyId: string, userId: string, familyRole: FamilyRoleValue, relationship: string | null) {
      await db.insert(familyMembers).values({ familyId, userId, familyRole, relationship }).onConflictDoNothing();
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
    async insertKid(familyId: string, firstName: string, age: number) {
      const [row] = await db.insert(kids).values({ familyId, firstName, age }).returning();
      return row!;
    },
    async updateKid(familyId: string, kidId: string, firstName: string, age: number) {
      const [row] = await db
        .update(kids)
        .set({ firstName, age })
        .where(and(eq(kids.id, kidId), eq(kids.familyId, familyId)))
        .returning();
      return row;
    },
    async deleteKid(familyId: string, kidId: string) {
      const [row] = await db.delete(kids).where(and(eq(kids.id, kidId), eq(kids.familyId, familyId))).returning({ id: kids.id });
      return Boolean(row);
    },

    /** A pending request; asking again while one is pending answers the existing one. */
    async upsertPendingRequest(familyId: string, requesterId: string, relationship: string | null) {
      const [created] = await db
        .insert(joinRequests)
        .values({ familyId, requesterId, relationship })
        .onConflictDoNothing()
        .returning({ id: joinRequests.id });
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
      decision: { status: 'approved' | 'rejected'; reviewerId: string; now: Date; join?: { familyId: string; userId: string; role: FamilyRoleValue; relationship: string | null } },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(joinRequests)
          .set({ status: decision.status, reviewedAt: decision.now, reviewedBy: decision.reviewerId })
          .where(and(eq(joinRequests.id, requestId), eq(joinRequests.status, 'pending')))
          .returning({ id: joinRequests.id });
        if (!row) return false;
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
  };
}
export type FamiliesRepository = ReturnType<typeof createFamiliesRepository>;
