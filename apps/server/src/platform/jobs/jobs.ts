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
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to a time-out; unfinished ones are retried later). */
  stop(): Promise<void>;
};
