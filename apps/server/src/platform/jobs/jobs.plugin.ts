import fp from 'fastify-plugin';
import type { JobQueue } from './jobs.ts';

/** Housekeeping run once the queue has started: at start (unless `atStart: false`), and every `everyMs` if given. */
export type Sweep = {
  /** What it sweeps, for the log line of a failure. */
  what: string;
  run: () => Promise<unknown>;
  everyMs?: number;
  atStart?: boolean;
  /** The start waits for its first run (else it runs beside the first requests). */
  awaited?: boolean;
};

/** `beforeStop`: work that sends jobs and must end before the queue stops (uploads being handed over). */
type Options = { jobs: JobQueue; sweeps: Sweep[]; beforeStop?: () => Promise<void>; afterStop?: () => Promise<void> };

/** Starts the job queue with the app and stops it when the app closes: closing stops taking jobs and waits for the running ones. */
export const jobsPlugin = fp<Options>(
  async (app, { jobs, sweeps, beforeStop, afterStop }) => {
    await jobs.start();
    const timers: NodeJS.Timeout[] = [];
    // Sweeps under way when the app closes are waited for: their statements must not outlive the database.
    const running = new Set<Promise<unknown>>();
    for (const sweep of sweeps) {
      const run = () => {
        const swept = sweep.run().catch((err) => app.log.error({ err }, `${sweep.what} could not be swept`));
        running.add(swept);
        void swept.finally(() => running.delete(swept));
        return swept;
      };
      if (sweep.atStart ?? true) {
        if (sweep.awaited) await sweep.run();
        else void run();
      }
      if (sweep.everyMs) timers.push(setInterval(run, sweep.everyMs).unref());
    }
    app.addHook('onClose', async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
      await beforeStop?.();
      await jobs.stop();
      await afterStop?.();
    });
  },
  { name: 'jobs' },
);
