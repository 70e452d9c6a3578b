#!/usr/bin/env node
// Two builds of the server side by side: `npm run bench:api-ab -- <git ref>` runs the server of <ref> (A) and
// of this checkout (B) at once, each on a fresh PostgreSQL database of its own with the benchmark's family
// (so each has drawn the starter catalogue at its start, as a new install does), and loads them in turn
// with the dashboard's calls: ROUNDS rounds of BENCH_SECONDS per call and build, which build goes first
// changing every round. Prints, per call, the median requests a second and p99 of each build, their ratio,
// and in how many rounds B answered more requests. A machine that other work slows for a moment slows a
// load of each build alike, so a small difference shows in the count of rounds won, not in one run.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { dashboardCalls, fmt, measure, removeDir, ROOT, scratchDatabase, seedDashboardFamily, startApp, summary, tempDir } from './lib.mjs';

const REF = process.argv[2];
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 10;

async function load(url, cookie) {
  const { rps, p99 } = summary(await measure(url, { headers: { cookie }, seconds: SECONDS, connections: CONNECTIONS }));
  return { rps, p99 };
}

/** The server of the checkout at `root`, on a database of its own, with the benchmark's family. */
async function startBuild(label, root, cleanups) {
  const db = await scratchDatabase();
  cleanups.push(() => db.drop());
  const dataDir = await tempDir();
  cleanups.push(() => removeDir(dataDir));
  const server = await startApp({ dataDir, databaseUrl: db.url, root, label });
  cleanups.push(() => server.stop());
  const family = await seedDashboardFamily(server.url);
  return { label, url: server.url, cookie: family.parentCookie, calls: dashboardCalls(family) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!REF) throw new Error('usage: npm run bench:api-ab -- <git ref to compare this checkout with>');
  const cleanups = [];
  try {
    // The other build's files, with this checkout's installed packages.
    const dirA = await tempDir('fst-ab-');
    cleanups.push(() => removeDir(dirA));
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${REF}" | tar -x -C "${dirA}"`], { stdio: 'inherit' });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dirA, 'node_modules'));

    console.log(`A: ${REF}; B: this checkout. ${ROUNDS} rounds of ${SECONDS} s per call and build, ${CONNECTIONS} connections`);
    const a = await startBuild('A', dirA, cleanups);
    const b = await startBuild('B', ROOT, cleanups);
    for (const build of [a, b])
      for (const [, url] of build.calls) await autocannon({ url: build.url + url, connections: CONNECTIONS, duration: 1, headers: { cookie: build.cookie } });

    const results = a.calls.map(() => ({ A: [], B: [] }));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [b, a] : [a, b];
      for (let i = 0; i < a.calls.length; i++) {
        for (const build of order) results[i][build.label].push(await load(build.url + build.calls[i][1], build.cookie));
      }
    }

    console.log('\ncall            A req/s  B req/s  B/A    A p99 ms  B p99 ms  A/B    rounds B won (req/s)');
    a.calls.forEach(([name], i) => {
      const { A, B } = results[i];
      const [rpsA, rpsB] = [median(A.map((r) => r.rps)), median(B.map((r) => r.rps))];
      const [p99A, p99B] = [median(A.map((r) => r.p99)), median(B.map((r) => r.p99))];
      const won = A.filter((r, round) => B[round].rps > r.rps).length;
      console.log(
        `${name.padEnd(14)} ${fmt(rpsA, 0).padStart(8)} ${fmt(rpsB, 0).padStart(8)}  ${fmt(rpsB / rpsA).padStart(5)}  ${fmt(p99A).padStart(8)}  ${fmt(p99B).padStart(8)}  ${fmt(p99A / p99B).padStart(5)}  ${won} of ${ROUNDS}`,
      );
    });
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
