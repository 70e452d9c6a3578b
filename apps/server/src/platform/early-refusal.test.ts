import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

// Issue 23.1: a body refused before it is read (413, 415, 403, 404) was answered with keep-alive and the
// rest never read, so the connection hung. Such refusals now close the connection.

let ctx: TestContext;
let port: number;
let parent: { cookie: string };
let admin: { cookie: string };
let reader: { cookie: string };
let readerForm: string;
// A small book limit, so that a book over it is sent here in a moment.
const BOOK_MAX_BYTES = 1024 * 1024;
beforeAll(async () => {
  ctx = await createTestContext({ env: { BOOK_MAX_BYTES: String(BOOK_MAX_BYTES) } });
  parent = await ctx.newUser();
  admin = await ctx.newAdmin();
  // A reader of a family with a kid and a book: a recording form whose fields are right, and whose file is not media.
  const family = await ctx.newFamily();
  const kid = await ctx.newKid(family);
  reader = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(reader, family);
  const book = await ctx.newBook();
  readerForm = formHead(
    { book_id: book.id, recording_type: 'audio_only', duration_seconds: '5', kid_ids: JSON.stringify([kid.id]) },
    'recording',
    'notes.txt',
    'text/plain',
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

const BOUNDARY = 'early-refusal-boundary';
const MULTIPART = `Content-Type: multipart/form-data; boundary=${BOUNDARY}`;
/** The start of a multipart body: `fields`, then the head of a file part whose bytes follow. */
function formHead(fields: Record<string, string>, fileField: string, filename: string, type: string) {
  let body = '';
  for (const [name, value] of Object.entries(fields)) body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return `${body}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}

/**
 * Sends a request head promising `declared` bytes, then `body` and `sent` bytes of filler, never the rest;
 * answers what comes back and when (from the head's sending).
 */
async function refusedOnRawSocket(head: string, declared: number, body = '', sent = 64 * 1024) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  let text = '';
  socket.on('data', (d) => (text += d.toString()));
  socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${declared}\r\n\r\n`);
  socket.write(body);
  // Written as the socket takes it: a refusal may come, and the socket close, before all of it is sent.
  for (let left = sent; left > 0 && !socket.destroyed && !text; left -= 64 * 1024) {
    if (!socket.write(Buffer.alloc(Math.min(left, 64 * 1024), 1))) await Promise.race([once(socket, 'drain'), once(socket, 'close')]);
  }
  const closed = once(socket, 'close');
  await Promise.race([closed, new Promise((r) => setTimeout(r, 3000))]);
  socket.destroy();
  return { text, ms: Date.now() - started };
}

describe('a body refused early (issue 23.1)', () => {
  // Name, request head, status, the body's start and how many bytes follow it (64 KiB unless said).
  type Case = readonly [string, string | (() => string), number, (() => string)?, number?];
  const cases: Case[] = [
    ['415: a JSON route sent text', 'POST /api/family/create HTTP/1.1\r\nContent-Type: text/plain', 415],
    [
      '403: a parent sends a recording',
      () => `POST /api/recording/upload HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x\r\nCookie: ${parent.cookie}`,
      403,
    ],
    [
      '404: a chunk for an upload that is not the sender’s',
      () =>
        `PATCH /api/uploads/0123456789abcdef0123456789abcdef HTTP/1.1\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nCookie: ${parent.cookie}`,
      404,
    ],
    ['401: a voice sample form sent signed out', `POST /api/voice/clone/create HTTP/1.1\r\n${MULTIPART}`, 401],
    [
      '413: a book over BOOK_MAX_BYTES',
      () => `POST /api/admin/books HTTP/1.1\r\n${MULTIPART}\r\nCookie: ${admin.cookie}`,
      413,
      () => formHead({ title: 'Too Big', author: 'A Scanner' }, 'pdf_file', 'big.pdf', 'application/pdf') + '%PDF-1.7\n',
      BOOK_MAX_BYTES + 256 * 1024,
    ],
    [
      '415: a reading that is no media, by the form',
      () => `POST /api/recording/upload HTTP/1.1\r\n${MULTIPART}\r\nCookie: ${reader.cookie}`,
      415,
      () => readerForm,
    ],
  ];
  for (const [name, head, status, body, sent] of cases) {
    it(`is answered at once and the connection closed: ${name}`, async () => {
      const { text, ms } = await refusedOnRawSocket(typeof head === 'function' ? head() : head, 200 * 1024 * 1024, body?.(), sent);
      expect(text.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${text.split('\r\n')[0]!.split(' ').slice(2).join(' ')}`);
      expect(text.toLowerCase()).toContain('connection: close');
      // Closed by the server well before the 3 s the test waits.
      expect(ms).toBeLessThan(1000);
      // The next request (a new connection, as fetch makes) works.
      const next = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(next.status).toBe(200);
    });
  }

  it('leaves keep-alive alone for a refusal whose body was read whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/family/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: parent.cookie },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});
