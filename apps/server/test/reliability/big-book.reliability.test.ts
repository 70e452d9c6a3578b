import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBigPdf } from './big-pdf.ts';
import { ApiClient, Cleanups, postgresUrl, prepareData, signUp, sleep, until, type ServerProcess } from './harness.ts';

// Issue 23.2: a scanned picture book of 200 MB is uploaded, streamed to storage, read for its text and drawn
// for its cover while the API keeps answering. The API's p99 under a steady load is measured alone, then
// while the book goes through, in the same run: the second may be some times the first, never a stall.

const BOOK_BYTES = 200 * 1024 * 1024;
// Requests a second of the steady load: a few families' evening, far from saturating the server.
const LOAD_PER_SECOND = 60;
// The load alone is measured before and after the book; the slower of the two is the baseline, so a moment
// of other work on a shared machine during one of them does not make the book look slow.
const BASELINE_MS = 5_000;

const cleanups = new Cleanups();
let server: ServerProcess;
let dataDir: string;
let admin: ApiClient;
let reader: ApiClient;
let pdfFile: string;

/** The p-th percentile (0–100) of `values`. */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * An open-loop load: every 1/LOAD_PER_SECOND s one request, whether or not the earlier ones have answered,
 * alternating the health check and a signed-in read, until `stop` resolves. Answers each request's time.
 */
async function steadyLoad(stop: Promise<unknown>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const urls = ['/api/health', '/api/books?per_page=5'];
  const times: number[] = [];
  const failures: string[] = [];
  const pending = new Set<Promise<void>>();
  let stopped = false;
  void stop.then(() => (stopped = true));
  const one = (url: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.get(`${server.url}${url}`, { agent, headers: { cookie: reader.cookie ?? '' } }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(performance.now() - started);
          if (res.statusCode !== 200) failures.push(`${url}: ${res.statusCode}`);
          resolve();
        });
      });
      req.on('error', (err) => {
        failures.push(`${url}: ${err.message}`);
        resolve();
      });
    });
  const interval = 1000 / LOAD_PER_SECOND;
  const start = performance.now();
  for (let n = 0; !stopped; n++) {
    const p = one(urls[n % urls.length]!);
    pending.add(p);
    void p.then(() => pending.delete(p));
    // Paced against the clock: a late tick sends at once rather than drifting.
    const wait = start + (n + 1) * interval - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(pending);
  agent.destroy();
  return { times, failures };
}

/** The book sent by curl (a client nobody on the team wrote), in a process of its own; answers its status and body. */
function sendBook(file: string, cookie: string, copy: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const args = ['-sS', '-o', '-', '-w', '\n%{http_code}', '-H', `cookie: ${cookie}`, '-H', `origin: ${server.url}`];
    const fields = { title: `The Very Big Picture Book ${copy}`, author: 'A Scanner', description: 'Every page a full scan.' };
    for (const [name, value] of Object.entries(fields)) args.push('-F', `${name}=${value}`);
    args.push('-F', `pdf_file=@${file};type=application/pdf;filename=big-book.pdf`, '-F', 'attribution_file=@-;type=text/plain;filename=source.txt');
    const curl = spawn('curl', [...args, `${server.url}/api/admin/books`], { stdio: ['pipe', 'pipe', 'pipe'] });
    curl.stdin.end('Scanned for this test.\n');
    let out = '';
    curl.stdout.on('data', (d) => (out += d));
    curl.stderr.on('data', (d) => (out += d));
    curl.on('error', reject);
    curl.on('close', () => {
      const at = out.lastIndexOf('\n');
      resolve({ status: Number(out.slice(at + 1)), body: out.slice(0, at) });
    });
  });
}

