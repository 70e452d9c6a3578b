#!/usr/bin/env node
// Upload benchmark (issue 5): starts the real server (embedded database, a temporary DATA_DIR), uploads a
// large generated recording through POST /api/recording/upload, and prints the server's memory growth and
// its throughput as a ratio to a plain loopback HTTP copy to disk measured in the same run.
// Goals: memory growth under 64 MiB, throughput at least 0.5 of the plain copy's.
// Run with `npm run bench:upload` (BENCH_BYTES=… to change the size).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './lib.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTAL = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const CHUNK = 1024 * 1024;
const GOAL_MIB = 64;
const GOAL_RATIO = 0.5;
const MiB = 1024 * 1024;

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function rssOf(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  } catch {
    return NaN;
  }
}

/** Samples a process's resident memory every 20 ms until stopped; answers the peak. */
function sampleRss(pid) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const rss = await rssOf(pid);
      if (rss > peak) peak = rss;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peak;
  };
}

/** The file's bytes: a WebM signature, then pseudo-random data, produced chunk by chunk (never held whole). */
async function* generatedRecording(total) {
  const block = randomBytes(CHUNK);
  block.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  for (let sent = 0, i = 0; sent < total; i++) {
    const n = Math.min(CHUNK, total - sent);
    // Vary each chunk a little so nothing along the way can shortcut identical blocks.
    if (i > 0) block.writeUInt32LE(i, 4);
    yield n === CHUNK ? block : block.subarray(0, n);
    sent += n;
  }
}

/** Streams `head`, the generated file and `tail` as one request body with backpressure; answers status, body and seconds. */
function streamRequest({ port, path: urlPath, headers, head = Buffer.alloc(0), tail = Buffer.alloc(0), total }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers: { ...headers, 'content-length': head.length + total + tail.length } });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString(), seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
    });
    (async () => {
      const write = (buf) => (req.write(buf) ? Promise.resolve() : new Promise((r) => req.once('drain', r)));
      await write(head);
      for await (const chunk of generatedRecording(total)) await write(chunk);
      await write(tail);
      req.end();
    })().catch(reject);
  });
}

function startChild(args, env, label) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  child.on('exit', (code) => {
    if (code && code !== 0 && !child.stopping) console.error(`${label} exited with ${code}:\n${log.slice(-2000)}`);
  });
  return { child, log: () => log };
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A JSON call to the server with a session cookie. */
async function api(port, method, url, body, cookie) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  const set = res.headers.get('set-cookie');
  return { json, cookie: set ? set.split(';')[0] : cookie };
}

// The plain copy: a bare HTTP server that writes the request body to a file.
const PLAIN_SERVER = `
const http = require('node:http'); const fs = require('node:fs');
const [port, file] = process.argv.slice(1);
http.createServer((req, res) => {
  const out = fs.createWriteStream(file);
  req.pipe(out);
  out.on('finish', () => res.end('ok'));
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fst-bench-'));
  const children = [];
  try {
    console.log(`Upload benchmark: ${(TOTAL / MiB).toFixed(0)} MiB through POST /api/recording/upload`);

    // 1. The plain loopback copy, for scale.
    const plainPort = await freePort();
    const plain = startChild(['-e', PLAIN_SERVER, String(plainPort), path.join(dataDir, 'plain.bin')], {}, 'plain server');
    children.push(plain.child);
    await waitFor(`http://127.0.0.1:${plainPort}/`, 10_000).catch(() => {});
    const base = await streamRequest({ port: plainPort, path: '/', headers: { 'content-type': 'application/octet-stream' }, total: TOTAL });
    if (base.status !== 200) throw new Error(`plain copy answered ${base.status}`);
    const plainRate = TOTAL / MiB / base.seconds;
    console.log(`plain loopback HTTP copy to disk: ${base.seconds.toFixed(2)} s, ${plainRate.toFixed(0)} MiB/s`);
    plain.child.stopping = true;
    plain.child.kill();

    // 2. The real server, embedded mode. ffmpeg is left out: the generated bytes are not a real video,
    // and processing is not what this measures.
    const port = await freePort();
    const parentEmail = `bench-parent-${randomBytes(3).toString('hex')}@example.com`;
    const server = startChild([...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/server.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: parentEmail,
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      DATABASE_URL: '',
      STORAGE: 'local',
      NODE_ENV: 'production',
    }, 'server');
    children.push(server.child);
    await waitFor(`http://127.0.0.1:${port}/api/health`, 180_000);

    const signup = (role, email) =>
      api(port, 'POST', '/api/auth/signup', { first_name: 'Bench', last_name: role, email, password: 'secret1', role });
    const parent = await signup('parent', parentEmail);
    const family = (await api(port, 'POST', '/api/family/create', { family_name: 'Bench Family' }, parent.cookie)).json.family;
    const kid = (await api(port, 'POST', `/api/family/${family.id}/kids`, { first_name: 'Mia', age: 4 }, parent.cookie)).json.kid;
    const gran = await signup('grandparent', `bench-gran-${randomBytes(3).toString('hex')}@example.com`);
    await api(port, 'POST', '/api/family/join', { family_code: family.family_code }, gran.cookie);
    const book = (await api(port, 'GET', '/api/books?per_page=1', undefined, gran.cookie)).json.books[0];
    if (!book) throw new Error('no book in the catalogue');

    // Let the server settle, then measure its resting memory.
    if (global.gc) global.gc();
    await new Promise((r) => setTimeout(r, 1500));
    const before = await rssOf(server.child.pid);
    const stopSampling = sampleRss(server.child.pid);

    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const fields = { book_id: book.id, recording_type: 'webcam_only', duration_seconds: '600', kid_ids: JSON.stringify([kid.id]) };
    const head = Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="reading.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const upload = await streamRequest({
      port,
      path: '/api/recording/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: gran.cookie },
      head,
      tail,
      total: TOTAL,
    });
    const peak = await stopSampling();
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.body.slice(0, 500)}`);
    const recording = JSON.parse(upload.body).recording;
    const stored = await stat(path.join(dataDir, 'media', 'recordings', recording.id, 'original.webm'));
    if (stored.size !== TOTAL) throw new Error(`stored ${stored.size} bytes, sent ${TOTAL}`);

    const rate = TOTAL / MiB / upload.seconds;
    const growth = (peak - before) / MiB;
    console.log(`server upload (multipart, streamed to storage): ${upload.seconds.toFixed(2)} s, ${rate.toFixed(0)} MiB/s`);
    const ratio = rate / plainRate;
    console.log(`throughput ratio to the plain copy: ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO})`);
    console.log(`server RSS: ${(before / MiB).toFixed(0)} MiB at rest, ${(peak / MiB).toFixed(0)} MiB at peak, growth ${growth.toFixed(1)} MiB (goal < ${GOAL_MIB} MiB)`);
    const memoryOk = growth < GOAL_MIB;
    const speedOk = ratio >= GOAL_RATIO;
    console.log(memoryOk ? 'PASS: memory growth within the goal' : 'FAIL: memory growth over the goal');
    console.log(speedOk ? 'PASS: throughput within the goal' : 'FAIL: throughput below the goal');
    process.exitCode = memoryOk && speedOk ? 0 : 1;
  } finally {
    for (const c of children) {
      c.stopping = true;
      c.kill('SIGTERM');
    }
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
