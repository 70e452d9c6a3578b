import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { AppError } from './errors.ts';

const scryptNow = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * Hashes run at once: scrypt runs on libuv's threadpool (UV_THREADPOOL_SIZE threads, 4 by default), which
 * file and media reads, DNS lookups and compression need too. One in four threads, at least one.
 */
export const hashingConcurrency = (threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4) => Math.max(1, Math.floor(threadpool / 4));
// Hashes waiting their turn; past this the server is too busy, and says so (503) rather than queue for ever.
const MAX_WAITING = 32;

export type PasswordHasher = { hash(password: string): Promise<string>; verify(password: string, stored: string): Promise<boolean> };

/**
 * scrypt from node:crypto (memory-hard). The parameters are stored with each hash, so the cost can be
 * raised later and tests can use a cheaper one without breaking existing hashes. Hashes wait in a small
 * queue (p-limit): many at once would take every thread of the pool, and 128 MiB of memory each.
 */
export function createPasswordHasher(logN = 17, queue: { concurrency?: number; maxWaiting?: number } = {}): PasswordHasher {
  const limit = pLimit(queue.concurrency ?? hashingConcurrency());
  const maxWaiting = queue.maxWaiting ?? MAX_WAITING;
  const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) => {
    if (limit.pendingCount >= maxWaiting) return Promise.reject(new AppError('unavailable', SERVER_MESSAGES.unavailable));
    return limit(() => scryptNow(password, salt, keylen, opts));
  };
  const r = 8;
  const p = 1;
  const keylen = 32;
  const maxmem = (opts: { N: number; r: number }) => 128 * opts.N * opts.r * 2;
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const N = 2 ** logN;
      const key = await scrypt(password, salt, keylen, { N, r, p, maxmem: maxmem({ N, r }) });
      return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const [scheme, logNs, rs, ps, saltS, keyS] = stored.split('$');
      const params = [logNs, rs, ps].map(Number);
      if (scheme !== 'scrypt' || !saltS || !keyS || !params.every((n) => Number.isInteger(n) && n > 0)) return false;
      const N = 2 ** Number(logNs);
      const expected = Buffer.from(keyS, 'base64url');
      // A key that decodes to no bytes would compare equal to the empty key derived for any password.
      if (expected.length === 0) return false;
      const key = await scrypt(password, Buffer.from(saltS, 'base64url'), expected.length, {
        N,
        r: Number(rs),
        p: Number(ps),
        maxmem: maxmem({ N, r: Number(rs) }),
      });
      return timingSafeEqual(key, expected);
    },
  };
}
