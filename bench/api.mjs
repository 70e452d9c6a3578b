#!/usr/bin/env node
// API benchmark (issue 24.6): the parent dashboard's calls (session, families, family stats, a kid's playlist,
// the book list) on PostgreSQL, each loaded from BENCH_SESSIONS (≥ 1,000) different signed-in sessions of
// BENCH_FAMILIES families, as a new user's load would be: every request another session, so nothing one
// session read lately helps the next. Each call is measured alone, and mixed with play events (every fifth
// request, BENCH_WRITE_SHARE, a progress event of that session's kid: what kids' players send at bedtime),
// in one-second slices taken in turn, so a machine that other work slows for a moment slows both alike.
// Prints requests a second and p99 of both; the mix must answer at least half the reads-alone rate.
// Run with `npm run bench:api` (BENCH_SECONDS, BENCH_CONNECTIONS); `npm run bench:api -- <git ref>` measures
// the server of that ref too, in the same run, with the same load (its files from `git archive`, its
// packages from BENCH_REF_MODULES, a node_modules folder that has what the ref needs).
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, fmt, measure, removeDir, ROOT, scratchDatabase, seedDashboardFamily, startApp, startHelloWorld, summary, tempDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 30);
const SESSIONS = Math.max(1000, Number(process.env.BENCH_SESSIONS ?? 1000));
const WRITE_SHARE = Number(process.env.BENCH_WRITE_SHARE ?? 0.2);
// The mix must answer at least this share of the reads-alone rate (issue 24.6).
const GOAL = 0.5;
const REF = process.argv[2];

/** The dashboard's calls, each for the family of the session that asks. */
const CALLS = [
  ['session', () => '/api/auth/me'],
  ['families', () => '/api/family/my-families'],
  ['family stats', (f) => `/api/playback/family/${f.familyId}/stats?tz_offset_minutes=-60`],
  ['kid playlist', (f) => `/api/playback/kid/${f.kidIds[0]}/playlist`],
  ['books list', () => '/api/books?per_page=12'],
];

