#!/usr/bin/env node
// API benchmark (issue 9): autocannon against the real server for the parent dashboard's calls (session,
// families, family stats, a kid's playlist, the book list), on PostgreSQL and on embedded PGlite, each as a
// ratio to a bare Fastify hello-world measured in the same run on the same machine, in one-second slices taken
// in turn with the call's (`alongside`).
// Goal: requests per second and p99 at least 0.3 of the hello-world's on PostgreSQL (p99 ratio = hello p99 /
// call p99, so higher is better for both). Run with `npm run bench:api` (BENCH_SECONDS, BENCH_CONNECTIONS;
// BENCH_PLAY_EVENTS=n has another family's kid send n play events a second while each call is measured, as
// on an evening when stories are playing: they change the tables the stats and playlists are read from).
import autocannon from 'autocannon';
import { api, dashboardCalls, fmt, measure, removeDir, scratchDatabase, seedDashboardFamily, startApp, startHelloWorld, summary, tempDir } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const GOAL = 0.3;
const PLAY_EVENTS = Number(process.env.BENCH_PLAY_EVENTS ?? 0);

/** Another family's kid playing stories: `rate` play events a second until the answered function is called. */
function playEvents(base, family, rate) {
  let position = 0;
  const timer = setInterval(() => {
    const body = { recording_id: family.recordingIds[0], kid_id: family.kidIds[0], event: 'progress', position_seconds: position++ % 600 };
    void api(base, 'POST', '/api/playback/events', body, family.parentCookie);
  }, 1000 / rate);
  return () => clearInterval(timer);
}

const slice = (url, headers, seconds) => measure(url, { headers, seconds, connections: CONNECTIONS });

/**
 * A call and the hello-world, each for SECONDS, in one-second slices taken in turn (which goes first changing
 * every second): a machine that other work slows for a moment slows both alike, rather than whichever was
 * running then. Each one's requests a second and percentiles are over all of its slices.
 */
async function alongside(url, headers, helloUrl) {
  const call = { latencies: [], requests: 0, seconds: 0 };
  const hello = { latencies: [], requests: 0, seconds: 0 };
  const add = (into, r) => {
    into.latencies.push(...r.latencies);
    into.requests += r.requests;
    into.seconds += r.seconds;
  };
  for (let i = 0; i < SECONDS; i++) {
    const turns = [() => slice(url, headers, 1).then((r) => add(call, r)), () => slice(helloUrl, {}, 1).then((r) => add(hello, r))];
    if (i % 2) turns.reverse();
    for (const turn of turns) await turn();
  }
  return { call: summary(call), hello: summary(hello) };
}

async function main() {
  console.log(`API benchmark: ${CONNECTIONS} connections, ${SECONDS} s per call and as long of the hello-world beside it, in 1 s slices taken in turn; autocannon in this process, servers in their own`);
  const hello = await startHelloWorld();
  const cleanups = [() => hello.stop()];
  let failed = false;
  try {
    await autocannon({ url: hello.url, connections: CONNECTIONS, duration: 1 });
    const first = summary(await slice(hello.url, {}, SECONDS));
    console.log(`\nbare Fastify hello-world: ${fmt(first.rps, 0)} req/s, p50 ${fmt(first.p50)} ms, p99 ${fmt(first.p99)} ms (measured again alongside each call)`);

    for (const mode of ['PostgreSQL', 'PGlite']) {
      const dataDir = await tempDir();
      cleanups.push(() => removeDir(dataDir));
      let databaseUrl = '';
      if (mode === 'PostgreSQL') {
        const db = await scratchDatabase();
        cleanups.push(() => db.drop());
        databaseUrl = db.url;
      }
      const app = await startApp({ dataDir, databaseUrl });
      cleanups.push(() => app.stop());
      const family = await seedDashboardFamily(app.url);
      const playing = PLAY_EVENTS > 0 ? await seedDashboardFamily(app.url, { kids: 1, recordings: 1 }) : null;
      const during = playing ? `; another family's kid sending ${PLAY_EVENTS} play events a second` : '';
      console.log(`\n${mode} (family of 3 kids, 6 recordings, 36 play events; starter catalogue${during})`);
      console.log('call            req/s   p50 ms  p99 ms   hello req/s  p99 ms   req/s ratio  p99 ratio');
      const ratios = [];
      for (const [name, url] of dashboardCalls(family)) {
        await autocannon({ url: `${app.url}${url}`, connections: CONNECTIONS, duration: 1, headers: { cookie: family.parentCookie } });
        const stopPlaying = playing ? playEvents(app.url, playing, PLAY_EVENTS) : null;
        const { call: r, hello: base } = await alongside(`${app.url}${url}`, { cookie: family.parentCookie }, hello.url);
        stopPlaying?.();
        const rpsRatio = r.rps / base.rps;
        const p99Ratio = base.p99 / r.p99;
        ratios.push(rpsRatio, p99Ratio);
        console.log(
          `${name.padEnd(14)} ${fmt(r.rps, 0).padStart(6)}  ${fmt(r.p50).padStart(6)}  ${fmt(r.p99).padStart(6)}   ${fmt(base.rps, 0).padStart(11)}  ${fmt(base.p99).padStart(6)}   ${fmt(rpsRatio).padStart(11)}  ${fmt(p99Ratio).padStart(9)}`,
        );
      }
      const worst = Math.min(...ratios);
      const ok = worst >= GOAL;
      console.log(`${mode}: worst ratio ${fmt(worst)} (goal ≥ ${GOAL}${mode === 'PostgreSQL' ? '' : ', informative'}) ${ok ? 'PASS' : 'BELOW GOAL'}`);
      if (mode === 'PostgreSQL' && !ok) failed = true;
      await app.stop();
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  }
  console.log(failed ? '\nFAIL: below the goal on PostgreSQL' : '\nPASS: every call at least 0.3 of the hello-world on PostgreSQL');
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
