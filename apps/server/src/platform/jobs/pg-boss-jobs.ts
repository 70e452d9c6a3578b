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
};

type Definition = { options: QueueOptions; handler: JobHandler<object>; workerId?: string };

/**
 * The job queue on pg-boss 10, over the app's own connection: on PGlite that is the only connection
 * there is, on PostgreSQL it shares the pool. One worker per queue and instance takes one job at a time
 * (media processing is CPU-bound); more instances mean more workers.
 */
export function createPgBossJobs(opts: PgBossJobsOptions): JobQueue {
  const definitions = new Map<string, Definition>();
  let boss: PgBoss | null = null;

  async function ensureQueue(b: PgBoss, name: string, options: QueueOptions) {
    const settings = { name, retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, expireInSeconds: options.expireInSeconds };
    if (await b.getQueue(name)) return b.updateQueue(name, settings);
    try {
      await b.createQueue(name, settings);
    } catch (err) {
      // Another instance starting at the same moment made it first.
      if (!(await b.getQueue(name))) throw err;
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
      // Start it now rather than at the next poll.
      if (def.workerId) boss.notifyWorker(def.workerId);
      return id;
    },

    async start() {
      if (boss) return;
      const b = new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => opts.sql(text, values) },
        schedule: false,
        supervise: true,
        migrate: true,
      });
      b.on('error', (err) => opts.log.error({ err }, 'job queue error'));
      await b.start();
      for (const [name, def] of definitions) {
        await ensureQueue(b, name, def.options);
        def.workerId = await b.work<object>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
          async (jobs) => {
            for (const job of jobs) {
              await def.handler(job.data, { id: job.id, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit });
            }
          },
        );
      }
      boss = b;
    },

    async stop() {
      const b = boss;
      if (!b) return;
      boss = null;
      for (const def of definitions.values()) delete def.workerId;
      await b.stop({ graceful: true, wait: true, timeout: opts.stopTimeoutMs ?? 20_000 });
    },
  };
}
