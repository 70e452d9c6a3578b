import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../../test/context.ts';
import type { JobAttempt } from './jobs.ts';
import { createPgBossJobs, renewJobLease } from './pg-boss-jobs.ts';

// pg-boss 10 on the app's own connection: PGlite by default, PostgreSQL with TEST_DATABASE_URL.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const quiet = { error: () => {}, warn: () => {} };
const until = async (check: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the pg-boss job queue', () => {
  it('does a job once, at once, with its data', async () => {
    const jobs = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 30 });
    const seen: { data: object; attempt: JobAttempt }[] = [];
    jobs.define<{ n: number }>('test.once', { retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 }, async (data, attempt) => {
      seen.push({ data, attempt });
    });
    await jobs.start();
    try {
      const started = Date.now();
      const id = await jobs.send('test.once', { n: 1 });
      // Notified locally: long before the 30 s poll.
      await until(() => seen.length === 1, 10_000);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(seen[0]).toEqual({ data: { n: 1 }, attempt: { id, attempt: 1, lastAttempt: false } });
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
    await expect(jobs.send('test.once', { n: 2 })).rejects.toThrow(/not running/);
  });

  it('retries a failing job and says which attempt is the last', async () => {
    const jobs = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5 });
    const attempts: JobAttempt[] = [];
    jobs.define('test.retry', { retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 }, async (_data, attempt) => {
      attempts.push(attempt);
      if (!attempt.lastAttempt) throw new Error('not yet');
    });
    await jobs.start();
    try {
      await jobs.send('test.retry', {});
      await until(() => attempts.length === 3);
      expect(attempts.map((a) => [a.attempt, a.lastAttempt])).toEqual([
        [1, false],
        [2, false],
        [3, true],
      ]);
    } finally {
      await jobs.stop();
    }
  });

  it('waits at stop for a handler that outlasts its stop timeout, and for the statements that record its end', async () => {
    const statements: string[] = [];
    let stopped = false;
    const sql: typeof database.sql = (text, values) => {
      if (stopped) statements.push(text);
      return database.sql(text, values);
    };
    const jobs = createPgBossJobs({ sql, log: quiet, pollingIntervalSeconds: 30, stopTimeoutMs: 1000 });
    let began = false;
    let ended = false;
    jobs.define('test.slow', { retryLimit: 0, retryDelaySeconds: 0, expireInSeconds: 60 }, async () => {
      began = true;
      await new Promise((r) => setTimeout(r, 2500));
      ended = true;
    });
    await jobs.start();
    await jobs.send('test.slow', {});
    await until(() => began);
    await jobs.stop();
    stopped = true;
    // Before, stop returned after pg-boss's 1 s and the handler's end reached a database closed meanwhile.
    expect(ended).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(statements).toEqual([]);
  });

  it('keeps jobs across a restart: what one instance stored, the next one does', async () => {
    // The retry is due only after the first instance has gone.
    const options = { retryLimit: 3, retryDelaySeconds: 2, expireInSeconds: 60 };
    const first = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5 });
    const firstSeen: string[] = [];
    // The first instance fails its attempt, then goes away before the retry.
    first.define<{ name: string }>('test.durable', options, async (data) => {
      firstSeen.push(data.name);
      throw new Error('crashed');
    });
    await first.start();
    await first.send('test.durable', { name: 'story' });
    await until(() => firstSeen.length === 1);
    await first.stop();

    const second = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5 });
    const secondSeen: [string, number][] = [];
    second.define<{ name: string }>('test.durable', options, async (data, attempt) => {
      secondSeen.push([data.name, attempt.attempt]);
    });
    await second.start();
    try {
      await until(() => secondSeen.length === 1);
      expect(secondSeen[0]).toEqual(['story', 2]);
      expect(firstSeen).toEqual(['story']);
    } finally {
      await second.stop();
    }
  });

  it('starts several instances at once that all make the same new queues', async () => {
    // On a new database every instance creates the queues; PostgreSQL may fail some as deadlocks.
    const names = Array.from({ length: 4 }, (_, i) => `test.together.${Date.now()}.${i}`);
    const instances = Array.from({ length: 4 }, () => {
      const jobs = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5 });
      for (const name of names) jobs.define(name, { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {});
      return jobs;
    });
    try {
      await Promise.all(instances.map((jobs) => jobs.start()));
      const { rows } = await database.sql('SELECT count(*)::int AS n FROM pgboss.queue WHERE name = ANY($1)', [names]);
      expect(rows[0]!.n).toBe(names.length);
    } finally {
      await Promise.all(instances.map((jobs) => jobs.stop()));
    }
  });

  it('refuses queues defined after the start and jobs of unknown queues', async () => {
    const jobs = createPgBossJobs({ sql: database.sql, log: quiet });
    await jobs.start();
    try {
      expect(() => jobs.define('late', { retryLimit: 0, retryDelaySeconds: 0, expireInSeconds: 60 }, async () => {})).toThrow(/before/);
      await expect(jobs.send('nope', {})).rejects.toThrow(/unknown queue/);
    } finally {
      await jobs.stop();
      await jobs.stop();
    }
  });
});

describe('a job whose instance died', () => {
  it('is retried once its lease runs out, not after the queue expiry', async () => {
    const options = { retryLimit: 2, retryDelay: 0, expireInSeconds: 60 * 60 };
    // The dead instance: it took the job, renewed its lease once, and then nothing, as a killed process.
    const dead = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.sql(text, values) },
      schedule: false,
      supervise: false,
      migrate: true,
    });
    await dead.start();
    await dead.createQueue('test.lease', { name: 'test.lease', ...options });
    const id = await dead.send('test.lease', { n: 1 });
    const [taken] = await dead.fetch('test.lease');
    expect(taken?.id).toBe(id);
    await renewJobLease(database.sql, 'test.lease', id!, 1);
    await dead.stop({ graceful: false, wait: true });

    const jobs = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5, leaseSeconds: 1, maintenanceIntervalSeconds: 1 });
    const seen: JobAttempt[] = [];
    jobs.define('test.lease', { retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 * 60 }, async (_data, attempt) => {
      seen.push(attempt);
    });
    const started = Date.now();
    await jobs.start();
    try {
      await until(() => seen.length === 1, 20_000);
      expect(seen[0]).toMatchObject({ id, attempt: 2 });
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      await jobs.stop();
    }
  });

  it('keeps a long job running while its instance lives', async () => {
    const jobs = createPgBossJobs({ sql: database.sql, log: quiet, pollingIntervalSeconds: 0.5, leaseSeconds: 1, maintenanceIntervalSeconds: 1 });
    const attempts: JobAttempt[] = [];
    let finished = 0;
    jobs.define('test.long', { retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 * 60 }, async (_data, attempt) => {
      attempts.push(attempt);
      // Several leases long: renewals keep the maintenance from handing it to a retry.
      await new Promise((r) => setTimeout(r, 4000));
      finished += 1;
    });
    await jobs.start();
    try {
      await jobs.send('test.long', {});
      await until(() => finished === 1, 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(attempts.map((a) => a.attempt)).toEqual([1]);
    } finally {
      await jobs.stop();
    }
  });
});
