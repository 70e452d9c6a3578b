import { configDefaults, defineConfig } from 'vitest/config';

// Reliability tests start, kill and restart real server processes: minutes, not seconds. They have their
// own project, run by `npm test` after the integration suites (scripts/test.mjs), never by default filters.
const RELIABILITY = '**/*.reliability.test.ts';

export default defineConfig({
  test: {
    // One PGlite per test file is heavy; the machine has 2 cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, RELIABILITY],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'reliability',
          root: 'apps/server',
          include: [`test/reliability/${RELIABILITY}`],
          // Two files at a time (maxWorkers): much of a crash test is waiting for a lease or a restart.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
