import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'admin-cli.ts');
const tsx = path.join(import.meta.dirname, '../../../node_modules/.bin/tsx');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fst-admin-cli-'));
  const database = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'db') });
  await createAuthRepository(database.db).insertUser({ firstName: 'Ada', lastName: 'Admin', email: 'Ada@Example.com', passwordHash: 'x' });
  await database.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const admin = (...args: string[]) =>
  run(tsx, ['--conditions=@fst/source', cli, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

async function isAdmin(email: string) {
  const database = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'db') });
  try {
    return (await createAuthRepository(database.db).findUserByEmail(email))?.isAdmin;
  } finally {
    await database.close();
  }
}

describe('npm run admin', () => {
  it('grants and revokes site admin by e-mail, whatever its case', async () => {
    const granted = await admin('grant', 'ada@example.com');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain('is now a site admin');
    expect(await isAdmin('ada@example.com')).toBe(true);
    expect((await admin('revoke', 'ADA@example.com')).code).toBe(0);
    expect(await isAdmin('ada@example.com')).toBe(false);
  });

  it('explains its usage and unknown addresses', async () => {
    const usage = await admin('promote');
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: npm run admin -- grant <email>');
    const unknown = await admin('grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account with the e-mail nobody@example.com');
  });
});
