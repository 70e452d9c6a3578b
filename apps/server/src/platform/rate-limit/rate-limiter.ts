import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { rateLimits } from './rate-limit.table.ts';

type Limit = { max: number; windowMs: number };
export type RateLimiter = {
  /** Counts an attempt and refuses it (429) when the window already holds `max`. */
  hit(key: string, limit: Limit): Promise<void>;
  /** Refuses (429) when the window already holds `max` attempts, without counting this one. */
  check(key: string, limit: Limit): Promise<void>;
};

/** Fixed-window counter in the database, so every app instance counts the same attempts. */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async check(key, { max, windowMs }) {
      const floor = new Date(clock.now().getTime() - windowMs);
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gte(rateLimits.windowStart, floor)));
      if (row && row.count >= max) throw new AppError('rate_limited', SERVER_MESSAGES.rateLimited);
    },
    async hit(key, { max, windowMs }) {
      const now = clock.now();
      const windowFloor = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.windowStart} < ${windowFloor.toISOString()} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimits.windowStart} < ${windowFloor.toISOString()} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning({ count: rateLimits.count });
      if (row && row.count > max) throw new AppError('rate_limited', SERVER_MESSAGES.rateLimited);
    },
  };
}
