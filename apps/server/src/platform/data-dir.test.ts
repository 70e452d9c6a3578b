import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testClock } from '../../test/context.ts';
import { DATA_FOLDERS, prepareDataDir } from './data-dir.ts';
import { createOutboxMailer } from './mail/mailer.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import { createMediaLinks } from './storage/media-links.ts';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

let dir: string;
let umask: number;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fst-data-'));
  // As a default install has it: everything readable by every account on the machine.
  umask = process.umask(0o022);
});
afterEach(async () => {
  process.umask(umask);
  await rm(dir, { recursive: true, force: true });
});

describe('the data folder (issue 27.15)', () => {
  it('is made private at start: DATA_DIR and its folders 0700, existing ones too, and new files 0600', async () => {
    const dataDir = path.join(dir, 'data');
    await mkdir(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    await prepareDataDir(dataDir);
    expect(await modeOf(dataDir)).toBe(0o700);
    for (const folder of DATA_FOLDERS) expect(await modeOf(path.join(dataDir, folder)), folder).toBe(0o700);
    // Whatever the process writes from now on (the database's own files included) is its own.
    await writeFile(path.join(dataDir, 'db', 'anything'), 'x');
    expect(await modeOf(path.join(dataDir, 'db', 'anything'))).toBe(0o600);
  });

  it('gets outbox mail (live reset links) and media written 0600 in 0700 folders, whatever the umask', async () => {
    const outbox = path.join(dir, 'outbox');
    await createOutboxMailer({ dir: outbox, from: 'a@b.c', log: pino({ level: 'silent' }) }).send({ to: 'x@y.z', subject: 'Reset', text: 'link' });
    expect(await modeOf(outbox)).toBe(0o700);
    const [mail] = await readdir(outbox);
    expect(await modeOf(path.join(outbox, mail!))).toBe(0o600);

    const root = path.join(dir, 'media');
    const storage = createLocalStorage({ root, links: createMediaLinks({ secret: 's', clock: testClock() }) });
    await storage.put('recordings/r1/video.mp4', Readable.from([Buffer.from('bytes')]));
    expect(await modeOf(path.join(root, 'recordings/r1/video.mp4'))).toBe(0o600);
    for (const folder of ['', '.incoming', 'recordings', 'recordings/r1']) expect(await modeOf(path.join(root, folder)), folder).toBe(0o700);
  });
});
