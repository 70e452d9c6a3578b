import { randomBytes } from 'node:crypto';
import {
  close as closeCallback,
  createReadStream,
  createWriteStream,
  fdatasync as fdatasyncCallback,
  fsync as fsyncCallback,
  open as openCallback,
} from 'node:fs';
import { access, chmod, constants as fsConstants, link, mkdir, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaLinks } from './media-links.ts';
import { assertValidKey, assertValidPutKey, ObjectNotFoundError, ObjectTooLargeError, type Storage } from './storage.ts';

// Unfinished writes live here, on the same disk as the objects, so the final rename is atomic.
const TEMP_DIR = '.incoming';
// Bytes a write may hold while the disk catches up (the socket keeps flowing meanwhile), and how much new
// data starts a flush of what is written so far.
const WRITE_BUFFER_BYTES = 1024 * 1024;
const FLUSH_EVERY_BYTES = 64 * 1024 * 1024;
const fdatasync = promisify(fdatasyncCallback);
const openFile = promisify(openCallback);
const fsync = promisify(fsyncCallback);
const closeFile = promisify(closeCallback);

/**
 * Flushes a folder's entries to disk: a file renamed into it (or a folder made in it) keeps its name through
 * a power cut only once its folder is flushed too. Where folders cannot be opened for this (not Linux), the
 * file system keeps names its own way, and nothing is done.
 */
async function syncFolder(dir: string) {
  let fd: number;
  try {
    fd = await openFile(dir, 'r');
  } catch (err) {
    if (['EISDIR', 'EPERM', 'EACCES'].includes((err as NodeJS.ErrnoException).code ?? '')) return;
    throw err;
  }
  try {
    await fsync(fd);
  } finally {
    await closeFile(fd);
  }
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Removes the unfinished writes (`.incoming/*.part` under `root`) last changed before `before`: a write in
 * progress changes its file all the time, so these were left by a process that died mid-write (issue 27.7).
 * Answers how many were removed.
 */
export async function removeStaleParts(root: string, before: number): Promise<number> {
  const dir = path.join(path.resolve(root), TEMP_DIR);
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const changed = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (changed !== null && changed < before) {
      await unlink(file).catch(() => {});
      removed += 1;
    }
  }
  return removed;
}

/** The local-disk adapter: objects are files under `root` (DATA_DIR/media), served by signed links. */
export function createLocalStorage(opts: { root: string; links: MediaLinks; flushEveryBytes?: number }): Storage {
  const flushEvery = opts.flushEveryBytes ?? FLUSH_EVERY_BYTES;
  const root = path.resolve(opts.root);
  const fileOf = (key: string) => {
    assertValidKey(key);
    const file = path.join(root, key);
    // The key pattern already rules out `..`; this keeps any future change honest.
    if (!file.startsWith(root + path.sep) || file.startsWith(path.join(root, TEMP_DIR) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return file;
  };

  /** Removes the now-empty folders of a deleted object, up to the root. */
  async function pruneFolders(file: string) {
    for (let dir = path.dirname(file); dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or gone): the folders above are in use too
      }
    }
  }

  return {
    async put(key, body, putOpts = {}) {
      assertValidPutKey(key, body);
      // A body that fails before it is piped below (a file that cannot be opened) fails this write, not the
      // process: its error is held here until the pipeline takes the body over, and then thrown by it.
      const holdEarlyError = () => {};
      body.once('error', holdEarlyError);
      const file = fileOf(key);
      const tempDir = path.join(root, TEMP_DIR);
      // Folders 0700 and files 0600: readings and books are private to the server's account.
      await mkdir(tempDir, { recursive: true, mode: 0o700 });
      const temp = path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
      let size = 0;
      const max = putOpts.maxBytes ?? Infinity;
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true, highWaterMark: WRITE_BUFFER_BYTES });
      // The file is flushed to disk as it grows, while the rest still arrives: the flush before the answer
      // (`flush: true`) then has only the last part left to write.
      let fd: number | null = null;
      out.once('open', (opened: number) => (fd = opened));
      let syncedUpTo = 0;
      let syncing: Promise<void> | null = null;
      let syncFailed: unknown = null;
      const flushSoFar = () => {
        if (syncing || fd === null || out.bytesWritten - syncedUpTo < flushEvery) return;
        syncedUpTo = out.bytesWritten;
        syncing = fdatasync(fd).then(
          () => void (syncing = null),
          (err: unknown) => void ((syncFailed = err), (syncing = null)),
        );
      };
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > max) return done(new ObjectTooLargeError(max));
          if (syncFailed) return done(syncFailed as Error);
          flushSoFar();
          done(null, chunk);
        },
        // The file closes after this: a flush still running must be done (and its failure seen) first.
        flush(done) {
          void (syncing ?? Promise.resolve()).then(() => done(syncFailed as Error | null));
        },
      });
      try {
        body.off('error', holdEarlyError);
        await pipeline(body, count, out);
        const folder = path.dirname(file);
        const firstMade = await mkdir(folder, { recursive: true, mode: 0o700 });
        await rename(temp, file);
        // The new name is on disk before the write is reported done: the object's folder, and each folder
        // made for it with the one holding it (the file's bytes were flushed as it closed).
        const folders = [folder];
        if (firstMade) for (let dir = folder; dir !== path.dirname(firstMade); dir = path.dirname(dir)) folders.push(path.dirname(dir));
        for (const dir of new Set(folders)) await syncFolder(dir);
        return { size };
      } catch (err) {
        // The file is opened after the stream is made: a body refused at its first bytes can fail the
        // pipeline before the open is done, and the file would appear after its removal. Wait until the
        // stream has closed its file (or never opened it), then remove it.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await unlink(temp).catch(() => {});
        throw err;
      }
    },

    async linkIn(key, source) {
      const file = fileOf(key);
      const folder = path.dirname(file);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Its bytes reach the disk before its new name does, as with put.
      const fd = await openFile(source, 'r');
      try {
        await fsync(fd);
      } finally {
        await closeFile(fd);
      }
      try {
        await link(source, file);
      } catch (err) {
        if (['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes((err as NodeJS.ErrnoException).code ?? '')) return null;
        throw err;
      }
      await chmod(file, 0o600);
      await syncFolder(folder);
      return { size: (await stat(file)).size };
    },

    async get(key, range) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch (err) {
        if (isMissing(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
      return createReadStream(file, range ? { start: range.start, end: range.end } : {}) as Readable;
    },

    async stat(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await pruneFolders(file);
    },

    signedUrl: async (key, ttlMs) => {
      assertValidKey(key);
      return opts.links.link(key, ttlMs);
    },

    async check() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, fsConstants.R_OK | fsConstants.W_OK | fsConstants.X_OK);
    },
  };
}
