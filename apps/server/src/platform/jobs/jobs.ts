/** What a job handler learns about the attempt it runs. */
export type JobAttempt = {
  id: string;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows when this attempt throws: the handler should record the failure itself. */
  lastAttempt: boolean;
};

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

export type QueueOptions = {
  /** Retries after a throwing attempt. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt running longer (or whose worker died) counts as failed and is retried. */
  expireInSeconds: number;
  /** Jobs of this queue one instance runs at once (1 unless said). */
  workers?: number;
};

/**
 * The job queue port (architecture.md "jobs"): durable jobs in the database, done by whichever app
 * instance polls first, kept across restarts. Queues are declared before `start`.
 */
export type JobQueue = {
  define<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  /** Stores a job; it is done once, by any instance, even after a restart. */
  send(name: string, data: object): Promise<string>;
  /**
   * The values of `key` in the data of every job `name` has been sent, in any state (the last days'), each
   * with `dead`: all its jobs ended failed, so no attempt is left to finish its row. `movedTo`: queues a job
   * of `name` may hand its work on to, in order; a key's jobs in the last of them that has any decide `dead`.
   */
  sentKeys(name: string, key: string, movedTo?: string[]): Promise<Map<string, { dead: boolean }>>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to a time-out; unfinished ones are retried later). */
  stop(): Promise<void>;
};

// A row is given this long to get its job (sent right after the row is stored) before it counts as lost.
export const LOST_JOB_GRACE_MS = 10 * 60 * 1000;
// Jobs are kept this long (pg-boss archives finished ones and deletes them after 7 days): rows older than
// this are not looked at, as their job may be gone for good reason.
export const LOST_JOB_HORIZON_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * Settles the unfinished rows `ids` (matched against `key` in the data of `name`'s jobs) whose job will
 * never finish them:
 * - a row whose job was never stored (the process died, or the database went away, between storing the row
 *   and sending its job) gets its job again;
 * - a row whose jobs all ended failed without the handler recording it (the process was killed during the
 *   last attempt; a handler that throws on its last attempt records the failure itself) is ended with
 *   `giveUp`, or it would stay "processing" for good.
 * Harmless when two instances do it at once: the jobs are idempotent, and the second finds the row finished.
 */
export async function settleLostJobs(
  jobs: Pick<JobQueue, 'send' | 'sentKeys'>,
  name: string,
  key: string,
  ids: string[],
  giveUp: (id: string) => Promise<void>,
  movedTo: string[] = [],
): Promise<{ resent: string[]; gaveUp: string[] }> {
  const settled = { resent: [] as string[], gaveUp: [] as string[] };
  if (ids.length === 0) return settled;
  const sent = await jobs.sentKeys(name, key, movedTo);
  for (const id of ids) {
    const job = sent.get(id);
    if (!job) {
      await jobs.send(name, { [key]: id });
      settled.resent.push(id);
    } else if (job.dead) {
      await giveUp(id);
      settled.gaveUp.push(id);
    }
  }
  return settled;
}
