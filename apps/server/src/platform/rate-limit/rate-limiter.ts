import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { rateLimits } from './rate-limit.table.ts';

type Limit = { max: number; windowMs: number };
/** An attempt counted in a window: `count` is the window's total with it. */
export type Reservation = { key: string; windowStart: Date; count: number };
export type RateLimiter = {
  /**
   * Counts an attempt and refuses it (429, with `message`) when the window already holds `max`. Counted
   * before the work it guards, in one statement, so parallel attempts cannot all pass a check made before
   * any is counted; `release` gives the attempt back when it turns out fine.
   */
  hit(key: string, limit: Limit, message?: string): Promise<Reservation>;
  /** Counts an attempt, refusing nothing: the caller decides from `count`. */
  take(key: string, windowMs: number): Promise<Reservation>;
  /** Gives back a counted attempt (a login that succeeded), if its window is still the current one. */
  release(reservation: Reservation): Promise<void>;
  /** Refuses (429) when the window already holds `max` attempts, without counting this one. */
  check(key: string, limit: Limit): Promise<void>;
};

/** Fixed-window counter in the database, so every app instance counts the same attempts. */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  const take = async (key: string, windowMs: number): Promise<Reservation> => {
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
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    return { key, windowStart: row!.windowStart, count: row!.count };
  };
  return {
    async check(key, { max, windowMs }) {
      const floor = new Date(clock.now().getTime() - windowMs);
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gte(rateLimits.windowStart, floor)));
      if (row && row.count >= max) throw new AppError('rate_limited', SERVER_MESSAGES.rateLimited);
    },
    take,
    async hit(key, { max, windowMs }, message = SERVER_MESSAGES.rateLimited) {
      const reservation = await take(key, windowMs);
      if (reservation.count > max) throw new AppError('rate_limited', message);
      return reservation;
    },
    async release({ key, windowStart }) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
    },
  };
}

/** Gives back one attempt counted by `hit` (one that turned out not to be a failure: a right family code). */
export async function releaseAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
