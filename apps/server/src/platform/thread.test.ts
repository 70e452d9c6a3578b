import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownThread } from './thread.ts';

describe('a module run on a thread of its own', () => {
  let dir: string;
  const file = (name: string) => pathToFileURL(path.join(dir, name));
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'fst-thread-'));
    // Answers its thread's id and what it was given; stops its thread for 'exit', never answers for 'hang'.
    await writeFile(
      path.join(dir, 'echo.mjs'),
      `import { threadId, workerData } from 'node:worker_threads';
       export default async function echo(task) {
         if (task === 'exit') process.exit(3);
         if (task === 'hang') await new Promise(() => {});
         if (task === 'throw') throw new Error('could not do it');
         return { threadId, task, workerData };
       }`,
    );
    await writeFile(path.join(dir, 'broken.mjs'), `throw new Error('cannot load');`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs each task on one kept thread, off the caller’s, with the data it was started with', async () => {
    const thread = ownThread<string, { threadId: number; task: string; workerData: unknown }>(file('echo.mjs'), { workerData: { answer: 42 } });
    try {
      const [first, second] = [await thread.run('a'), await thread.run('b')];
      expect(first).toMatchObject({ task: 'a', workerData: { answer: 42 } });
      expect(first.threadId).toBeGreaterThan(0);
      expect(second.threadId).toBe(first.threadId);
      await expect(thread.run('throw')).rejects.toThrow('could not do it');
      expect((await thread.run('c')).threadId).toBe(first.threadId);
    } finally {
      await thread.close();
    }
  });

  it('fails a task whose thread stops or which is aborted, and runs the next on a new thread', async () => {
    const thread = ownThread<string, { threadId: number }>(file('echo.mjs'));
    try {
      const before = (await thread.run('a')).threadId;
      await expect(thread.run('exit')).rejects.toThrow(/exited/);
      const afterExit = (await thread.run('b')).threadId;
      expect(afterExit).not.toBe(before);
      await expect(thread.run('hang', AbortSignal.timeout(200))).rejects.toThrow(/aborted/);
      expect((await thread.run('c')).threadId).not.toBe(afterExit);
    } finally {
      await thread.close();
    }
  });

  it('fails every task at once when its module cannot load, rather than keeping them waiting', async () => {
    const errors: unknown[] = [];
    const thread = ownThread<string, unknown>(file('broken.mjs'), { onError: (err) => errors.push(err) });
    try {
      await expect(thread.run('a')).rejects.toThrow('cannot load');
      // The thread started in its place fails as well, with the task that waited for it.
      for (const task of ['b', 'c', 'd']) {
        const started = Date.now();
        await expect(thread.run(task), task).rejects.toThrow();
        expect(Date.now() - started, task).toBeLessThan(2000);
      }
      expect(errors.length).toBeGreaterThan(0);
      expect(String(errors[0])).toContain('cannot load');
    } finally {
      await thread.close();
    }
  });

  it('starts again after being closed', async () => {
    const thread = ownThread<string, { task: string }>(file('echo.mjs'));
    thread.start();
    await thread.close();
    expect(await thread.run('again')).toMatchObject({ task: 'again' });
    await thread.close();
  });
});
