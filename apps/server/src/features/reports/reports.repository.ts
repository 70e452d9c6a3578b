import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { issueReports } from './reports.table.ts';

export function createReportsRepository(db: Db) {
  return {
    async insert(values: typeof issueReports.$inferInsert) {
      const [row] = await db.insert(issueReports).values(values).returning();
      return row!;
    },
    async list(limit: number) {
      return db.select().from(issueReports).orderBy(desc(issueReports.createdAt)).limit(limit);
    },
    /** Addresses of site admins: flagged accounts plus ADMIN_EMAILS. */
    async adminEmails(configured: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(configured.length ? or(eq(users.isAdmin, true), inArray(sql`lower(${users.email})`, [...configured])) : eq(users.isAdmin, true));
      return [...new Set([...configured, ...rows.map((r) => r.email)])];
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
