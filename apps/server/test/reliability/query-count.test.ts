import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { users } from '../../src/features/auth/auth.table.ts';
import type { App } from '../../src/platform/http.ts';
import { createPasswordHasher } from '../../src/platform/passwords.ts';
import { makePdf, multipartBody } from '../context.ts';
import { makeMedia } from '../media.ts';

// No N+1 (issue 9): the SQL statements one request of the parent dashboard sends are counted (every
// statement the app's database client is given while that request runs, one request at a time, less the
// job queue's own polling in schema pgboss) and must not grow with the number of kids, readers,
// recordings, play events or books. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

// The statements of the request being counted: those sent from its own async context, not a background job's
// (a book's cover, a recording's processing) running meanwhile.
const statementsOfRequest = new AsyncLocalStorage<string[]>();
let database: Database;
let app: App;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | null = null;

async function countedDatabase(): Promise<Database> {
  const onQuery = (text: string) => {
    if (!text.includes('pgboss.')) statementsOfRequest.getStore()?.push(text);
  };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ url: null, pgliteDir: null, onQuery });
  const name = `fst_qc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return openDatabase({ url: dbUrl.toString(), pgliteDir: null, onQuery });
}

beforeAll(async () => {
  database = await countedDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fst-qc-'));
  app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web' }),
    database,
    hasher: createPasswordHasher(10),
    logger: false,
    starterBooks: false,
    // Processing keeps the original: recordings are ready as soon as their job ran.
    media: null,
    jobPollingSeconds: 0.5,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

type Caller = { cookie: string; id: string };

async function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: Caller, payload?: unknown) {
  const res = await app.inject({ method, url, payload: payload as never, headers: who ? { cookie: who.cookie } : {} });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** One request, with the statements it sent. */
async function counted(url: string, who: Caller) {
  const statements: string[] = [];
  // Awaited inside the context: an inject is sent when it is awaited.
  const res = await statementsOfRequest.run(statements, async () => await app.inject({ method: 'GET', url, headers: { cookie: who.cookie } }));
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return statements.length;
}

let seq = 0;
async function signUp(role: 'parent' | 'grandparent'): Promise<Caller> {
  const res = await call('POST', '/api/auth/signup', undefined, {
    first_name: 'Count',
    last_name: `User${++seq}`,
    email: `qc-${seq}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'secret1',
    role,
  });
  const cookie = res.cookies.find((c) => c.name === 'fst_session')!;
  return { cookie: `fst_session=${cookie.value}`, id: res.json().user.id };
}

let admin: Caller | undefined;
async function addBook() {
  if (!admin) {
    admin = await signUp('parent');
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  }
  const body = multipartBody({ title: `Counted Book ${++seq}`, author: 'Author', description: 'A book' }, [
    { name: 'pdf_file', filename: 'book.pdf', content: await makePdf(['Once upon a time.']), type: 'application/pdf' },
    { name: 'attribution_file', filename: 'attribution.txt', content: 'Public domain.\n', type: 'text/plain' },
  ]);
  const res = await app.inject({ method: 'POST', url: '/api/admin/books', payload: body.payload, headers: { ...body.headers, cookie: admin.cookie } });
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json().book.id as string;
}

/**
 * A family with `kids` kids and `readers` grandparents, each reader having recorded every book in `bookIds`
 * for every kid, and every kid having played every recording through.
 */
async function family(opts: { kids: number; readers: number; bookIds: string[] }) {
  const parent = await signUp('parent');
  const fam = (await call('POST', '/api/family/create', parent, { family_name: `Counted ${++seq}` })).json().family;
  const kidIds: string[] = [];
  for (let i = 0; i < opts.kids; i++) kidIds.push((await call('POST', `/api/family/${fam.id}/kids`, parent, { first_name: `Kid${i}`, age: 4 })).json().kid.id);
  const recordingIds: string[] = [];
  for (let r = 0; r < opts.readers; r++) {
    const reader = await signUp('grandparent');
    await call('POST', '/api/family/join', reader, { family_code: fam.family_code });
    for (const bookId of opts.bookIds) {
      const form = multipartBody({ book_id: bookId, recording_type: 'audio_only', duration_seconds: '60', kid_ids: JSON.stringify(kidIds) }, [
        { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/recording/upload',
        payload: form.payload,
        headers: { ...form.headers, cookie: reader.cookie },
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      recordingIds.push(res.json().recording.id);
    }
  }
  // Their jobs make them ready (no ffmpeg: at once).
  for (const id of recordingIds) {
    for (let i = 0; (await call('GET', `/api/recording/${id}`, parent)).json().recording.processing_status === 'processing'; i++) {
      if (i > 200) throw new Error(`recording ${id} still processing`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  for (const kidId of kidIds) {
    for (const recordingId of recordingIds) {
      for (const event of ['start', 'complete'] as const) {
        await call('POST', '/api/playback/events', parent, { recording_id: recordingId, kid_id: kidId, event, position_seconds: event === 'start' ? 0 : 60 });
      }
    }
  }
  return { parent, id: fam.id as string, kidIds };
}

/** The statements of each call the parent dashboard makes. */
async function dashboardCounts(f: Awaited<ReturnType<typeof family>>) {
  const urls = {
    session: '/api/auth/me',
    families: '/api/family/my-families',
    family: `/api/family/${f.id}`,
    readers: `/api/family/${f.id}/readers`,
    'family stats': `/api/playback/family/${f.id}/stats?tz_offset_minutes=-60`,
    'recent recordings': `/api/family/${f.id}/recent-recordings`,
    'kid playlist': `/api/playback/kid/${f.kidIds[0]}/playlist`,
    'kid recordings': `/api/recording/kid/${f.kidIds[0]}`,
    books: '/api/books?per_page=20',
  };
  const counts: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    // Once to settle what a first request does (a session touched, a lazily made row), then counted.
    await counted(url, f.parent);
    counts[name] = await counted(url, f.parent);
  }
  return counts;
}

describe('SQL statements per dashboard request', () => {
  it('stay the same with more kids, readers, recordings, plays and books (no N+1)', { timeout: 300_000 }, async () => {
    const oneBook = [await addBook()];
    const small = await family({ kids: 1, readers: 1, bookIds: oneBook });
    const smallCounts = await dashboardCounts(small);

    const manyBooks = [...oneBook, ...(await Promise.all(Array.from({ length: 5 }, () => addBook())))];
    const large = await family({ kids: 4, readers: 3, bookIds: manyBooks.slice(0, 4) });
    const largeCounts = await dashboardCounts(large);

    console.log('statements per request (1 kid, 1 recording / 4 kids, 12 recordings):', JSON.stringify({ small: smallCounts, large: largeCounts }));
    expect(largeCounts).toEqual(smallCounts);
    // And few of them: a dashboard call is a handful of indexed queries (the most, the family's detail: 10).
    for (const [name, n] of Object.entries(largeCounts)) {
      expect(n, name).toBeGreaterThan(0);
      expect(n, name).toBeLessThanOrEqual(10);
    }
  });
});
