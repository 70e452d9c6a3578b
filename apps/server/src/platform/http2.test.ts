import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { LOCAL_TLS } from '../../test/tls/local-tls.mjs';

// Served over TLS the app speaks HTTP/2, and HTTP/1.1 to clients that ask for it (test/tls's certificate).
const tls = { cert: readFileSync(LOCAL_TLS.cert, 'utf8'), key: readFileSync(LOCAL_TLS.key, 'utf8') };

let ctx: TestContext;
let origin: string;
beforeAll(async () => {
  ctx = await createTestContext({ tls, env: { UPLOAD_MAX_BYTES: String(1024 * 1024) } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx?.close());

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: string };

/** One request over an HTTP/2 session; `body` is sent whole, or only its first `sent` bytes while promising all. */
function h2Request(session: http2.ClientHttp2Session, headers: http2.OutgoingHttpHeaders, body?: string | Buffer, sent?: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers, { endStream: body === undefined });
    let status = 0;
    let responseHeaders: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => ((responseHeaders = h), (status = Number(h[':status']))));
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status, headers: responseHeaders, body: text }));
    stream.on('close', () => resolve({ status, headers: responseHeaders, body: text }));
    stream.on('error', reject);
    if (body !== undefined) {
      if (sent === undefined) stream.end(body);
      else stream.write(body.slice(0, sent));
    }
  });
}

function h2Session() {
  return http2.connect(origin, { ca: tls.cert });
}

describe('HTTPS and HTTP/2 (TLS_CERT and TLS_KEY set)', () => {
  it('answers over HTTP/2, a signed-in call with its Secure cookie included', async () => {
    const user = await ctx.newUser();
    const session = h2Session();
    try {
      const health = await h2Request(session, { ':path': '/api/health/live' });
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
      // The session cookie is Secure under TLS; sent back over the same connection it signs the call in.
      const me = await h2Request(session, { ':path': '/api/auth/me', cookie: user.cookie });
      expect(me.status, me.body).toBe(200);
      expect(JSON.parse(me.body).user.id).toBe(user.id);
      expect(me.headers['x-request-id']).toBeTruthy();
      // Several calls at once share the one connection.
      const answers = await Promise.all(Array.from({ length: 6 }, () => h2Request(session, { ':path': '/api/auth/check-session', cookie: user.cookie })));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    } finally {
      session.close();
    }
  });

  // Node's https client offers no ALPN protocol, as older clients do: the server answers in HTTP/1.1.
  it('answers HTTP/1.1 over TLS to a client that asks for it', async () => {
    const { status, protocol } = await new Promise<{ status: number; protocol: string }>((resolve, reject) => {
      const req = https.get(`${origin}/api/health/live`, { ca: tls.cert }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, protocol: res.httpVersion });
      });
      req.on('error', reject);
    });
    expect(status).toBe(200);
    expect(protocol).toBe('1.1');
  });

  it('refuses a body before it is whole with the usual error and keeps the connection for the next call', async () => {
    const session = h2Session();
    try {
      const body = JSON.stringify({ name: 'x'.repeat(64 * 1024) });
      const refused = await h2Request(
        session,
        { ':method': 'POST', ':path': '/api/family/create', 'content-type': 'text/plain', 'content-length': String(body.length) },
        body,
        1024,
      );
      expect(refused.status).toBe(415);
      expect(JSON.parse(refused.body)).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
      expect(refused.headers.connection).toBeUndefined();
      expect((await h2Request(session, { ':path': '/api/health/live' })).status).toBe(200);
    } finally {
      session.close();
    }
  });

  it('takes a resumable upload (tus) over HTTP/2', async () => {
    const family = await ctx.newFamily();
    await ctx.newKid(family, 'Mia');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family);
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const session = h2Session();
    try {
      const created = await h2Request(session, {
        ':method': 'POST',
        ':path': '/api/uploads',
        cookie: gran.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': `filetype ${b64('video/webm')},filename ${b64('reading.webm')}`,
      });
      expect(created.status, created.body).toBe(201);
      const location = String(created.headers.location);
      expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
      const patched = await h2Request(
        session,
        {
          ':method': 'PATCH',
          ':path': location,
          cookie: gran.cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          // As browsers send it over HTTP/2 for a chunk (a Blob) of known size.
          'content-length': '4',
        },
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      );
      expect(patched.status, patched.body).toBe(204);
      expect(patched.headers['upload-offset']).toBe('4');
    } finally {
      session.close();
    }
  });

  it('closes with an HTTP/2 connection still open', async () => {
    const other = await createTestContext({ tls });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const session = http2.connect(`https://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`, { ca: tls.cert });
    expect((await h2Request(session, { ':path': '/api/health/live' })).status).toBe(200);
    const closed = once(session, 'close');
    const started = Date.now();
    await other.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
