import type { Clock } from '../clock.ts';
import { createLocalStorage } from './local-storage.ts';
import type { MediaLinks } from './media-links.ts';
import { createS3Client, createS3Storage, type S3Settings } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type StorageSettings = { kind: 'local' | 's3'; dir: string } & Partial<S3Settings>;

/** The storage adapter the configuration names (decisions.md "Media storage"). */
export function createStorage(settings: StorageSettings, links: MediaLinks, clock: Clock): Storage {
  if (settings.kind === 's3') {
    if (!settings.bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
    const s3 = { bucket: settings.bucket, endpoint: settings.endpoint, region: settings.region, forcePathStyle: settings.forcePathStyle };
    return createS3Storage({ client: createS3Client(s3), bucket: settings.bucket, clock });
  }
  return createLocalStorage({ root: settings.dir, links });
}
