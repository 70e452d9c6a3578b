import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../../db/client.ts';
import type { JobHandler, JobQueue, QueueOptions } from './jobs.ts';

type Log = { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void };

export type PgBossJobsOptions = {
  /** The app's own database connection (PGlite or the PostgreSQL pool); pg-boss keeps its tables in schema `pgboss`. */
  sql: SqlExecutor;
  log: Log;
  /** How often an idle worker looks for jobs another instance stored (this instance's own jobs start at once). */
  pollingIntervalSeconds?: number;
  /** How long `stop` waits for running jobs. */
  stopTimeoutMs?: number;
  /** A running job's lease: a job whose instance died (no renewal for this long) is retried. */
  leaseSeconds?: number;
  /** How often expired leases are looked for (by one instance at a time). */
  maintenanceIntervalSeconds?: number;
};

// A running job renews its lease this often; an instance that dies stops renewing, and after the lease
// the queue's maintenance (every MAINTENANCE_SECONDS, by one instance) hands the job to its retry.
const LEASE_SECONDS = 30;
const MAINTENANCE_SECONDS = 10;

// Tries at making a queue while other instances may be making it too (ensureQueue).
const QUEUE_CREATE_ATTEMPTS = 5;

/**
 * pg-boss 10 expires an active job at `started_on + expire_in` only (the queue's expiry: hours for a
 * transcode), so the job of a killed instance would wait that long. A running job's expiry is kept
 * `leaseSeconds` ahead by moving `started_on`; expire_in is left alone, because pg-boss copies it into the
 * retry and times the next attempt's handler by it.
 */
export async function renewJobLease(sql: SqlExecutor, name: string, jobId: string, leaseSeconds: number) {
  await sql(
    `UPDATE pgboss.job SET started_on = now() - expire_in + make_interval(secs => $3::double precision)
     WHERE name = $1 AND id = $2::uuid AND state = 'active'`,
    [name, jobId, leaseSeconds],
  );
}

type Definition = { options: QueueOptions; handler: JobHandler<object>; workerIds?: string[] };

/**
 * The job queue on pg-boss 10, over the app's own connection: on PGlite that is the only connection
 * there is, on PostgreSQL it shares the pool. Each instance runs a queue's `workers` (default 1), each taking
 * one job at a time (media processing is CPU-bound); more instances mean more workers.
 */
