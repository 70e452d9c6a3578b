import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export type PasswordHasher = { hash(password: string): Promise<string>; verify(password: string, stored: string): Promise<boolean> };

/**
 * scrypt from node:crypto (memory-hard). The parameters are stored with each hash, so the cost can be
 * raised later and tests can use a cheaper one without breaking existing hashes.
 */
export function createPasswordHasher(logN = 17): PasswordHasher {
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
