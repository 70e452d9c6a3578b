import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { idempotentRequests as requests } from './idempotency.table.ts';

/** A first request still unanswered after this long is taken to have died with its process: its key is free again. */
export const IDEMPOTENCY_STALE_MS = 60_000;
/** How long an answer is kept for the same request sent again. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

/** What makes two requests the same one: method, address and body. */
export const requestFingerprint = (method: string, url: string, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('base64url');

/** Who sends keys: a signed-in account, or a kid device (decision 018), each with keys of its own. */
export type IdempotencyOwner = { kind: 'user' | 'device'; id: string };

export type Claim =
  { kind: 'first' } | { kind: 'answered'; status: number; body: string; contentType: string | null } | { kind: 'in-progress' } | { kind: 'other-request' };

/**
 * Requests sent with an Idempotency-Key (packages/shared/src/http/idempotency.ts), per caller (an account or a kid device): the first
 * claims the key and its success is kept; the same request sent again gets that answer. A failure frees the
 * key, so the request can be tried again as it is.
 */
export function createIdempotency(db: Db, clock: Clock) {
  const row = (owner: IdempotencyOwner, key: string) => and(eq(requests.owner, owner.id), eq(requests.key, key));
  return {
    /** Claims `key` for a request (its `requestFingerprint`), or answers why not. */
    async claim(owner: IdempotencyOwner, key: string, request: string): Promise<Claim> {
      const now = clock.now();
      const who = owner.kind === 'user' ? { userId: owner.id } : { deviceId: owner.id };
      const claimed = await db
        .insert(requests)
        .values({ owner: owner.id, ...who, key, request, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: requests.key });
      if (claimed.length) return { kind: 'first' };
      const [found] = await db.select().from(requests).where(row(owner, key));
      // Freed by its first request's failure meanwhile: that request is gone, so this one may go on.
      if (!found) return this.claim(owner, key, request);
      if (found.request !== request) return { kind: 'other-request' };
      if (found.status !== null) return { kind: 'answered', status: found.status, body: found.body ?? '', contentType: found.contentType };
      if (now.getTime() - found.createdAt.getTime() < IDEMPOTENCY_STALE_MS) return { kind: 'in-progress' };
      const taken = await db
        .update(requests)
        .set({ createdAt: now })
        .where(and(row(owner, key), isNull(requests.status), eq(requests.createdAt, found.createdAt)))
        .returning({ key: requests.key });
      return taken.length ? { kind: 'first' } : { kind: 'in-progress' };
    },

    /** The first request's success, kept for the same request sent again. */
    async answered(owner: IdempotencyOwner, key: string, status: number, body: string, contentType: string | null): Promise<void> {
      await db.update(requests).set({ status, body, contentType }).where(row(owner, key));
    },

    /** The first request failed (or its answer cannot be kept): the key is free for the request to be tried again. */
    async release(owner: IdempotencyOwner, key: string): Promise<void> {
      await db.delete(requests).where(and(row(owner, key), isNull(requests.status)));
    },

    /** Forgets answers kept longer than IDEMPOTENCY_KEEP_MS. */
    async sweep(): Promise<void> {
      await db.delete(requests).where(lt(requests.createdAt, new Date(clock.now().getTime() - IDEMPOTENCY_KEEP_MS)));
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