export function createPgBossJobs(opts: PgBossJobsOptions): JobQueue {
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | null = null;
  const lease = opts.leaseSeconds ?? LEASE_SECONDS;
  // What `stop` waits for, so none of it reaches a database the app has closed meanwhile: pg-boss's statements
  // (it marks a job done or failed without awaiting it), and handlers still running (past pg-boss's stop
  // timeout, or handed a job by a fetch under way at the stop), whose end pg-boss then records.
  const inFlight = new Set<Promise<unknown>>();
  const track = (running: Promise<unknown>) => {
    const tracked = running.finally(() => inFlight.delete(tracked));
    tracked.catch(() => {});
    inFlight.add(tracked);
  };
  const executeSql = (text: string, values: unknown[]) => {
    const running = opts.sql(text, values);
    track(running);
    return running;
  };

  /**
   * Keeps a running job's lease (see renewJobLease) until the returned function is called. Past the
   * queue's expiry nothing is renewed, so a hung handler still ends by pg-boss's own timeout.
   */
  function holdLease(name: string, jobId: string, expireInSeconds: number) {
    const until = Date.now() + expireInSeconds * 1000;
    const renew = () => renewJobLease(opts.sql, name, jobId, lease).catch((err) => opts.log.warn({ err, jobId }, 'job lease could not be renewed'));
    let renewing = renew();
    const timer = setInterval(
      () => {
        if (Date.now() + lease * 1000 >= until) return clearInterval(timer);
        renewing = renewing.then(renew);
      },
      (lease * 1000) / 3,
    );
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  }

  /**
   * Creates the queue, or updates its settings. Instances starting together on a new database all create
   * it: one succeeds, and PostgreSQL may fail another's attempt as a deadlock (two inserts into pg-boss's
   * queue table and its partitions); that one finds the queue made once the first is done.
   */
  async function ensureQueue(b: PgBoss, name: string, options: QueueOptions) {
    const settings = { name, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, expireInSeconds: options.expireInSeconds };
    for (let attempt = 1; ; attempt++) {
      if (await b.getQueue(name)) return b.updateQueue(name, settings);
      try {
        return await b.createQueue(name, settings);
      } catch (err) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * pg-boss installs its schema on first start. Two instances starting together on a new database can
   * both try (pg-boss 10 lets a duplicate-schema error through): the loser starts again and finds it made.
   */
  async function startBoss(): Promise<PgBoss> {
    for (let attempt = 1; ; attempt++) {
      const b = new PgBoss({
        db: { executeSql },
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_SECONDS,
        migrate: true,
      });
      b.on('error', (err) => opts.log.error({ err }, 'job queue error'));
      try {
        await b.start();
        return b;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 3 || !(code === '23505' || code === '42P06' || code === '42710')) throw err;
        opts.log.warn({ err }, 'job queue schema made by another instance meanwhile; starting again');
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  return {
    define(name, options, handler) {
      if (boss) throw new Error(`queue ${name} must be defined before the job queue starts`);
      definitions.set(name, { options, handler: handler as JobHandler<object> });
    },

    async send(name, data) {
      if (!boss) throw new Error('the job queue is not running');
      const def = definitions.get(name);
      if (!def) throw new Error(`unknown queue ${name}`);
      const id = await boss.send(name, data);
      if (!id) throw new Error(`job for ${name} was not stored`);
      // Start it now rather than at the next poll (an idle worker takes it; busy ones look again when done).
      for (const workerId of def.workerIds ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async sentKeys(name, key, movedTo = []) {
      const { rows } = await opts.sql(
        `SELECT key, (array_agg(dead ORDER BY stage DESC))[1] AS dead FROM (
           SELECT data->>$2 AS key, array_position($1::text[], name) AS stage, bool_and(state = 'failed') AS dead FROM (
             SELECT name, data, state FROM pgboss.job WHERE name = ANY($1::text[])
             UNION ALL SELECT name, data, state FROM pgboss.archive WHERE name = ANY($1::text[])
           ) AS sent GROUP BY 1, 2
         ) AS stages GROUP BY 1`,
        [[name, ...movedTo], key],
      );
      return new Map(rows.map((r) => [String(r.key), { dead: r.dead === true }]));
    },

    async start() {
      if (boss) return;
      const b = await startBoss();
      for (const [name, def] of definitions) {
        await ensureQueue(b, name, def.options);
        // Several workers of one queue each take one job at a time (pg-boss 10 has no per-worker concurrency).
        const workerIds: string[] = [];
        for (let n = 0; n < Math.max(1, def.options.workers ?? 1); n++) {
          workerIds.push(
            await b.work<object>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async (jobs) => {
              for (const job of jobs) {
                const release = holdLease(name, job.id, job.expireInSeconds);
                const running = (async () => {
                  try {
                    await def.handler(job.data, { id: job.id, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit });
                  } finally {
                    await release();
                  }
                })();
                track(running);
                await running;
              }
            }),
          );
        }
        def.workerIds = workerIds;
      }
      boss = b;
    },

    async stop() {
      const b = boss;
      if (!b) return;
      boss = null;
      for (const def of definitions.values()) delete def.workerIds;
      await b.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 20_000 });
      // A worker's last "done" or "failed" starts a turn after its handler returns, and may take more than one
      // statement. Handlers are waited for however long they take: a process manager's kill ends a hung one.
      for (let turn = 0; turn < 10; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight.size === 0) break;
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
