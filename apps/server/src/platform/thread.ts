import { Piscina } from 'piscina';

/** A module's default export, run on a thread of its own. */
export type OwnThread<Task, Result> = {
  /** The module's default export called with `task` on the thread; `signal` aborts it (ending the thread if it is running). */
  run(task: Task, signal?: AbortSignal): Promise<Result>;
  /** Starts the thread now, so that the first task does not wait for it. */
  start(): void;
  close(): Promise<void>;
};

/**
 * Synchronous work (a sentence spoken) kept off the server's event loop: the default export of
 * the module at `file` runs on one thread, kept by Piscina, one task at a time. The thread starts with `start`
 * or the first task and is kept for the next. A task whose thread stops fails, and the next task runs on a
 * new thread; a thread that fails between tasks (its module could not load, say) is reported to `onError`
 * and dropped with whatever waited for it, so that the next task starts a new one rather than waiting.
 */
export function ownThread<Task, Result>(
  file: URL,
  { workerData, onError, eventLoopBetweenTasks = false }: { workerData?: unknown; onError?: (err: unknown) => void; eventLoopBetweenTasks?: boolean } = {},
): OwnThread<Task, Result> {
  let pool: Piscina<Task, Result> | null = null;
  const current = () => {
    if (pool) return pool;
    const made = new Piscina<Task, Result>({
      filename: file.href,
      workerData,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Infinity,
      // By default the thread waits for its next task blocked (the fastest); a module whose work leaves
      // timers or promises running needs its event loop between tasks.
      atomics: eventLoopBetweenTasks ? 'disabled' : 'sync',
    });
    made.on('error', (err: unknown) => {
      onError?.(err);
      if (pool === made) pool = null;
      void made.destroy();
    });
    return (pool = made);
  };
  return {
    run: (task, signal) => current().run(task, { signal }),
    start: () => void current(),
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
