import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, passwordResetTokens, sessions, users } from './auth.table.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow['purpose'];

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export function createAuthRepository(db: Db) {
  // Every API request resolves its session: built once, a prepared statement (no SQL building per request).
  const liveSession = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_live_session');

  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
      return row;
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /** Inserts a user; undefined when the address is taken (unique index on lower(email)). */
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(byEmail(email), ne(users.id, userId)))
        .limit(1);
      return Boolean(row);
    },
    async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ isAdmin }).where(byEmail(email)).returning();
      return row;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },
    async findLiveSession(idHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await liveSession.execute({ idHash, now: now.toISOString() });
      return row;
    },
    async touchSession(idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
    },
    async deleteSession(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    /** Ends every session of a user except `keepIdHash` (password changed elsewhere). */
    async deleteOtherSessions(userId: string, keepIdHash: string | null): Promise<void> {
      await db.delete(sessions).where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId));
    },
    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertResetToken(values: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.insert(passwordResetTokens).values(values);
    },
    /** Marks a live, unused token used and answers its user id: single use even under concurrent requests. */
    async consumeResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId;
    },
    async invalidateResetTokens(userId: string, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    async insertEmailToken(values: typeof emailTokens.$inferInsert): Promise<void> {
      await db.insert(emailTokens).values(values);
    },
    /** Marks a live, unused token of `purpose` used and answers it: single use even under concurrent requests. */
    async consumeEmailToken(tokenHash: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
        .returning();
      return row;
    },
    async findEmailToken(tokenHash: string, purpose: EmailTokenPurpose): Promise<EmailTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
        .limit(1);
      return row;
    },
    async invalidateEmailTokens(userId: string, now: Date): Promise<void> {
      await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
    },
    /**
     * Whether another account may still take `email` back with a live undo link: the address stays theirs
     * until then, or a newcomer could sign up with it to keep the undo from working.
     */
    async addressReserved(email: string, exceptUserId: string | null, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(
          and(
            eq(sql`lower(${emailTokens.email})`, email.toLowerCase()),
            eq(emailTokens.purpose, 'undo'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
            exceptUserId ? ne(emailTokens.userId, exceptUserId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
