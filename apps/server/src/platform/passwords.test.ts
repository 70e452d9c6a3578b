import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createPasswordHasher, hashingConcurrency } from './passwords.ts';

// A cheap cost for most tests; the default (2^17) takes about half a second per hash.
const hasher = createPasswordHasher(10);

describe('createPasswordHasher', () => {
  it('verifies the password it hashed', async () => {
    const stored = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horse', stored)).toBe(true);
  });

  it('refuses a wrong password', async () => {
    const stored = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts each hash, so the same password hashes differently', async () => {
    const [a, b] = await Promise.all([hasher.hash('same'), hasher.hash('same')]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await hasher.verify('same', a)).toBe(true);
    expect(await hasher.verify('same', b)).toBe(true);
  });

  it('stores scheme and parameters with the default cost: scrypt$17$8$1$salt$key', async () => {
    const strong = createPasswordHasher();
    const stored = await strong.hash('secret');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await strong.verify('secret', stored)).toBe(true);
  });

  it('verifies a cheaper hash with a default-cost hasher, reading the cost from the hash', async () => {
    const stored = await createPasswordHasher(10).hash('secret');
    expect(stored.startsWith('scrypt$10$8$1$')).toBe(true);
    const strong = createPasswordHasher();
    expect(await strong.verify('secret', stored)).toBe(true);
    expect(await strong.verify('other', stored)).toBe(false);
  });

  it('returns false for a stored string it cannot read', async () => {
    const stored = await hasher.hash('secret');
    const [, logN, r, p, salt] = stored.split('$');
    for (const garbage of [
      '',
      'garbage',
      'scrypt$',
      'bcrypt$10$8$1$abc$def',
      `scrypt$${logN}$${r}$${p}$${salt}$`,
      `scrypt$x$y$z$${salt}$abcdef`,
      // A key that decodes to no bytes must not match every password.
      `scrypt$${logN}$${r}$${p}$${salt}$!!!`,
    ]) {
      expect(await hasher.verify('secret', garbage), garbage).toBe(false);
    }
  });

  it('returns false when the stored key was tampered with', async () => {
    const stored = await hasher.hash('secret');
    const parts = stored.split('$');
    const key = parts[5]!;
    parts[5] = (key[0] === 'A' ? 'B' : 'A') + key.slice(1);
    expect(await hasher.verify('secret', parts.join('$'))).toBe(false);
  });
});

describe('the hashing queue (issue 27, finding 5)', () => {
  it('leaves the threadpool to file reads while many hashes wait', async () => {
    const costly = createPasswordHasher(14);
    const started = performance.now();
    await costly.hash('alone');
    const oneHash = performance.now() - started;
    // Sixteen at once, as sixteen parallel signups would ask; then a file read, which needs a pool thread.
    const hashes = Promise.all(Array.from({ length: 16 }, (_, i) => costly.hash(`p${i}`)));
    await new Promise((resolve) => setImmediate(resolve));
    const readStarted = performance.now();
    await Promise.all([readFile(import.meta.filename), readFile(import.meta.filename)]);
    const read = performance.now() - readStarted;
    await hashes;
    // Unbounded, the read waited for four hashes on each of the pool's four threads.
    expect(read).toBeLessThan(oneHash / 2);
  });

  it('answers 503 when too many hashes wait, and hashes again once the queue drains', async () => {
    const small = createPasswordHasher(12, { concurrency: 1, maxWaiting: 2 });
    const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => small.hash(`p${i}`)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    const refused = (settled[3] as PromiseRejectedResult).reason;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'unavailable', status: 503 });
    expect(await small.verify('p0', (settled[0] as PromiseFulfilledResult<string>).value)).toBe(true);
  });

  it('runs one hash at a time on the default pool of four threads, more on a larger pool', () => {
    expect(hashingConcurrency(4)).toBe(1);
    expect(hashingConcurrency(2)).toBe(1);
    expect(hashingConcurrency(16)).toBe(4);
  });
});
