import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { RESUMABLE_UPLOAD_FILETYPE_KEY, RESUMABLE_UPLOAD_PATH } from '@fst/shared/recordings/recordings.rules';
import { openDatabase } from '../../src/db/client.ts';

// Reliability tests run the real server as a child process (node --import tsx src/server.ts), kill it,
// start it again, and look at what survived. Nothing here fakes the app: only its surroundings (the network
// to PostgreSQL, an S3-compatible server) are stood up by the test.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER_ENTRY = 'apps/server/src/server.ts';
const STARTUP_MS = 120_000;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** Polls `check` until it answers something truthy; fails with `what` after `ms`. */
export async function until<T>(check: () => Promise<T> | T, what: string, ms = 60_000, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function tempDir(prefix = 'fst-rel-') {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------------
// The server process

export type ServerOptions = {
  dataDir: string;
  /** PostgreSQL; unset means embedded PGlite in DATA_DIR/db. */
  databaseUrl?: string;
  /** Leave ffmpeg out (the original upload is what plays, byte for byte). */
  noFfmpeg?: boolean;
  env?: Record<string, string>;
  port?: number;
};

export type ServerProcess = {
  port: number;
  url: string;
  pid: number;
  /** The next exit is the test's doing (a crash it causes through other means). */
  expectExit: () => void;
  /** SIGSTOP / SIGCONT to the process group: a frozen instance takes no job and answers nothing. */
  freeze: () => void;
  thaw: () => void;
  /** stdout and stderr so far (pino JSON lines). */
  log: () => string;
  /** SIGKILL to the whole process group (the server and any ffmpeg it runs), as a crash would. */
  crash: () => Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop: () => Promise<void>;
  exited: () => boolean;
};

const running = new Set<ChildProcess>();
// A test that fails midway must not leave servers behind.
process.once('exit', () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Starts the server and waits until `/api/health` answers. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--conditions=@fst/source', '--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    // Its own process group: a crash takes ffmpeg with it, as it would in a container.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'local',
      VOICE_PROVIDER: 'local',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent-web',
      STORAGE: 'local',
      ...(opts.noFfmpeg ? { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' } : {}),
      ...opts.env,
    },
  });
  running.add(child);
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  let exitedFlag = false;
  let expectedExit = false;
  const exit = once(child, 'exit').then(([code, signal]) => {
    exitedFlag = true;
    running.delete(child);
    // A server that dies on its own is a finding: show why.
    if (!expectedExit) console.error(`server on port ${port} exited by itself (${signal ?? code}):\n${log.slice(-4000)}`);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (exitedFlag) throw new Error(`server exited during startup:\n${log.slice(-3000)}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      expectedExit = true;
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`server did not answer within ${STARTUP_MS} ms:\n${log.slice(-3000)}`);
    }
    await sleep(100);
  }
  return {
    port,
    url,
    pid: child.pid!,
    log: () => log,
    exited: () => exitedFlag,
    expectExit: () => {
      expectedExit = true;
    },
    freeze: () => process.kill(-child.pid!, 'SIGSTOP'),
    thaw: () => process.kill(-child.pid!, 'SIGCONT'),
    async crash() {
      if (exitedFlag) return;
      expectedExit = true;
      process.kill(-child.pid!, 'SIGKILL');
      await exit;
    },
    async stop() {
      if (exitedFlag) return;
      expectedExit = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => !exitedFlag && process.kill(-child.pid!, 'SIGKILL'), 30_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Lines of a server's pino log that carry `msg`. */
export function logLines(server: ServerProcess, msg: string): Record<string, unknown>[] {
  return server
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === msg);
}

// ---------------------------------------------------------------------------------------------------
// Talking to it

// Answers are read loosely in these tests and checked by expect.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

export type Reply = { status: number; json: Record<string, unknown> & { error?: string; code?: string }; headers: Headers };

/** A signed-in (or anonymous) caller of one server; `at` points it at another instance, cookie and all. */
export class ApiClient {
  cookie: string | undefined;
  constructor(public baseUrl: string) {}

  at(baseUrl: string) {
    const other = new ApiClient(baseUrl);
    other.cookie = this.cookie;
    return other;
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set?.startsWith('fst_session=')) this.cookie = set.split(';')[0];
    const text = await res.text();
    let json: Reply['json'];
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { error: text };
    }
    return { status: res.status, json, headers: res.headers };
  }

  /** Like `call`, but anything other than `expected` fails the test with the answer. */
  async ok(method: string, url: string, body?: unknown, expected = [200, 201]): Promise<Loose> {
    const res = await this.call(method, url, body);
    if (!expected.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json;
  }

  async bytes(url: string): Promise<Buffer> {
    const full = url.startsWith('http') ? url : `${this.baseUrl}${url}`;
    const res = await fetch(full, { headers: this.cookie && !url.startsWith('http') ? { cookie: this.cookie } : {} });
    if (!res.ok) throw new Error(`GET ${full}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }
}

let seq = 0;
export async function signUp(baseUrl: string, role: 'parent' | 'grandparent') {
  const client = new ApiClient(baseUrl);
  const email = `rel-${role}-${++seq}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await client.ok('POST', '/api/auth/signup', { first_name: 'Rel', last_name: role, email, password: 'secret1', role });
  return Object.assign(client, { user: res.user as { id: string; email: string }, email });
}

/** A parent with a family and a kid, and a grandparent who joined it: what a recording needs. */
export async function familyWithReader(baseUrl: string) {
  const parent = await signUp(baseUrl, 'parent');
  const family = (await parent.ok('POST', '/api/family/create', { family_name: 'Reliability Family' })).family as { id: string; family_code: string };
  const kid = (await parent.ok('POST', `/api/family/${family.id}/kids`, { first_name: 'Mia', age: 4 })).kid as { id: string };
  const reader = await signUp(baseUrl, 'grandparent');
  await reader.ok('POST', '/api/family/join', { family_code: family.family_code });
  const book = ((await reader.ok('GET', '/api/books?per_page=1')).books as { id: string }[])[0];
  if (!book) throw new Error('the starter catalogue is empty');
  return { parent, reader, family, kid, book };
}

/** A multipart body for `POST /api/recording/upload`; `file` absent when an `upload_id` names a finished tus upload. */
export function recordingForm(fields: Record<string, string>, file?: { content: Buffer; type: string; filename: string }) {
  const boundary = `----rel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function uploadRecording(
  client: ApiClient,
  fields: { book_id: string; kid_ids: string[]; upload_id?: string; recording_type?: string; duration_seconds?: number },
  file?: { content: Buffer; type: string; filename: string },
) {
  const form = recordingForm(
    {
      book_id: fields.book_id,
      recording_type: fields.recording_type ?? 'webcam_only',
      duration_seconds: String(fields.duration_seconds ?? 30),
      kid_ids: JSON.stringify(fields.kid_ids),
      ...(fields.upload_id ? { upload_id: fields.upload_id } : {}),
    },
    file,
  );
  const res = await fetch(`${client.baseUrl}/api/recording/upload`, {
    method: 'POST',
    headers: { 'content-type': form.contentType, cookie: client.cookie ?? '' },
    body: form.body,
  });
  const json = (await res.json()) as Loose;
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
  return json.recording as { id: string; processing_status: string };
}

/** Polls a recording until it leaves `processing`. */
export async function waitForRecording(client: ApiClient, id: string, ms = 120_000) {
  return until(
    async () => {
      const res = await client.call('GET', `/api/recording/${id}`);
      const r = res.json.recording as { id: string; processing_status: string } | undefined;
      return r && r.processing_status !== 'processing' ? r : null;
    },
    `recording ${id} to be processed`,
    ms,
    250,
  );
}

/** Bytes of a WebM-looking file (EBML signature, then pseudo-random data): it passes the magic-number check. */
export function webmLikeBytes(size: number) {
  const buf = randomBytes(size);
  buf.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return buf;
}

// ---------------------------------------------------------------------------------------------------
// tus 1.0, spoken by hand (what tus-js-client does in the browser)

export async function tusCreate(client: ApiClient, size: number, filetype = 'video/webm') {
  const meta = `${RESUMABLE_UPLOAD_FILETYPE_KEY} ${Buffer.from(filetype).toString('base64')},filename ${Buffer.from('reading.webm').toString('base64')}`;
  const res = await fetch(`${client.baseUrl}${RESUMABLE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta, cookie: client.cookie ?? '' },
  });
  if (res.status !== 201) throw new Error(`tus create: ${res.status} ${await res.text()}`);
  const location = res.headers.get('location')!;
  return location.split('/').pop()!;
}

export async function tusOffset(client: ApiClient, id: string): Promise<number> {
  const res = await fetch(`${client.baseUrl}${RESUMABLE_UPLOAD_PATH}/${id}`, {
    method: 'HEAD',
    headers: { 'tus-resumable': '1.0.0', cookie: client.cookie ?? '' },
  });
  if (res.status !== 200) throw new Error(`tus HEAD: ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

/**
 * PATCHes `data` from `offset`, written in 256 KiB pieces with backpressure; with `stopAfter`, the client
 * stalls after that many bytes and keeps the request open (a connection cut mid-upload). The promise
 * settles with the status, or with the error of a dropped connection.
 */
export function tusPatch(
  client: ApiClient,
  id: string,
  offset: number,
  data: Buffer,
  opts: { stopAfter?: number } = {},
): Promise<{ status: number; offset: number }> {
  const url = new URL(`${client.baseUrl}${RESUMABLE_UPLOAD_PATH}/${id}`);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(data.length),
        cookie: client.cookie ?? '',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, offset: Number(res.headers['upload-offset'] ?? -1) }));
    });
    (async () => {
      const piece = 256 * 1024;
      const end = Math.min(data.length, opts.stopAfter ?? data.length);
      for (let sent = 0; sent < end; sent += piece) {
        const chunk = data.subarray(sent, Math.min(sent + piece, end));
        if (!req.write(chunk)) await once(req, 'drain');
      }
      if (end === data.length) req.end();
    })().catch(reject);
  });
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

