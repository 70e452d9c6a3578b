import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { randomBytes } from 'node:crypto';
import type * as NodeFs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock } from '../../../test/context.ts';
import { createLocalStorage } from './local-storage.ts';
import { createMediaLinks } from './media-links.ts';
import { parseRange } from './media.routes.ts';
import { contentTypeOf, isValidKey, ObjectNotFoundError, ObjectTooLargeError } from './storage.ts';

// Counts the flushes of a file while it is written (local storage flushes as an upload grows); a file's
// flush can be made to fail. Notes the folders flushed (a name renamed or made in them).
const flushes = vi.hoisted(() => ({ count: 0, failNext: false, folders: [] as string[] }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const opened = new Map<number, string>();
  const open = (file: string, flags: string, callback: (err: NodeJS.ErrnoException | null, fd: number) => void) =>
    fs.open(file, flags, (err, fd) => {
      if (!err) opened.set(fd, file);
      callback(err, fd);
    });
  const fsync = (fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => {
    const file = opened.get(fd);
    if (file !== undefined && fs.statSync(file).isDirectory()) flushes.folders.push(file);
    return fs.fsync(fd, callback);
  };
  const fdatasync = (fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => {
    flushes.count++;
    if (flushes.failNext) {
      flushes.failNext = false;
      const err: NodeJS.ErrnoException = new Error('EIO: i/o error, fdatasync');
      err.code = 'EIO';
      return process.nextTick(callback, err);
    }
    return fs.fdatasync(fd, callback);
  };
  return { ...fs, default: { ...fs, fdatasync, open, fsync }, fdatasync, open, fsync };
});

describe('isValidKey', () => {
  it.each(['books/abc/book.pdf', 'a', 'recordings/2024/x_y-z.webm', 'books/starter/the-little-red-hen/attribution.txt'])('accepts %s', (key) => {
    expect(isValidKey(key)).toBe(true);
  });
  it.each(['', '/abs', 'a//b', 'a/../b', '../a', 'a/./b', '.hidden', 'a/b/', 'sp ace', 'a\\b', 'ü', `${'a'.repeat(301)}`])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['a/b.pdf', 'application/pdf'],
    ['a/B.PDF', 'application/pdf'],
    ['a/b.txt', 'text/plain; charset=utf-8'],
    ['a/b.webm', 'video/webm'],
    ['a/b.mp4', 'video/mp4'],
    ['a/b.jpg', 'image/jpeg'],
    ['a/b', 'application/octet-stream'],
    ['a/b.exe', 'application/octet-stream'],
  ])('%s is %s', (key, type) => expect(contentTypeOf(key)).toBe(type));
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-4', 100, { start: 0, end: 4 }],
    ['bytes=10-', 100, { start: 10, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=90-500', 100, { start: 90, end: 99 }],
    ['bytes=99-99', 100, { start: 99, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=100-200', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    // Not understood: ignored, the whole object is sent.
    ['bytes=5-1', 100, null],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    ['bytes=-', 100, null],
    ['bytes=a-b', 100, null],
  ] as const)('%j of %i bytes is %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('media links', () => {
  const clock = testClock(new Date('2030-01-01T00:01:00Z'));
  const links = createMediaLinks({ secret: 'secret-one', clock });
  const parts = (link: string) => {
    const url = new URL(link, 'http://x');
    return { key: url.pathname.replace('/api/media/', ''), exp: url.searchParams.get('exp')!, sig: url.searchParams.get('sig')! };
  };

  it('signs a key until an expiry at least the asked time away, rounded so links repeat', () => {
    const link = links.link('books/a/book.pdf', 60 * 60 * 1000);
    const { key, exp, sig } = parts(link);
    expect(key).toBe('books/a/book.pdf');
    const seconds = Number(exp) - clock.now().getTime() / 1000;
    expect(seconds).toBeGreaterThanOrEqual(3600);
    expect(seconds).toBeLessThanOrEqual(3600 + 300);
    expect(links.verify(key, exp, sig)).toBe(true);
    clock.advance(30_000);
    expect(links.link('books/a/book.pdf', 60 * 60 * 1000)).toBe(link);
  });

  it('refuses another key, expiry or secret, a changed signature and an expired link', () => {
    const { key, exp, sig } = parts(links.link('books/a/book.pdf', 60_000));
    expect(links.verify('books/b/book.pdf', exp, sig)).toBe(false);
    expect(links.verify(key, String(Number(exp) + 1), sig)).toBe(false);
    expect(createMediaLinks({ secret: 'secret-two', clock }).verify(key, exp, sig)).toBe(false);
    expect(links.verify(key, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(links.verify(key, exp, undefined)).toBe(false);
    expect(links.verify(key, undefined, sig)).toBe(false);
    expect(links.verify(key, '1e10', sig)).toBe(false);
    expect(links.verify(key, exp, `${sig}=`)).toBe(false);
    clock.advance(Number(exp) * 1000 - clock.now().getTime());
    expect(links.verify(key, exp, sig)).toBe(false);
  });
});

describe('local storage', () => {
  let root: string;
  const clock = testClock();
  let storage: ReturnType<typeof createLocalStorage>;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'fst-storage-'));
    storage = createLocalStorage({ root, links: createMediaLinks({ secret: 's', clock }) });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
  const leftovers = async () => readdir(path.join(root, '.incoming')).catch(() => []);

  it('streams an object in, reads it whole or by range, and sizes it', async () => {
    expect(await storage.put('x/one.txt', chunks('hello ', 'world'))).toEqual({ size: 11 });
    expect((await buffer(await storage.get('x/one.txt'))).toString()).toBe('hello world');
    expect((await buffer(await storage.get('x/one.txt', { start: 6, end: 10 }))).toString()).toBe('world');
    expect(await storage.stat('x/one.txt')).toMatchObject({ size: 11 });
    expect(await storage.stat('x/none.txt')).toBeNull();
    await expect(storage.get('x/none.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await leftovers()).toEqual([]);
  });

  it('flushes the folder a new object is named in, and each folder made for it, before it reports the write done', async () => {
    flushes.folders = [];
    await storage.put('made/for/it.txt', chunks('a'));
    expect(flushes.folders.sort()).toEqual([root, path.join(root, 'made'), path.join(root, 'made/for')].sort());
    flushes.folders = [];
    await storage.put('made/for/again.txt', chunks('b'));
    expect(flushes.folders).toEqual([path.join(root, 'made/for')]);
  });

  it('replaces an object whole', async () => {
    await storage.put('x/two.txt', chunks('first version'));
    await storage.put('x/two.txt', chunks('second'));
    expect((await buffer(await storage.get('x/two.txt'))).toString()).toBe('second');
  });

  it('leaves nothing of an object over its limit, and keeps an older one intact', async () => {
    await storage.put('x/limited.txt', chunks('small'));
    await expect(storage.put('x/limited.txt', chunks('12345', '67890', 'abc'), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect((await buffer(await storage.get('x/limited.txt'))).toString()).toBe('small');
    await expect(storage.put('x/new.txt', chunks('x'.repeat(11)), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.stat('x/new.txt')).toBeNull();
    expect(await storage.put('x/exact.txt', chunks('x'.repeat(10)), { maxBytes: 10 })).toEqual({ size: 10 });
    expect(await leftovers()).toEqual([]);
  });

  it('leaves nothing of a stream that fails halfway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('x/cut.txt', failing)).rejects.toThrow('client went away');
    expect(await storage.stat('x/cut.txt')).toBeNull();
    expect(await leftovers()).toEqual([]);
  });

  it('fails the write, not the process, for a body that fails before it is read (a file that cannot be opened)', async () => {
    // Opening the missing file fails while the write still makes its folder; unheld, that error would end
    // the process (seen: a poster ffmpeg did not write, for a reading shorter than a second).
    const missing = createReadStream(path.join(root, 'no-such-poster.jpg'));
    await expect(storage.put('x/poster.jpg', missing)).rejects.toThrow(/ENOENT/);
    expect(await storage.stat('x/poster.jpg')).toBeNull();
    expect(await leftovers()).toEqual([]);
  });

  it('leaves nothing of a stream refused before its file is even open (a check on its first bytes)', async () => {
    // The body fails at once, while the file may still be opening: its removal must wait for the file to
    // be closed, or the file appears after it (a race: a few in a hundred here without that wait).
    for (let i = 0; i < 300; i++) {
      const refused = new Readable({
        read() {
          this.destroy(new Error('not media'));
        },
      });
      await expect(storage.put(`x/refused-${i}.webm`, refused)).rejects.toThrow('not media');
    }
    // A file opened after its removal would show up by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await leftovers()).toEqual([]);
  });

  describe('a large object', () => {
    // 4 MiB in 64 KiB chunks, given a little at a time as a network would, flushed every 256 KiB.
    const chunked = (data: Buffer, failAt = Infinity) =>
      Readable.from(
        (async function* () {
          for (let at = 0; at < data.length; at += 64 * 1024) {
            if (at >= failAt) throw new Error('client went away');
            await new Promise((resolve) => setImmediate(resolve));
            yield data.subarray(at, at + 64 * 1024);
          }
        })(),
      );
    let flushing: ReturnType<typeof createLocalStorage>;
    beforeAll(() => {
      flushing = createLocalStorage({ root, links: createMediaLinks({ secret: 's', clock }), flushEveryBytes: 256 * 1024 });
    });

    it('is flushed to disk while it arrives and stored byte for byte', async () => {
      const data = randomBytes(4 * 1024 * 1024);
      flushes.count = 0;
      expect(await flushing.put('x/large.bin', chunked(data))).toEqual({ size: data.length });
      expect(flushes.count).toBeGreaterThan(0);
      expect((await buffer(await flushing.get('x/large.bin'))).equals(data)).toBe(true);
      expect(await leftovers()).toEqual([]);
    });

    it('leaves nothing when the disk fails a flush, or the stream fails after some were done', async () => {
      flushes.failNext = true;
      await expect(flushing.put('x/unflushed.bin', chunked(randomBytes(4 * 1024 * 1024)))).rejects.toThrow('EIO');
      expect(await flushing.stat('x/unflushed.bin')).toBeNull();
      flushes.count = 0;
      await expect(flushing.put('x/cut.bin', chunked(randomBytes(4 * 1024 * 1024), 3 * 1024 * 1024))).rejects.toThrow('client went away');
      expect(flushes.count).toBeGreaterThan(0);
      expect(await flushing.stat('x/cut.bin')).toBeNull();
      expect(await leftovers()).toEqual([]);
    });
  });

  it('deletes objects (twice is harmless) and their empty folders', async () => {
    await storage.put('gone/deep/file.txt', chunks('bye'));
    await storage.delete('gone/deep/file.txt');
    await storage.delete('gone/deep/file.txt');
    expect(await storage.stat('gone/deep/file.txt')).toBeNull();
    expect(await readdir(root)).not.toContain('gone');
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape.txt', '/etc/passwd', 'a/../../b', '.incoming/x']) {
      await expect(storage.put(key, chunks('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it('ends the body of a write it refuses for its key, closing the file it reads', async () => {
    const file = createReadStream(new URL(import.meta.url));
    await expect(storage.put('../escape.txt', file)).rejects.toThrow(/invalid storage key/);
    expect(file.destroyed).toBe(true);
  });

  it('hands out signed links to its objects', async () => {
    expect(await storage.signedUrl('x/one.txt', 60_000)).toMatch(/^\/api\/media\/x\/one\.txt\?exp=\d+&sig=[\w-]{43}$/);
    await expect(storage.signedUrl('../x', 60_000)).rejects.toThrow();
  });
});
