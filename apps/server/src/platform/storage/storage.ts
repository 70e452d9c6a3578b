import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range has it. */
export type ByteRange = { start: number; end: number };

/**
 * The storage port (decisions.md "Media storage"): book files and media live here, never in the database.
 * Keys are relative paths such as `books/<id>/book.pdf`. The local-disk adapter is the default; the S3
 * adapter (`STORAGE=s3`) serves presigned links straight from the bucket.
 */
export type Storage = {
  /**
   * Streams `body` into `key`; the object appears whole or not at all (a failed or cut write leaves
   * nothing). Over `maxBytes` it stops reading and throws ObjectTooLargeError.
   */
  put(key: string, body: Readable, opts?: { maxBytes?: number }): Promise<{ size: number }>;
  /**
   * Makes the file `file` of this machine also the object `key`, without copying it (a hard link), when the
   * storage is on the same disk; answers null when it cannot (another disk, or a file system without links).
   * The file itself stays, for its owner to delete.
   */
  linkIn?(key: string, file: string): Promise<{ size: number } | null>;
  /** The object's bytes, or those of `range`; throws ObjectNotFoundError. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the object and when it was last written (for ETag and Last-Modified), or null when there is none. */
  stat(key: string): Promise<{ size: number; modifiedAt?: Date } | null>;
  /** Removes the object; removing a missing one is harmless. */
  delete(key: string): Promise<void>;
  /**
   * A link that serves the object to whoever holds it until it expires (at least `ttlMs` from now). Links
   * asked for within the same few minutes are identical, so browsers can reuse what they cached.
   */
  signedUrl(key: string, ttlMs: number): Promise<string>;
  /** Whether the storage can be read and written now (health check); throws when it cannot. */
  check(): Promise<void>;
};

/**
 * How long a media link handed out in an answer stays valid at least; expiries are rounded up to
 * LINK_EXPIRY_STEP_S, so a link never lives past 15 minutes: a kid deleted or a member removed loses
 * the links already handed out soon (issue 27.14). The web player renews its links as it plays.
 */
export const MEDIA_LINK_TTL_MS = 10 * 60 * 1000;
export const LINK_EXPIRY_STEP_S = 5 * 60;

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no object ${key}`);
  }
}

// Letters, digits, dot, dash and underscore, in slash-separated segments; no empty, `.` or `..` segment.
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const KEY_MAX_LENGTH = 300;

/** Whether a key is safe as a file path and in a URL without encoding. */
export const isValidKey = (key: string) => key.length <= KEY_MAX_LENGTH && KEY_PATTERN.test(key) && !key.split('/').includes('..');

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * A write's key checked before its body is read. The write owns the body: refused, the body is ended (a file
 * it reads is closed) and an error it then meets has a listener, instead of ending the process.
 */
export function assertValidPutKey(key: string, body: Readable): void {
  if (isValidKey(key)) return;
  body.once('error', () => {});
  body.destroy();
  assertValidKey(key);
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The content type of an object, from its key's extension. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
