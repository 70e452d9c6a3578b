import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Reliability tests start, kill and restart real server processes: minutes, not seconds. They have their
// own project, run by `npm test` after the integration suites (scripts/test.mjs), never by default filters.
const RELIABILITY = '**/*.reliability.test.ts';

export default defineConfig({
  // packages/shared from its TypeScript source, not its build (the "@fst/source" condition of its exports);
  // without 'module', as Vitest's own default (a package's bundler-only build, e.g. @aws-sdk's, fails in Node).
  ssr: { resolve: { conditions: ['@fst/source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: {
    // One PGlite per test file is heavy; the machine has 2 cores.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      // The web app's logic that needs no browser (the journeys in apps/web/e2e test the pages).
      { extends: true, test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, RELIABILITY],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['test/pglite-dump.setup.ts'],
        },
      },
      {
        extends: true,
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
