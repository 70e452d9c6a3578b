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
};

/**
 * The job queue port (architecture.md "jobs"): durable jobs in the database, done by whichever app
 * instance polls first, kept across restarts. Queues are declared before `start`.
 */
export type JobQueue = {
  define<T extends object>(name: string, options: QueueOptions, handler: JobHandler<T>): void;
  /** Stores a job; it is done once, by any instance, even after a restart. */
  send(name: string, data: object): Promise<string>;
  /** The values of `key` in the data of every job `name` has been sent, in any state (the last days'). */
  sentKeys(name: string, key: string): Promise<Set<string>>;
  /** The values of `key` whose every job of `name` ended failed: no attempt is left to finish their row. */
  deadKeys(name: string, key: string): Promise<Set<string>>;
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
 * Sends `name`'s job again for each unfinished row whose job was never stored: the process died (or the
 * database went away) between storing the row and sending its job. `ids` are the unfinished rows' ids,
 * matched against `key` in the data of the jobs sent. Answers the ids sent again. Harmless when two
 * instances do it at once: the jobs are idempotent, and the second one finds the row finished.
 */
export async function resendLostJobs(jobs: Pick<JobQueue, 'send' | 'sentKeys'>, name: string, key: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const sent = await jobs.sentKeys(name, key);
  const lost = ids.filter((id) => !sent.has(id));
  for (const id of lost) await jobs.send(name, { [key]: id });
  return lost;
}

/**
 * Ends, with `giveUp`, each unfinished row whose jobs all ended failed without the handler recording it:
 * the process was killed during the last attempt (a handler that throws on its last attempt records the
 * failure itself). Without this the row would stay "processing" for good. Answers the ids given up.
 */
export async function giveUpDeadJobs(
  jobs: Pick<JobQueue, 'deadKeys'>,
  name: string,
  key: string,
  ids: string[],
  giveUp: (id: string) => Promise<void>,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const dead = await jobs.deadKeys(name, key);
  const ended = ids.filter((id) => dead.has(id));
  for (const id of ended) await giveUp(id);
  return ended;
}
