import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';

const from = 'Family Story Time <no-reply@familystorytime.local>';

function fakeLogger() {
  const log = { info: vi.fn(), error: vi.fn(), warn: vi.fn(), debug: vi.fn(), trace: vi.fn(), fatal: vi.fn(), child: vi.fn() };
  log.child.mockReturnValue(log);
  return { log, logger: log as unknown as FastifyBaseLogger };
}

describe('createOutboxMailer', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fst-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the message as an .eml file and logs recipient, subject and file', async () => {
    const { log, logger } = fakeLogger();
    // A folder that does not exist yet: the mailer creates it.
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer({ dir: outbox, from, log: logger });

    await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text: 'Open this link: https://x.test/r/abc' });

    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example\.com$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toMatch(/^From: Family Story Time <no-reply@familystorytime\.local>$/m);
    expect(eml).toContain('Open this link: https://x.test/r/abc');

    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith({ to: 'ada@example.com', subject: 'Reset your password', file: path.join(outbox, files[0]!) }, expect.any(String));
    expect(log.error).not.toHaveBeenCalled();
  });

  it('writes one file per message', async () => {
    const { logger } = fakeLogger();
    const mailer = createOutboxMailer({ dir, from, log: logger });
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'One', text: 'first' });
    await mailer.send({ to: 'c@example.com', subject: 'Two', text: 'second' });
    const files = await readdir(dir);
    expect(files).toHaveLength(2);
    const contents = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    const first = contents.find((c) => c.includes('Subject: One'));
    expect(first).toMatch(/^To: a@example\.com, b@example\.com$/m);
    expect(contents.some((c) => c.includes('Subject: Two') && c.includes('second'))).toBe(true);
  });
});

describe('createSmtpMailer', () => {
  type Received = { from: string | false; to: string[]; raw: string };
  let server: SMTPServer;
  let port: number;
  let received: Received[];

  beforeEach(async () => {
    received = [];
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message to a real SMTP peer and logs it', async () => {
    const { log, logger } = fakeLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from, log: logger });

    await mailer.send({ to: 'ada@example.com', subject: 'Bug Report: bug - /books', text: 'The player froze' });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('no-reply@familystorytime.local');
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(mail!.raw).toMatch(/^To: ada@example\.com\r?$/m);
    expect(mail!.raw).toMatch(/^Subject: Bug Report: bug - \/books\r?$/m);
    expect(mail!.raw).toContain('The player froze');
    expect(log.info).toHaveBeenCalledWith({ to: 'ada@example.com', subject: 'Bug Report: bug - /books' }, expect.any(String));
  });

  it("sends an HTML part in the app's look with the plain text, every user text escaped, and List-Unsubscribe when given", async () => {
    const { logger } = fakeLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from, log: logger });
    const text = 'Hello <b>Ada</b> & "friends",\n\nWatch it: https://fst.test/story/r1?a=1&b=2.\n\n--\nTurn it off on your profile: https://fst.test/profile\n';
    await mailer.send({
      to: 'ada@example.com',
      subject: 'A story <script>alert(1)</script>',
      text,
      image: { src: 'https://fst.test/api/media/books/b1/cover.webp?exp=1&sig=x', alt: 'The cover of “<img src=x onerror=alert(1)>”' },
      unsubscribeUrl: 'https://fst.test/profile',
    });

    const mail = await simpleParser(received[0]!.raw);
    expect(mail.text).toBe(text);
    const html = String(mail.html);
    // The user's text is shown, never run: no markup of theirs survives.
    expect(html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;friends&quot;,');
    expect(html).not.toMatch(/<script|<b>|<img src=x/);
    expect(html).toContain('<title>A story &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    // Addresses become links (the sentence's full stop left out); the cover comes first, with its alt text.
    expect(html).toContain('<a href="https://fst.test/story/r1?a=1&amp;b=2" style="color:#a8482a;font-weight:bold">https://fst.test/story/r1?a=1&amp;b=2</a>.');
    expect(html).toMatch(
      /<img src="https:\/\/fst\.test\/api\/media\/books\/b1\/cover\.webp\?exp=1&amp;sig=x" alt="The cover of “&lt;img src=x onerror=alert\(1\)&gt;”"/,
    );
    expect(html).toContain('background:#fff8ee');
    expect(received[0]!.raw).toMatch(/^List-Unsubscribe: <https:\/\/fst\.test\/profile>\r?$/m);
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: 'https://fst.test/profile' } });
  });

  it('sends no List-Unsubscribe on account mail', async () => {
    const { logger } = fakeLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from, log: logger });
    await mailer.send({ to: 'ada@example.com', subject: 'Reset your password', text: 'Open this link: https://x.test/r/abc' });
    const mail = await simpleParser(received[0]!.raw);
    expect(mail.headers.has('list')).toBe(false);
    expect(received[0]!.raw).not.toMatch(/^List-Unsubscribe:/im);
    expect(String(mail.html)).toContain('<a href="https://x.test/r/abc"');
  });

  it('sends to every recipient', async () => {
    const { logger } = fakeLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from, log: logger });
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'Hi', text: 'hello' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['a@example.com', 'b@example.com']);
  });

  it('rejects when the peer refuses the message, and logs nothing as sent', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error('No such mailbox'));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;

    const { log, logger } = fakeLogger();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from, log: logger });
    await expect(mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/No such mailbox/);
    expect(log.info).not.toHaveBeenCalled();
  });
});
