import { createLocalStorage } from './local-storage.ts';
import type { MediaLinks } from './media-links.ts';
import type { Storage } from './storage.ts';

/** The storage adapter the configuration names (decisions.md "Media storage"). */
export function createStorage(settings: { kind: 'local' | 's3'; dir: string }, links: MediaLinks): Storage {
  // The S3 adapter comes with the recordings (issue 5); until then STORAGE=s3 stops the server clearly.
  if (settings.kind === 's3') throw new Error('STORAGE=s3 is not available yet; use STORAGE=local');
  return createLocalStorage({ root: settings.dir, links });
}
