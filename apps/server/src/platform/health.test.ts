import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../test/context.ts';

// Issue 27.8: a stalled database answers 503 instead of hanging, and /api/health says what is down.

const QUERY_TIMEOUT_MS = 800;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ queryTimeoutMs: QUERY_TIMEOUT_MS });
});
afterAll(() => ctx?.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('health', () => {
  it('checks the storage: 503 naming it when media cannot be written, 200 again once it can', async () => {
    const ok = await get('/api/health');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    // The media folder replaced by a file: nothing can be stored.
    const media = path.join(ctx.dataDir, 'media');
    await rm(media, { recursive: true, force: true });
    await writeFile(media, 'not a folder');
    const down = await get('/api/health');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      code: 'unavailable',
      status: 'unavailable',
      database: 'ok',
      storage: 'down',
      error: SERVER_MESSAGES.notReady(['storage']),
    });
    expect(down.json().requestId).toBeTruthy();
    // Liveness checks nothing: the process answers.
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    await rm(media);
    expect((await get('/api/health')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a stalled or missing PostgreSQL', () => {
  it('answers 503 once the statement timeout fires, instead of hanging', async () => {
    const parent = await ctx.newUser();
    const family = await ctx.newFamily(parent);
    // Another session holds the kids table: the request's statement waits for a lock that never comes.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await ctx.database.sql('SELECT current_database() AS name')).rows[0]!.name}`;
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE kids IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/family/${family.id}/kids`,
        payload: { first_name: 'Leo', age: 3 },
        headers: { cookie: parent.cookie },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'unavailable', error: SERVER_MESSAGES.unavailable });
      expect(Date.now() - started).toBeLessThan(QUERY_TIMEOUT_MS + 3000);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      await blocker.end();
    }
    // Nothing was half-written, and the same request works once the lock is gone.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/family/${family.id}/kids`,
      payload: { first_name: 'Leo', age: 3 },
      headers: { cookie: parent.cookie },
    });
    expect(again.statusCode).toBe(201);
  });

  it('says the database is down when it refuses connections', async () => {
    const name = (await ctx.database.sql('SELECT current_database() AS name')).rows[0]!.name as string;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await get('/api/health');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'unavailable', database: 'down', storage: 'ok', error: SERVER_MESSAGES.notReady(['database']) });
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await expect.poll(async () => (await get('/api/health')).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
