import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8499);
// A fresh data folder for every run: embedded database, media and the mail outbox the journeys read.
// Per port, so several runs (one per engineer) can share a machine.
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `.e2e-data-${PORT}`);
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two browsers at a time: with one, a third of the two cores sat idle (journeys wait on media, uploads
  // and processing); two ran the whole suite in 8.2 min here (docs/quality.md "CI time"). E2E_WORKERS to change.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Traced only when a failed journey is run again (CI retries once): tracing every journey, kept or not,
    // cost CPU on every page of every run. `--trace on` traces a local run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts/ },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /mobile\.spec\.ts/, dependencies: ['setup'] },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /mobile\.spec\.ts/,
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && npx tsx --conditions=@fst/source ../server/src/server.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Every journey signs its accounts up from this one address.
      SIGNUPS_PER_CLIENT_PER_HOUR: '100000',
      // A hash in ~50 ms rather than ~0.7 s: journeys sign up and in a few hundred times.
      PASSWORD_HASH_COST: '12',
    },
  },
});
