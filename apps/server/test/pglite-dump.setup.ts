import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's migrated PGlite dump is kept (context.ts makes it once); '' on PostgreSQL. */
    pgliteDumpDir: string;
  }
}

/** Vitest global setup: a folder for this run's migrated PGlite, removed at the end of the run. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteDumpDir', '');
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-pglite-'));
  project.provide('pgliteDumpDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