export const postgresUrl = process.env.TEST_DATABASE_URL || null;
if (!postgresUrl) console.log('SKIPPED: the PostgreSQL reliability cases need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');

/** A fresh database on the TEST_DATABASE_URL server; `drop` removes it. */
export async function scratchDatabase() {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `fst_rel_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    /** One-off query on the scratch database. */
    async query<T extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]> {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query<T>(text, values)).rows;
      } finally {
        await c.end();
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type DatabaseKind = 'PGlite' | 'PostgreSQL';
/** The databases to run a crash test on: embedded PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: { kind: DatabaseKind }[] = [{ kind: 'PGlite' }, ...(postgresUrl ? [{ kind: 'PostgreSQL' as const }] : [])];

/** Things to undo after a test, last first, whatever happened. */
export class Cleanups {
  private list: (() => Promise<unknown>)[] = [];
  add(fn: () => Promise<unknown>) {
    this.list.push(fn);
  }
  async run() {
    while (this.list.length) await this.list.pop()!().catch(() => {});
  }
  /** A server stopped (killed) after the test. */
  async start(options: ServerOptions) {
    const server = await startServer(options);
    this.add(() => server.crash());
    return server;
  }
}

/**
 * A data folder and a database of `kind` for one test: `options` are the server settings on them,
 * `query` reads the app's database (PGlite: opened in this process, so only while no server runs).
 */
export async function prepareData(kind: DatabaseKind, cleanups: Cleanups) {
  const dataDir = await tempDir();
  cleanups.add(() => removeDir(dataDir));
  if (kind === 'PostgreSQL') {
    const db = await scratchDatabase();
    cleanups.add(() => db.drop());
    return {
      dataDir,
      options: (extra: Partial<ServerOptions> = {}): ServerOptions => ({ dataDir, databaseUrl: db.url, ...extra }),
      query: (text: string, values?: unknown[]) => db.query(text, values),
    };
  }
  return {
    dataDir,
    options: (extra: Partial<ServerOptions> = {}): ServerOptions => ({ dataDir, ...extra }),
    async query(text: string, values?: unknown[]) {
      const database = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'db') });
      try {
        return (await database.sql(text, values)).rows;
      } finally {
        await database.close();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A TCP proxy the test controls: cut the link (PostgreSQL "down"), or swallow the next answer.

export async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let down = false;
  let swallowNext: (() => void) | null = null;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      if (swallowNext) {
        // The answer reached the proxy: it never reaches the caller.
        const then = swallowNext;
        swallowNext = null;
        then();
        return drop();
      }
      client.write(d);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Every open connection reset, new ones refused: as if the server behind went away. */
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    /** The next bytes the target answers are dropped with the connection, after `then` ran. */
    swallowNextAnswer(then: () => void) {
      swallowNext = then;
    },
    async close() {
      down = true;
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A local S3-compatible server (s3rver), with a bucket

export async function startS3(bucket = 'fst-media') {
  const dir = await tempDir('fst-s3-');
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await s3.run()) as net.AddressInfo;
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    /** The server settings for it (s3rver takes the credentials S3RVER/S3RVER). */
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await s3.close();
      await removeDir(dir);
    },
  };
}
