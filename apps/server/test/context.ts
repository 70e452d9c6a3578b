import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migratedPgliteDump, openDatabase, type Database, type QueryObserver } from '../src/db/client.ts';
import { users } from '../src/features/auth/auth.table.ts';
import type { RateLimits } from '../src/features/auth/auth.service.ts';
import type { Clock } from '../src/platform/clock.ts';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer.ts';
import type { MediaTools } from '../src/platform/media/ffmpeg.ts';
import { recordings as recordingsTable } from '../src/features/recordings/recordings.table.ts';
import { createPasswordHasher, type PasswordHasher } from '../src/platform/passwords.ts';

/**
 * The run's migrated PGlite (pglite-dump.setup.ts keeps the folder): made by the first test file that needs it,
 * loaded by the rest, since loading takes ~1.5 s where creating and migrating a database takes ~5 s.
 */
let pgliteDump: Promise<Blob | undefined> | undefined;
async function makeOrLoadPgliteDump(): Promise<Blob | undefined> {
  const dir = inject('pgliteDumpDir');
  if (!dir) return undefined;
  const file = path.join(dir, 'migrated.tar');
  const bytes = await readFile(file).catch(() => null);
  if (bytes) return new Blob([bytes]);
  const dump = await migratedPgliteDump();
  // Written aside and renamed: a file reading it at the same time sees all of it or none.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

/** A fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function openTestDatabase(onQuery?: QueryObserver, queryTimeoutMs?: number): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ url: null, pgliteDir: null, pgliteDump: await (pgliteDump ??= makeOrLoadPgliteDump()), onQuery });
  const name = `fst_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString(), pgliteDir: null, onQuery, queryTimeoutMs });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Captures mail instead of sending it. */
export function memoryMailer() {
  const sent: MailMessage[] = [];
  const mailer: Mailer & {
    sent: MailMessage[];
    last(): MailMessage | undefined;
    /** The first mail from `from` on (an index into `sent`) that matches, once it is sent (mails with links go out as jobs). */
    waitFor(match: (m: MailMessage) => boolean, from?: number, timeoutMs?: number): Promise<MailMessage>;
  } = {
    sent,
    last: () => sent.at(-1),
    async send(message) {
      sent.push(message);
    },
    async waitFor(match, from = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sent.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail among ${sent.length - from} sent`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  return mailer;
}

/** The token of the first link to `path` (e.g. 'verify-email') in a mail. */
export const linkToken = (mail: MailMessage, path: string) => mail.text.match(new RegExp(`/${path}/([\\w-]+)`))?.[1];

/** A clock tests can move forward. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export const GENEROUS_LIMITS: RateLimits = {
  loginPerAddressAndClient: { max: 1000, windowMs: 60_000 },
  loginPerAddress: { max: 1000, windowMs: 60_000 },
  signupPerClient: { max: 10_000, windowMs: 60_000 },
  changePasswordPerUser: { max: 1000, windowMs: 60_000 },
  loginPerClient: { max: 1000, windowMs: 60_000 },
  resetPerAddress: { max: 1000, windowMs: 60_000 },
  resetPerClient: { max: 1000, windowMs: 60_000 },
};

/** A small real PDF with one page per text, made with pdf-lib. */
export async function makePdf(pages: string[] = ['Once upon a time.']): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([400, 300]).drawText(text, { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save());
}

export type FormFile = { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body for app.inject, built by hand (no form library needed). */
export function multipartBody(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----fst${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

// Idle job workers look for jobs this often in tests (a job sent by the same app starts at once anyway).
const TEST_JOB_POLLING_SECONDS = 0.5;

export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    rateLimits?: RateLimits;
    /** The password hasher (a cheap one when not given). */
    hasher?: PasswordHasher;
    starterBooks?: boolean;
    media?: MediaTools | null;
    lostJobsSweepMs?: number;
    /** Told every statement the app sends (after the migrations). */
    onQuery?: QueryObserver;
    /** Sends the app's mail (the memory mailer, `ctx.mailer`, when not given). */
    mailer?: Mailer;
    /** PostgreSQL's statement timeout (DATABASE_QUERY_TIMEOUT_MS). */
    queryTimeoutMs?: number;
    /** Serve HTTPS (and HTTP/2) with this certificate and key (PEM), as TLS_CERT/TLS_KEY's files do. */
    tls?: { cert: string; key: string };
  } = {},
) {
  const database = await openTestDatabase(opts.onQuery, opts.queryTimeoutMs);
  // Media and other files of this test run, removed on close.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fst-test-'));
  const loaded = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web', ...opts.env });
  const config = opts.tls ? { ...loaded, tls: opts.tls, https: true } : loaded;
  const mailer = memoryMailer();
  const clock = testClock();
  const app = await buildApp({
    config,
    database,
    mailer: opts.mailer ?? mailer,
    clock,
    // Cheap hashing keeps tests fast; the production cost is checked in passwords.test.ts.
    hasher: opts.hasher ?? createPasswordHasher(10),
    rateLimits: opts.rateLimits ?? GENEROUS_LIMITS,
    logger: false,
    // The starter catalogue would stand in the way of counting books; tests that want it ask for it.
    starterBooks: opts.starterBooks ?? false,
    media: opts.media,
    jobPollingSeconds: TEST_JOB_POLLING_SECONDS,
    lostJobsSweepMs: opts.lostJobsSweepMs,
  });
  await app.ready();
  let seq = 0;

  const cookieOf = (res: LightMyRequestResponse) => {
    const c = res.cookies.find((k) => k.name === 'fst_session');
    return c ? `fst_session=${c.value}` : undefined;
  };

  /** Signs up a new account; answers its user, its password and a session cookie. */
  async function newUser(overrides: Partial<{ first_name: string; last_name: string; email: string; password: string; role: 'parent' | 'grandparent' }> = {}) {
    seq += 1;
    const body = {
      first_name: 'Test',
      last_name: `User${seq}`,
      email: `user${seq}-${randomBytes(3).toString('hex')}@example.com`,
      password: 'secret1',
      role: 'parent' as const,
      ...overrides,
    };
    const res = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
    // The verification mail goes out as a job: waited for, so it never lands among the mails a test counts next.
    if (!opts.mailer)
      await mailer.waitFor((m) => String(m.to).toLowerCase() === body.email.trim().toLowerCase() && Boolean(linkToken(m, 'verify-email')), 0, 30_000);
    return { ...res.json().user, password: body.password, cookie: cookieOf(res)! } as {
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      role: string;
      is_admin: boolean;
      email_verified: boolean;
      password: string;
      cookie: string;
    };
  }

  /** A site admin (is_admin set in the database, as `npm run admin -- grant` does). */
  async function newAdmin() {
    const user = await newUser();
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    return { ...user, is_admin: true };
  }
  let bookAdmin: Awaited<ReturnType<typeof newAdmin>> | undefined;

  /** Opens the newest verification link mailed to `email` (waiting for it to be sent); answers the response. */
  async function verifyEmail(email: string) {
    const isLink = (m: MailMessage) => String(m.to).toLowerCase() === email.toLowerCase() && Boolean(linkToken(m, 'verify-email'));
    await mailer.waitFor(isLink);
    const token = linkToken(mailer.sent.filter(isLink).at(-1)!, 'verify-email');
    return app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  }

  const ctx = {
    newUser,
    newAdmin,
    verifyEmail,
    app,
    database,
    db: database.db,
    dataDir,
    mailer,
    clock,
    config,
    cookieOf,
    /** A family created by `admin` (a parent account, made when not given). */
    async newFamily(admin?: { cookie: string }, name = `Family ${++seq}`) {
      const owner = admin ?? (await newUser());
      const res = await app.inject({ method: 'POST', url: '/api/family/create', payload: { family_name: name }, headers: { cookie: owner.cookie } });
      if (res.statusCode !== 201) throw new Error(`create family failed: ${res.statusCode} ${res.body}`);
      const family = res.json().family as { id: string; family_code: string; name: string };
      return { ...family, admin: owner };
    },
    async newKid(family: { id: string; admin: { cookie: string } }, first_name = 'Kiddo', age = 5) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/family/${family.id}/kids`,
        payload: { first_name, age },
        headers: { cookie: family.admin.cookie },
      });
      if (res.statusCode !== 201) throw new Error(`add kid failed: ${res.statusCode} ${res.body}`);
      return res.json().kid as { id: string; first_name: string; age: number; family_id: string };
    },
    /** Pairs a kid device with a code a parent asked for (docs/decisions/018); answers its id and cookie. */
    async newDevice(parent: { cookie: string }, kid: { id: string; family_id: string }, device_name = 'Tablet') {
      const made = await app.inject({ method: 'POST', url: `/api/family/${kid.family_id}/kids/${kid.id}/device-code`, headers: { cookie: parent.cookie } });
      if (made.statusCode !== 201) throw new Error(`device code failed: ${made.statusCode} ${made.body}`);
      const res = await app.inject({ method: 'POST', url: '/api/devices/pair', payload: { code: made.json().code, device_name } });
      if (res.statusCode !== 201) throw new Error(`pairing failed: ${res.statusCode} ${res.body}`);
      return { id: res.json().device.id as string, cookie: cookieOf(res)! };
    },
    /**
     * Joins `user` to the family by its code. A parent account's code join is a join request (decisions.md
     * "Families"): the family's admin approves it when `family` comes with its admin.
     */
    async join(user: { cookie: string }, family: { id?: string; family_code: string; admin?: { cookie: string } }, relationship?: string) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/family/join',
        payload: { family_code: family.family_code, relationship },
        headers: { cookie: user.cookie },
      });
      if (res.statusCode === 202 && family.admin) {
        const { request_id, family: joined } = res.json() as { request_id: string; family: { id: string } };
        const approved = await app.inject({
          method: 'PUT',
          url: `/api/family/${joined.id}/requests/${request_id}`,
          payload: { action: 'approve' },
          headers: { cookie: family.admin.cookie },
        });
        if (approved.statusCode !== 200) throw new Error(`approving the join failed: ${approved.statusCode} ${approved.body}`);
        return;
      }
      if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
    },
    /** A book uploaded through the admin API (by a site admin made for the purpose when not given). */
    async newBook(
      overrides: Partial<{
        title: string;
        author: string;
        description: string;
        is_premium: string;
        token_cost: string;
        narration_text: string;
        pages: string[];
      }> = {},
      admin?: { cookie: string },
    ) {
      const by = admin ?? (bookAdmin ??= await newAdmin());
      const { pages, ...fields } = overrides;
      const body = multipartBody({ title: `Book ${++seq}`, author: 'Test Author', description: 'A test book', ...fields }, [
        { name: 'pdf_file', filename: 'book.pdf', content: await makePdf(pages), type: 'application/pdf' },
        { name: 'attribution_file', filename: 'attribution.txt', content: 'Public domain.\n', type: 'text/plain' },
      ]);
      const res = await app.inject({ method: 'POST', url: '/api/admin/books', payload: body.payload, headers: { ...body.headers, cookie: by.cookie } });
      if (res.statusCode !== 201) throw new Error(`upload book failed: ${res.statusCode} ${res.body}`);
      return res.json().book as {
        id: string;
        title: string;
        author: string;
        pdf_url: string;
        attribution_url: string;
        is_premium: boolean;
        token_cost: number;
        page_count: number;
      };
    },
    /**
     * Waits until a recording's processing job has run (status no longer `processing`), polling the
     * database; answers the row. Fails after `timeoutMs`.
     */
    async waitForRecording(id: string, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await database.db.select().from(recordingsTable).where(eq(recordingsTable.id, id));
        if (row && row.status !== 'processing') return row;
        if (!row) throw new Error(`recording ${id} does not exist`);
        if (Date.now() > deadline) throw new Error(`recording ${id} still processing after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** A second app instance on the same database and data folder, as a second server would be; close it after. */
    async anotherInstance(overrides: { starterBooks?: boolean; media?: MediaTools | null } = {}) {
      const other = await buildApp({
        config,
        database,
        mailer,
        clock,
        hasher: createPasswordHasher(10),
        logger: false,
        starterBooks: opts.starterBooks ?? false,
        media: opts.media,
        jobPollingSeconds: TEST_JOB_POLLING_SECONDS,
        ...overrides,
      });
      await other.ready();
      return other;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}
