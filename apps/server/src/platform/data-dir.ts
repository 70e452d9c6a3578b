import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** The folders the server keeps in DATA_DIR (config.ts): database, media, mail outbox, media work, tus uploads. */
export const DATA_FOLDERS = ['db', 'media', 'outbox', 'work', 'uploads'] as const;

/**
 * Makes DATA_DIR private to the server's account before anything is written (issue 27.15): the folder and
 * its folders 0700 (those of an older install too), and a umask of 077, so every file the process makes,
 * the database's own included, is 0600. The outbox holds live password-reset links.
 */
export async function prepareDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  for (const dir of [dataDir, ...DATA_FOLDERS.map((f) => path.join(dataDir, f))]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
  }
}
