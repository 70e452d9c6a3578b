import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zip-stream.ts';

const mtime = new Date('2026-11-21T19:30:00Z');
const bytes = (n: number) => Buffer.alloc(n, 7);

describe('zipStream', () => {
  it('writes a zip of exactly the announced size, opening each object only when the archive reaches it', async () => {
    const opened: string[] = [];
    const open = (name: string, data: Buffer) => async () => {
      opened.push(name);
      return Readable.from([data.subarray(0, 10), data.subarray(10)]);
    };
    const { stream, size } = zipStream([
      { path: 'index.html', mtime, data: Buffer.from('<h1>Hi</h1>') },
      { path: 'Mia/2026-11-21 Owl - Grandma Rose.mp4', mtime, size: 5000, open: open('a', bytes(5000)) },
      { path: 'Mia & Leo/Ünïcödé.m4a', mtime, size: 300, open: open('b', bytes(300)) },
    ]);
    // The first object starts at once (it is the archive's next bytes); the second waits for its turn.
    expect(opened).toEqual(['a']);
    const zip = await buffer(stream);
    expect(opened).toEqual(['a', 'b']);
    expect(zip.length).toBe(size);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fst-zip-'));
    try {
      await writeFile(path.join(dir, 'a.zip'), zip);
      const listed = spawnSync('unzip', ['-Z1', path.join(dir, 'a.zip')], { encoding: 'utf8' });
      expect(listed.stdout.trim().split('\n')).toEqual(['index.html', 'Mia/2026-11-21 Owl - Grandma Rose.mp4', 'Mia & Leo/Ünïcödé.m4a']);
      expect(spawnSync('unzip', ['-tq', path.join(dir, 'a.zip')]).status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ends with an error when an object fails or is not the size it was said to be, never a short zip', async () => {
    const failing = zipStream([
      {
        path: 'a.mp4',
        mtime,
        size: 100,
        open: async () =>
          Readable.from(
            (async function* () {
              yield bytes(10);
              throw new Error('disk gone');
            })(),
          ),
      },
    ]);
    await expect(buffer(failing.stream)).rejects.toThrow('disk gone');
    const short = zipStream([{ path: 'a.mp4', mtime, size: 100, open: async () => Readable.from([bytes(50)]) }]);
    await expect(buffer(short.stream)).rejects.toThrow(/unexpected number of bytes/);
    const missing = zipStream([{ path: 'a.mp4', mtime, size: 100, open: async () => Promise.reject(new Error('no object')) }]);
    await expect(buffer(missing.stream)).rejects.toThrow('no object');
  });

  it('closes the object being read when the download stops', async () => {
    let source: Readable | undefined;
    const { stream } = zipStream([
      {
        path: 'big.mp4',
        mtime,
        size: 10 * 1024 * 1024,
        open: async () =>
          (source = Readable.from(
            (async function* () {
              for (;;) yield bytes(64 * 1024);
            })(),
          )),
      },
    ]);
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(source?.destroyed).toBe(true);
  });
});
