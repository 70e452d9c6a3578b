#!/usr/bin/env node
// The whole test suite: unit and integration tests (vitest), the reliability tests (real server processes
// killed and restarted, two instances, a database outage: vitest project "reliability"), then the browser
// journeys (Playwright) whenever a Chromium is found. REQUIRE_E2E=1 (set by .ci/run) turns a skipped
// journey run into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = {}) => {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
};

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));

// Integration tests run on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const postgresUrl = process.env.TEST_DATABASE_URL;
let failed = run('npx', ['vitest', 'run', '--project', 'shared', '--project', 'server'], { TEST_DATABASE_URL: '' }) !== 0;
if (postgresUrl) {
  console.log(`\nIntegration tests again on PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, '//')})`);
  if (run('npx', ['vitest', 'run', '--project', 'server']) !== 0) failed = true;
} else {
  console.log('\nTEST_DATABASE_URL not set: integration tests ran on embedded PGlite only.');
}

// Crash tests on PGlite, and on PostgreSQL with the two-instance and outage cases when TEST_DATABASE_URL is set.
console.log('\nReliability tests (servers killed and restarted; a few minutes)');
if (run('npx', ['vitest', 'run', '--project', 'reliability']) !== 0) failed = true;

if (!chromium) {
  console.log('\nSKIPPED: browser journeys (Playwright) — no Chromium found. Install Debian\'s chromium or set CHROMIUM_PATH.');
  if (process.env.REQUIRE_E2E === '1') {
    console.error('REQUIRE_E2E=1: a skipped browser run counts as a failure.');
    failed = true;
  }
} else {
  if (run('npm', ['run', 'build', '-w', '@fst/web']) !== 0) failed = true;
  else if (run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { CHROMIUM_PATH: chromium }) !== 0) failed = true;
}

console.log(failed ? '\nTest suite FAILED' : '\nTest suite passed');
process.exit(failed ? 1 : 0);