describe('the API while a 200 MB picture book is read', () => {
  beforeAll(async () => {
    // On PostgreSQL where there is one (as in CI), else the embedded database.
    const data = await prepareData(postgresUrl ? 'PostgreSQL' : 'PGlite', cleanups);
    dataDir = data.dataDir;
    const adminEmail = `big-book-admin-${Date.now()}@example.com`;
    server = await cleanups.start(data.options({ noFfmpeg: true, env: { ADMIN_EMAILS: adminEmail } }));

    admin = new ApiClient(server.url);
    await admin.ok('POST', '/api/auth/signup', { first_name: 'Site', last_name: 'Admin', email: adminEmail, password: 'secret1', role: 'parent' });
    // The admin's address verified through the link of the mail in the outbox, read with mailparser.
    const token = await until(async () => {
      for (const name of await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[])) {
        const mail = await simpleParser(await readFile(path.join(dataDir, 'outbox', name)));
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        const match = to?.text.includes(adminEmail) ? /\/verify-email\/([\w-]+)/.exec(mail.text ?? '') : null;
        if (match) return match[1];
      }
      return null;
    }, 'the verification mail');
    await admin.ok('POST', '/api/auth/verify-email', { token });
    expect((await admin.ok('GET', '/api/auth/me')).user.is_admin).toBe(true);
    reader = await signUp(server.url, 'grandparent');

    // The starter books' covers are drawn by jobs after the first start: done before anything is measured.
    await until(
      async () => {
        const { books } = await admin.ok('GET', '/api/admin/books?per_page=100');
        return (books as { cover_url: string | null }[]).length > 0 && (books as { cover_url: string | null }[]).every((b) => b.cover_url);
      },
      'the starter books’ covers',
      120_000,
      500,
    );

    pdfFile = path.join(dataDir, 'big-book.pdf');
    const made = await writeBigPdf(pdfFile, BOOK_BYTES);
    console.log(`big book: ${(made.size / 1024 ** 2).toFixed(0)} MiB, ${made.pages} pages of full-page scans`);
  }, 240_000);
  afterAll(() => cleanups.run());

  it('keeps the p99 of a steady load within a few times its own baseline', async () => {
    // Warm-up, then the baseline: the load alone.
    await steadyLoad(sleep(1_000));
    let before = await steadyLoad(sleep(BASELINE_MS));

    // Two tries at most: a stall of the server fails both, other work on a shared machine rarely twice.
    for (let attempt = 1; ; attempt++) {
      // The same load from the book's first byte until it is stored, read and its cover drawn.
      const started = performance.now();
      const bookDone = (async () => {
        const sent = await sendBook(pdfFile, admin.cookie!, attempt);
        expect(sent.status, sent.body.slice(0, 500)).toBe(201);
        const book = JSON.parse(sent.body).book as { id: string };
        const answeredMs = performance.now() - started;
        await until(async () => (await admin.ok('GET', `/api/books/${book.id}`)).book.cover_url, 'the big book’s cover', 120_000, 250);
        return { answeredMs, doneMs: performance.now() - started };
      })();
      const during = await steadyLoad(bookDone.catch(() => {}));
      const { answeredMs, doneMs } = await bookDone;
      const after = await steadyLoad(sleep(BASELINE_MS));

      const p99Alone = Math.max(percentile(before.times, 99), percentile(after.times, 99));
      const p99During = percentile(during.times, 99);
      const bound = Math.max(5 * p99Alone, 250);
      console.log(
        `big book, try ${attempt}: answered after ${(answeredMs / 1000).toFixed(1)} s, cover drawn after ${(doneMs / 1000).toFixed(1)} s; ` +
          `p99 alone ${percentile(before.times, 99).toFixed(1)} ms before and ${percentile(after.times, 99).toFixed(1)} ms after ` +
          `(${before.times.length + after.times.length} requests), while the book was read ${p99During.toFixed(1)} ms ` +
          `(${during.times.length} requests, slowest ${Math.max(...during.times).toFixed(0)} ms); bound ${bound.toFixed(0)} ms`,
      );
      expect([...before.failures, ...during.failures, ...after.failures]).toEqual([]);
      if (p99During < bound || attempt === 2) {
        expect(p99During).toBeLessThan(bound);
        return;
      }
      before = after;
    }
  });
});
