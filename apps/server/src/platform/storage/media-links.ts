import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { LINK_EXPIRY_STEP_S } from './storage.ts';

export const MEDIA_PATH = '/api/media/';
// Expiry times are rounded up to this step, so lists fetched a minute apart carry the same links and the
// browser can reuse what it has cached.
const EXPIRY_STEP_S = LINK_EXPIRY_STEP_S;

/**
 * Signed, expiring links to stored objects: `/api/media/<key>?exp=<unix seconds>&sig=<HMAC-SHA256 of key
 * and expiry>`. The secret is shared by every app instance (it lives in the database), so a link made
 * by one is honoured by all.
 */
export function createMediaLinks(opts: { secret: string; clock: Clock }) {
  const mac = (key: string, exp: number) => createHmac('sha256', opts.secret).update(`${key}\n${exp}`).digest('base64url');

  return {
    /** A link to `key` valid for at least `ttlMs` (and at most LINK_EXPIRY_STEP_S more). */
    link(key: string, ttlMs: number): string {
      const exp = Math.ceil((opts.clock.now().getTime() + ttlMs) / 1000 / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      return `${MEDIA_PATH}${key}?exp=${exp}&sig=${mac(key, exp)}`;
    },
    /** Whether `sig` is this server's signature of `key` until `exp`, and `exp` has not passed. */
    verify(key: string, exp: string | undefined, sig: string | undefined): boolean {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      const expiry = Number(exp);
      if (expiry * 1000 <= opts.clock.now().getTime()) return false;
      // Compared as text: two spellings of the same bytes are not both accepted.
      return timingSafeEqual(Buffer.from(mac(key, expiry)), Buffer.from(sig));
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
