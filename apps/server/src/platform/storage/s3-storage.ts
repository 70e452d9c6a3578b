import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../clock.ts';
import { LINK_EXPIRY_STEP_S, assertValidKey, assertValidPutKey, contentTypeOf, ObjectNotFoundError, ObjectTooLargeError, type Storage } from './storage.ts';

export type S3Settings = {
  bucket: string;
  /** A custom endpoint (MinIO, Garage, R2, a local test server); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  /** `bucket` as the first path segment instead of a subdomain; the default with a custom endpoint. */
  forcePathStyle?: boolean;
};

// S3 wants parts of at least 5 MiB (except the last); 8 MiB keeps memory small and a 2 GiB recording
// well under the limit of 10,000 parts.
export const S3_PART_BYTES = 8 * 1024 * 1024;
// Presigned links are made from a signing time rounded down to this step, so links asked for a few
// minutes apart are identical and cacheable (as the local adapter's are).
const SIGNING_STEP_S = LINK_EXPIRY_STEP_S;
// The longest a SigV4 presigned link may live.
const PRESIGN_MAX_S = 7 * 24 * 60 * 60;

/** An S3 client for the settings; credentials come from the usual AWS variables and files. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? Boolean(settings.endpoint),
  });
}

/** The origin the browser fetches presigned links from (for the Content-Security-Policy). */
export function s3PublicOrigin(settings: S3Settings): string {
  const pathStyle = settings.forcePathStyle ?? Boolean(settings.endpoint);
  if (settings.endpoint) {
    const url = new URL(settings.endpoint);
    return pathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`;
  }
  return pathStyle
    ? `https://s3.${settings.region ?? 'us-east-1'}.amazonaws.com`
    : `https://${settings.bucket}.s3.${settings.region ?? 'us-east-1'}.amazonaws.com`;
}

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
};

/**
 * The S3 adapter of the storage port: objects in one bucket under the same keys as on disk, written
 * streamed (a multipart upload of 8 MiB parts, so memory stays small whatever the size), appearing whole
 * only when complete, and served by presigned GET links straight from the bucket.
 */
export function createS3Storage(opts: { client: S3Client; bucket: string; clock: Clock; partBytes?: number }): Storage {
  const { client, bucket } = opts;
  const partBytes = opts.partBytes ?? S3_PART_BYTES;

  return {
    async put(key, body: Readable, putOpts = {}) {
      assertValidPutKey(key, body);
      const max = putOpts.maxBytes ?? Infinity;
      const contentType = contentTypeOf(key);
      let size = 0;
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;

      const sendPart = async () => {
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }))).UploadId;
        if (!uploadId) throw new Error(`S3 gave no upload id for ${key}`);
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const PartNumber = parts.length + 1;
        const res = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.length }),
        );
        parts.push({ ETag: res.ETag, PartNumber });
      };

      try {
        for await (const chunk of body) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          size += buf.length;
          if (size > max) throw new ObjectTooLargeError(max);
          pending.push(buf);
          pendingBytes += buf.length;
          if (pendingBytes >= partBytes) await sendPart();
        }
        if (!uploadId) {
          // Small enough for one request.
          const data = Buffer.concat(pending, pendingBytes);
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentType }));
          return { size };
        }
        if (pendingBytes > 0) await sendPart();
        await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        return { size };
      } catch (err) {
        // Nothing of a failed write stays: the parts sent so far are thrown away.
        if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {});
        body.destroy();
        throw err;
      }
    },

    async get(key, range) {
      assertValidKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        if (!res.Body) throw new ObjectNotFoundError(key);
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new ObjectNotFoundError(key);
        throw err;
      }
    },

    async stat(key) {
      assertValidKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: res.ContentLength ?? 0, ...(res.LastModified ? { modifiedAt: res.LastModified } : {}) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertValidKey(key);
      // S3 answers a delete of a missing key with success: removing twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async signedUrl(key, ttlMs) {
      assertValidKey(key);
      const nowS = opts.clock.now().getTime() / 1000;
      const signedAt = Math.floor(nowS / SIGNING_STEP_S) * SIGNING_STEP_S;
      // Valid at least ttl from now: from the rounded signing time, rounded up to a whole step.
      const expiresIn = Math.min(PRESIGN_MAX_S, Math.ceil((nowS - signedAt + ttlMs / 1000) / SIGNING_STEP_S) * SIGNING_STEP_S);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn, signingDate: new Date(signedAt * 1000) });
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
