import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../test/context.ts';
import { createS3Storage, s3PublicOrigin } from './s3-storage.ts';
import { MEDIA_LINK_TTL_MS, ObjectNotFoundError, ObjectTooLargeError } from './storage.ts';

// No network here: presigning is local computation, and the client's `send` is replaced by a fake
// bucket that records every command. A full test against a local S3 server comes later.
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

type Sent = { name: string; input: Record<string, unknown> };

function fakeBucket(opts: { endpoint?: string; forcePathStyle?: boolean; fail?: (name: string) => Error | null } = {}) {
  const client = new S3Client({
    region: 'eu-west-1',
    credentials,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
  });
  const sent: Sent[] = [];
  const objects = new Map<string, Buffer>();
  const parts = new Map<number, Buffer>();
  const reply = async (name: string, input: Record<string, unknown>) => {
    const failure = opts.fail?.(name);
    if (failure) throw failure;
    const key = input.Key as string;
    switch (name) {
      case 'PutObjectCommand':
        objects.set(key, input.Body as Buffer);
        return {};
      case 'CreateMultipartUploadCommand':
        return { UploadId: 'upload-1' };
      case 'UploadPartCommand':
        parts.set(input.PartNumber as number, input.Body as Buffer);
        return { ETag: `"etag-${input.PartNumber}"` };
      case 'CompleteMultipartUploadCommand': {
        const list = (input.MultipartUpload as { Parts: { PartNumber: number }[] }).Parts;
        objects.set(key, Buffer.concat(list.map((p) => parts.get(p.PartNumber)!)));
        return {};
      }
      case 'AbortMultipartUploadCommand':
        parts.clear();
        return {};
      case 'GetObjectCommand': {
        const body = objects.get(key);
        if (!body) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
        const m = /^bytes=(\d+)-(\d+)$/.exec((input.Range as string | undefined) ?? '');
        return { Body: Readable.from([m ? body.subarray(Number(m[1]), Number(m[2]) + 1) : body]) };
      }
      case 'HeadObjectCommand': {
        const body = objects.get(key);
        if (!body) throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
        return { ContentLength: body.length };
      }
      case 'DeleteObjectCommand':
        objects.delete(key);
        return {};
    }
    throw new Error(`unexpected ${name}`);
  };
  client.send = (async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    sent.push({ name: command.constructor.name, input: command.input });
    return reply(command.constructor.name, command.input);
  }) as unknown as S3Client['send'];
  return { client, sent, objects };
}

const clock = testClock(new Date('2030-06-01T12:03:20Z'));
const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