/** Runs `work` on each item, `limit` at a time. */
async function eachLimited(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * FAMILIES families seeded through the API (2 kids, 2 stories, their plays), and SESSIONS sessions of their
 * parents, spread evenly, written into the sessions table as a sign-in writes them (only the token's SHA-256
 * is kept): signing in a thousand times through the API would be a thousand password hashes.
 */
async function seed(base, databaseUrl) {
  const families = await eachLimited(Array.from({ length: FAMILIES }), 3, () => seedDashboardFamily(base, { kids: 2, recordings: 2 }));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const sessions = [];
  try {
    for (const [i, family] of families.entries()) {
      const userId = (await api(base, 'GET', '/api/auth/me', undefined, family.parentCookie)).json.user.id;
      const count = Math.floor(SESSIONS / FAMILIES) + (i < SESSIONS % FAMILIES ? 1 : 0);
      const rows = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
      await db.query(
        `INSERT INTO sessions (id_hash, user_id, persistent, expires_at)
         SELECT h, $1, true, now() + interval '30 days' FROM unnest($2::text[]) AS h`,
        [userId, rows.map((token) => createHash('sha256').update(token).digest('hex'))],
      );
      for (const token of rows) sessions.push({ cookie: `fst_session=${token}`, family });
    }
  } finally {
    await db.end();
  }
  return sessions;
}

/**
 * One autocannon request whose every sending is the next session's: `writeShare` of them a play event of that
 * session's kid, the others `call`'s read.
 */
function requestsOf(sessions, call, writeShare) {
  let n = 0;
  const everyNth = writeShare > 0 ? Math.round(1 / writeShare) : 0;
  return [
    {
      setupRequest: (req) => {
        const i = n++;
        const { cookie, family } = sessions[i % sessions.length];
        const headers = { ...req.headers, cookie };
        if (everyNth && i % everyNth === everyNth - 1) {
          const body = JSON.stringify({ recording_id: family.recordingIds[0], kid_id: family.kidIds[0], event: 'progress', position_seconds: i % 600 });
          return { ...req, method: 'POST', path: '/api/playback/events', headers: { ...headers, 'content-type': 'application/json' }, body };
        }
        return { ...req, method: 'GET', path: call(family), headers, body: undefined };
      },
    },
  ];
}

/** Reads alone and the mix, SECONDS each, in one-second slices taken in turn (which goes first changing every second). */
async function readsAndMix(base, sessions, call) {
  const reads = { latencies: [], requests: 0, seconds: 0 };
  const mix = { latencies: [], requests: 0, seconds: 0 };
  const add = (into, r) => {
    into.latencies.push(...r.latencies);
    into.requests += r.requests;
    into.seconds += r.seconds;
  };
  const slice = (share) => measure(base, { seconds: 1, connections: CONNECTIONS, requests: requestsOf(sessions, call, share) });
  for (let i = 0; i < SECONDS; i++) {
    const turns = [async () => add(reads, await slice(0)), async () => add(mix, await slice(WRITE_SHARE))];
    if (i % 2) turns.reverse();
    for (const turn of turns) await turn();
  }
  return { reads: summary(reads), mix: summary(mix) };
}

/** The server of the checkout at `root` on a fresh PostgreSQL database, seeded; answers its sessions. */
async function startBuild(label, root, cleanups) {
  const db = await scratchDatabase();
  cleanups.push(() => db.drop());
  const dataDir = await tempDir();
  cleanups.push(() => removeDir(dataDir));
  const app = await startApp({ dataDir, databaseUrl: db.url, root, label, env: { SIGNUPS_PER_CLIENT_PER_HOUR: '100000' } });
  cleanups.push(() => app.stop());
  const started = performance.now();
  const sessions = await seed(app.url, db.url);
  console.log(`${label}: ${FAMILIES} families and ${sessions.length} sessions seeded in ${fmt((performance.now() - started) / 1000, 0)} s`);
  return { label, app, sessions };
}

async function main() {
  const share = `${Math.round(WRITE_SHARE * 100)}% play events`;
  console.log(
    `API benchmark on PostgreSQL: ${CONNECTIONS} connections, each call from ${SESSIONS} sessions of ${FAMILIES} families, alone and with ${share}, ${SECONDS} s each in 1 s slices taken in turn; autocannon in this process, servers in their own`,
  );
  const cleanups = [];
  let failed = false;
  try {
    const hello = await startHelloWorld();
    cleanups.push(() => hello.stop());
    await autocannon({ url: hello.url, connections: CONNECTIONS, duration: 1 });
    const h = summary(await measure(hello.url, { seconds: SECONDS, connections: CONNECTIONS }));
    console.log(`bare Fastify hello-world, for scale: ${fmt(h.rps, 0)} req/s, p99 ${fmt(h.p99)} ms`);
    await hello.stop();

    const builds = [];
    if (REF) {
      const dir = await tempDir('fst-api-ref-');
      cleanups.push(() => removeDir(dir));
      execFileSync('bash', ['-c', `git -C "${ROOT}" archive "${REF}" | tar -x -C "${dir}"`], { stdio: 'inherit' });
      symlinkSync(process.env.BENCH_REF_MODULES ?? path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      builds.push(await startBuild(`${REF}`, dir, cleanups));
    }
    builds.push(await startBuild('this checkout', ROOT, cleanups));

    for (const build of builds) {
      // Warm: every session once, and the code paths of both loads.
      for (const [, call] of CALLS)
        await measure(build.app.url, { seconds: 1, connections: CONNECTIONS, requests: requestsOf(build.sessions, call, WRITE_SHARE) });
      console.log(`\n${build.label}`);
      console.log(`call            reads req/s  p99 ms   mix req/s  p99 ms   mix/reads`);
      for (const [name, call] of CALLS) {
        const { reads, mix } = await readsAndMix(build.app.url, build.sessions, call);
        const ratio = mix.rps / reads.rps;
        const ok = ratio >= GOAL;
        if (!ok && build.label === 'this checkout') failed = true;
        console.log(
          `${name.padEnd(14)} ${fmt(reads.rps, 0).padStart(11)}  ${fmt(reads.p99).padStart(6)}  ${fmt(mix.rps, 0).padStart(10)}  ${fmt(mix.p99).padStart(6)}   ${fmt(ratio).padStart(9)} ${ok ? '' : `below ${GOAL}`}`,
        );
      }
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
  console.log(
    failed
      ? `\nFAIL: a mix with ${share} answered under ${GOAL} of the reads-alone rate`
      : `\nPASS: with ${share} every call answered at least ${GOAL} of its reads-alone rate`,
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
