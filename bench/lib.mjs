// Shared by the benchmarks: the real server as a child process, a scratch PostgreSQL database, a family
// seeded through the API, and timing helpers. Only loopback addresses are used.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { Agent, setGlobalDispatcher } from 'undici';
import { LOCAL_TLS } from '../apps/server/test/tls/local-tls.mjs';

export { chromiumTrustingLocalCertificate, LOCAL_TLS } from '../apps/server/test/tls/local-tls.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server that holds the scratch databases (CI's and the dev machine's local PostgreSQL).
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** This process's fetch trusts LOCAL_TLS's certificate, and no other (the benchmarks call only their own servers). */
export function trustLocalCertificate() {
  setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(LOCAL_TLS.cert, 'utf8') } }));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

export const tempDir = (prefix = 'fst-bench-') => mkdtemp(path.join(os.tmpdir(), prefix));
export const removeDir = (dir) => rm(dir, { recursive: true, force: true });

/**
 * Builds the web app into a new temporary folder with its public pages rendered ahead, as `npm run build`
 * does (`prerender: false` leaves them out, and with them the removal of Vite's manifest); `viteArgs` are
 * added to `vite build` (e.g. `--minify false`). Answers the folder.
 */
export async function buildWebApp(prefix, viteArgs = [], { prerender = true } = {}) {
  const outDir = await tempDir(prefix);
  console.log(`building the web app${viteArgs.length ? ` (${viteArgs.join(' ')})` : ''} into ${outDir} …`);
  const web = path.join(ROOT, 'apps/web');
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...viteArgs];
  if (spawnSync('npx', args, { cwd: web, stdio: 'inherit' }).status !== 0) throw new Error('vite build failed');
  if (prerender && spawnSync('node', ['scripts/prerender.mjs', outDir], { cwd: web, stdio: 'inherit' }).status !== 0) throw new Error('prerender failed');
  return outDir;
}

/** The session cookie of a `Set-Cookie` value as a browser's jar holds it, for `origin`. */
export function browserCookie(setCookie, origin) {
  const [name, value] = setCookie.split(';')[0].split('=');
  return { name, value, domain: new URL(origin).hostname, path: '/', httpOnly: true, sameSite: 'Lax', secure: origin.startsWith('https:') };
}

/** A child process whose output is kept (and shown if it dies unexpectedly). */
export function startChild(args, env, label) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-20_000)));
  child.on('exit', (code) => {
    if (code && !child.stopping) console.error(`${label} exited with ${code}:\n${log.slice(-3000)}`);
  });
  return {
    child,
    log: () => log,
    async stop() {
      // Ended already (by itself or by a signal): there is no exit left to wait for.
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stopping = true;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Node's flags as `npm start` gives them (apps/server/package.json). */
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];

/**
 * The real server (production settings, request logs off), on PostgreSQL at `databaseUrl` or PGlite in
 * `dataDir`; `root`: the checkout whose server it is (this one unless given); `tls`: over HTTPS and HTTP/2
 * with LOCAL_TLS's certificate (the caller's fetch must trust it: `trustLocalCertificate`).
 */
export async function startApp({ dataDir, databaseUrl = '', env = {}, root = ROOT, label = 'server', tls = false }) {
  const port = await freePort();
  const server = startChild(
    [...SERVER_NODE_FLAGS, '--conditions=@fst/source', '--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'local',
      VOICE_PROVIDER: 'local',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web',
      STORAGE: 'local',
      // Generated recordings are not real videos: processing keeps them as they are.
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      FFPROBE_PATH: '/nonexistent/ffprobe',
      ...(tls ? { TLS_CERT: LOCAL_TLS.cert, TLS_KEY: LOCAL_TLS.key } : {}),
      ...env,
    },
    label,
  );
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  return { ...server, port, url };
}

/** A bare Fastify hello-world in its own process: the yardstick every API figure is divided by. */
export async function startHelloWorld() {
  const port = await freePort();
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const server = startChild(['--input-type=module', '-e', script], {}, 'hello-world');
  await waitFor(`http://127.0.0.1:${port}/hello`, 30_000);
  return { ...server, port, url: `http://127.0.0.1:${port}/hello` };
}

/** A new database on the local PostgreSQL server; `drop` removes it. */
export async function scratchDatabase(prefix = 'fst_bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A JSON call with a session cookie; answers the body and the (new) cookie. */
export async function api(base, method, url, body, cookie) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  const set = res.headers.get('set-cookie');
  return { json, cookie: set ? set.split(';')[0] : cookie };
}

/** A WebM-looking file (EBML signature, then pseudo-random bytes). */
const fakeRecording = (size) => {
  const buf = randomBytes(size);
  buf.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return buf;
};

async function uploadRecording(base, cookie, bookId, kidIds) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = { book_id: bookId, recording_type: 'webcam_only', duration_seconds: '600', kid_ids: JSON.stringify(kidIds) };
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="reading.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    ),
    fakeRecording(32 * 1024),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${base}/api/recording/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    body,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()).recording.id;
}