describe('S3 storage', () => {
  it('puts a small object in one request, with the content type of its key', async () => {
    const { client, sent, objects } = fakeBucket();
    const storage = createS3Storage({ client, bucket: 'media', clock });
    expect(await storage.put('recordings/r1/video.mp4', chunks('hello ', 'world'))).toEqual({ size: 11 });
    expect(sent.map((s) => s.name)).toEqual(['PutObjectCommand']);
    expect(sent[0]!.input).toMatchObject({ Bucket: 'media', Key: 'recordings/r1/video.mp4', ContentType: 'video/mp4', ContentLength: 11 });
    expect(objects.get('recordings/r1/video.mp4')!.toString()).toBe('hello world');
  });

  it('streams a large object as a multipart upload of bounded parts', async () => {
    const { client, sent, objects } = fakeBucket();
    const storage = createS3Storage({ client, bucket: 'media', clock, partBytes: 10 });
    const data = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(await storage.put('books/b/book.pdf', chunks(data.slice(0, 7), data.slice(7, 25), data.slice(25)))).toEqual({ size: 36 });
    // A part goes out as soon as 10 bytes are waiting: 7 + 18 bytes, then 11.
    expect(sent.map((s) => s.name)).toEqual(['CreateMultipartUploadCommand', 'UploadPartCommand', 'UploadPartCommand', 'CompleteMultipartUploadCommand']);
    expect(sent[0]!.input).toMatchObject({ Bucket: 'media', Key: 'books/b/book.pdf', ContentType: 'application/pdf' });
    expect(sent.filter((s) => s.name === 'UploadPartCommand').map((s) => [s.input.PartNumber, (s.input.Body as Buffer).length])).toEqual([
      [1, 25],
      [2, 11],
    ]);
    expect(objects.get('books/b/book.pdf')!.toString()).toBe(data);
    expect(sent.at(-1)!.input.MultipartUpload).toEqual({
      Parts: sent.filter((s) => s.name === 'UploadPartCommand').map((s) => ({ ETag: `"etag-${s.input.PartNumber}"`, PartNumber: s.input.PartNumber })),
    });
  });

  it('aborts the multipart upload of an object over its limit, or whose stream fails, leaving nothing', async () => {
    const { client, sent, objects } = fakeBucket();
    const storage = createS3Storage({ client, bucket: 'media', clock, partBytes: 4 });
    await expect(storage.put('x/big.webm', chunks('12345', '67890', 'abc'), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(sent.at(-1)!.name).toBe('AbortMultipartUploadCommand');
    expect(sent.at(-1)!.input).toMatchObject({ Bucket: 'media', Key: 'x/big.webm', UploadId: 'upload-1' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial data'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('x/cut.webm', failing)).rejects.toThrow('client went away');
    expect(objects.size).toBe(0);
    // A small object over its limit never reaches the bucket at all.
    sent.length = 0;
    await expect(createS3Storage({ client, bucket: 'media', clock }).put('x/s.txt', chunks('0123456789x'), { maxBytes: 10 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(sent).toEqual([]);
  });

  it('reads whole objects and byte ranges, sizes them, and maps missing keys', async () => {
    const { client, sent } = fakeBucket();
    const storage = createS3Storage({ client, bucket: 'media', clock });
    await storage.put('x/one.txt', chunks('hello world'));
    expect((await buffer(await storage.get('x/one.txt'))).toString()).toBe('hello world');
    expect((await buffer(await storage.get('x/one.txt', { start: 6, end: 10 }))).toString()).toBe('world');
    expect(sent.at(-1)!.input).toEqual({ Bucket: 'media', Key: 'x/one.txt', Range: 'bytes=6-10' });
    expect(await storage.stat('x/one.txt')).toMatchObject({ size: 11 });
    expect(await storage.stat('x/none.txt')).toBeNull();
    await expect(storage.get('x/none.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await storage.delete('x/one.txt');
    await storage.delete('x/one.txt');
    expect(await storage.stat('x/one.txt')).toBeNull();
  });

  it('passes other failures on', async () => {
    const denied = Object.assign(new Error('AccessDenied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    const { client } = fakeBucket({ fail: () => denied });
    const storage = createS3Storage({ client, bucket: 'media', clock });
    await expect(storage.stat('x/a.txt')).rejects.toBe(denied);
    await expect(storage.get('x/a.txt')).rejects.toBe(denied);
  });

  it('refuses keys that are not safe paths', async () => {
    const storage = createS3Storage({ client: fakeBucket().client, bucket: 'media', clock });
    for (const key of ['../x', '/abs', 'a//b', 'sp ace']) {
      await expect(storage.put(key, chunks('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.signedUrl(key, 1000)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('ends the body of a write it refuses for its key: the file it reads is closed, and its failure ends nothing else', async () => {
    const storage = createS3Storage({ client: fakeBucket().client, bucket: 'media', clock });
    const file = createReadStream(new URL(import.meta.url));
    await expect(storage.put('../x', file)).rejects.toThrow(/invalid storage key/);
    expect(file.destroyed).toBe(true);
    // A body whose file cannot be opened fails after the refusal; unheard, that error would end the process.
    const missing = createReadStream(new URL('./no-such-file.webm', import.meta.url));
    await expect(storage.put('../x', missing)).rejects.toThrow(/invalid storage key/);
    await new Promise<void>((resolve) => missing.once('close', () => resolve()));
  });
});

describe('S3 presigned links', () => {
  const params = (link: string) => Object.fromEntries(new URL(link).searchParams);

  it('sign a GET of the key at a path-style custom endpoint, valid at least the asked time', async () => {
    const storage = createS3Storage({ client: fakeBucket({ endpoint: 'http://127.0.0.1:9000' }).client, bucket: 'media', clock });
    const link = await storage.signedUrl('recordings/r1/video.mp4', 60 * 60 * 1000);
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9000/media/recordings/r1/video.mp4');
    const p = params(link);
    expect(p).toMatchObject({ 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-SignedHeaders': 'host' });
    expect(p['X-Amz-Credential']).toBe('AKIDEXAMPLE/20300601/eu-west-1/s3/aws4_request');
    expect(p['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    // Signed at the start of the 5-minute window, valid past now + ttl.
    expect(p['X-Amz-Date']).toBe('20300601T120000Z');
    const expires = Date.UTC(2030, 5, 1, 12, 0, 0) + Number(p['X-Amz-Expires']) * 1000;
    expect(expires - clock.now().getTime()).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(expires - clock.now().getTime()).toBeLessThanOrEqual(65 * 60 * 1000);
    // The app's media links live at most 15 minutes (issue 27.14).
    const short = params(await storage.signedUrl('recordings/r1/video.mp4', MEDIA_LINK_TTL_MS));
    const shortExpiry = Date.UTC(2030, 5, 1, 12, 0, 0) + Number(short['X-Amz-Expires']) * 1000 - clock.now().getTime();
    expect(shortExpiry).toBeGreaterThanOrEqual(MEDIA_LINK_TTL_MS);
    expect(shortExpiry).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it('are the same for a few minutes (cacheable), and differ per key and window', async () => {
    const c = testClock(new Date('2030-06-01T12:01:00Z'));
    const storage = createS3Storage({ client: fakeBucket({ endpoint: 'http://127.0.0.1:9000' }).client, bucket: 'media', clock: c });
    const a = await storage.signedUrl('x/a.mp4', 60_000);
    c.advance(3 * 60 * 1000);
    expect(await storage.signedUrl('x/a.mp4', 60_000)).toBe(a);
    expect(await storage.signedUrl('x/b.mp4', 60_000)).not.toBe(a);
    c.advance(10 * 60 * 1000);
    expect(params(await storage.signedUrl('x/a.mp4', 60_000))['X-Amz-Signature']).not.toBe(params(a)['X-Amz-Signature']);
  });

  it('use the bucket as a subdomain on AWS, and cap the lifetime at seven days', async () => {
    const storage = createS3Storage({ client: fakeBucket().client, bucket: 'family-media', clock });
    const link = await storage.signedUrl('x/a.mp4', 30 * 24 * 60 * 60 * 1000);
    expect(new URL(link).host).toBe('family-media.s3.eu-west-1.amazonaws.com');
    expect(params(link)['X-Amz-Expires']).toBe(String(7 * 24 * 60 * 60));
  });

  it('name the origin the browser fetches media from', () => {
    expect(s3PublicOrigin({ bucket: 'media', endpoint: 'http://127.0.0.1:9000' })).toBe('http://127.0.0.1:9000');
    expect(s3PublicOrigin({ bucket: 'media', endpoint: 'https://files.example.com', forcePathStyle: false })).toBe('https://media.files.example.com');
    expect(s3PublicOrigin({ bucket: 'media', region: 'eu-west-1' })).toBe('https://media.s3.eu-west-1.amazonaws.com');
    expect(s3PublicOrigin({ bucket: 'media', forcePathStyle: true })).toBe('https://s3.us-east-1.amazonaws.com');
  });
});