/**
 * The family the parent dashboard shows: a parent, `kids` kids, a grandparent who recorded `recordings`
 * stories for all of them, and two plays (start, complete) of each story by each kid.
 */
export async function seedDashboardFamily(base, { kids = 3, recordings = 6 } = {}) {
  const tag = randomBytes(4).toString('hex');
  const parent = await api(base, 'POST', '/api/auth/signup', {
    first_name: 'Bench',
    last_name: 'Parent',
    email: `bench-parent-${tag}@example.com`,
    password: 'secret1',
    role: 'parent',
  });
  const family = (await api(base, 'POST', '/api/family/create', { family_name: 'Bench Family' }, parent.cookie)).json.family;
  const kidIds = [];
  for (let i = 0; i < kids; i++)
    kidIds.push((await api(base, 'POST', `/api/family/${family.id}/kids`, { first_name: `Kid${i}`, age: 3 + i }, parent.cookie)).json.kid.id);
  const gran = await api(base, 'POST', '/api/auth/signup', {
    first_name: 'Bench',
    last_name: 'Gran',
    email: `bench-gran-${tag}@example.com`,
    password: 'secret1',
    role: 'grandparent',
  });
  await api(base, 'POST', '/api/family/join', { family_code: family.family_code }, gran.cookie);
  const books = (await api(base, 'GET', `/api/books?per_page=${recordings}`, undefined, gran.cookie)).json.books;
  const recordingIds = [];
  for (let i = 0; i < recordings; i++) recordingIds.push(await uploadRecording(base, gran.cookie, books[i % books.length].id, kidIds));
  // Without ffmpeg the job marks each ready at once; wait for the last.
  for (const id of recordingIds) {
    for (let i = 0; (await api(base, 'GET', `/api/recording/${id}`, undefined, gran.cookie)).json.recording.processing_status === 'processing'; i++) {
      if (i > 200) throw new Error(`recording ${id} still processing`);
      await sleep(50);
    }
  }
  for (const kidId of kidIds) {
    for (const recordingId of recordingIds) {
      await api(base, 'POST', '/api/playback/events', { recording_id: recordingId, kid_id: kidId, event: 'start', position_seconds: 0 }, parent.cookie);
      await api(base, 'POST', '/api/playback/events', { recording_id: recordingId, kid_id: kidId, event: 'complete', position_seconds: 600 }, parent.cookie);
    }
  }
  return { parentCookie: parent.cookie, readerCookie: gran.cookie, familyId: family.id, kidIds, recordingIds };
}

/** The parent dashboard's calls (issue 9): session, families, family stats, a kid's playlist, the book list. */
export const dashboardCalls = (f) => [
  ['session', '/api/auth/me'],
  ['families', '/api/family/my-families'],
  ['family stats', `/api/playback/family/${f.familyId}/stats?tz_offset_minutes=-60`],
  ['kid playlist', `/api/playback/kid/${f.kidIds[0]}/playlist`],
  ['books list', '/api/books?per_page=12'],
];

// autocannon's own percentiles are whole milliseconds (a hello-world's p99 comes out as 0 or 1), so every
// answer's latency is taken from its 'response' event, in fractions of a millisecond.
/**
 * `seconds` of load on `url` (or autocannon's `requests` against it): every 2xx answer's latency (ms), the
 * requests answered and the seconds taken.
 */
export async function measure(url, { headers = {}, seconds, connections, requests }) {
  const latencies = [];
  const run = autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  run.on('response', (_client, status, _bytes, ms) => status < 300 && latencies.push(ms));
  const result = await run;
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { latencies, requests: result.requests.total, seconds: result.duration };
}

/** What `measure` (or several, added up) gives as requests a second, p50 and p99. */
export const summary = ({ latencies, requests, seconds }) => {
  latencies.sort((a, b) => a - b);
  return { rps: requests / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
};

/** Sorted sample's percentile (0–100). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
