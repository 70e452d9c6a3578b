import { z } from 'zod';
import { MEDIA_MESSAGES } from '@fst/shared/messages';
import { AppError, notFound } from '../errors.ts';
import type { App } from '../http.ts';
import type { MediaLinks } from './media-links.ts';
import { contentTypeOf, isValidKey, ObjectNotFoundError, type ByteRange, type Storage } from './storage.ts';

const mediaQuery = z.object({ exp: z.string().optional(), sig: z.string().optional() });

/**
 * The byte range a Range header asks of an object of `size` bytes: null to send it whole (no header, a
 * unit other than bytes, several ranges, or a header that does not parse, which HTTP lets a server
 * ignore), 'unsatisfiable' for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return null;
  const [, from, to] = m as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last N bytes.
    const n = Number(to);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** An entity tag of an object's version: its size and write time (objects are written whole, never in place). */
export const etagOf = (size: number, modifiedAt: Date) => `"${size.toString(36)}-${modifiedAt.getTime().toString(36)}"`;

/** Whether an If-None-Match list names `etag` (weak comparison, as RFC 9110 asks for this header). */
const matchesAny = (header: string, etag: string) => header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** Whole seconds: HTTP dates have no finer grain. */
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * `GET /api/media/<key>?exp=&sig=`: serves a stored object to whoever holds a valid signed link, with
 * HTTP Range support (video seeking, pdf.js range requests).
 */
export function mediaRoutes(app: App, opts: { storage: Storage; links: MediaLinks; ttlMs: number }) {
  // Deleted between the size check and the read: still a plain 404.
  const open = (key: string, range?: ByteRange) =>
    opts.storage.get(key, range).catch((err) => {
      throw err instanceof ObjectNotFoundError ? notFound(MEDIA_MESSAGES.fileNotFound) : err;
    });

  app.get('/api/media/*', { config: { public: true, device: true }, schema: { tags: ['media'], querystring: mediaQuery, hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!isValidKey(key) || !opts.links.verify(key, req.query.exp, req.query.sig)) {
      throw new AppError('forbidden', MEDIA_MESSAGES.linkInvalid);
    }
    const found = await opts.storage.stat(key);
    if (!found) throw notFound(MEDIA_MESSAGES.fileNotFound);
    const { size, modifiedAt } = found;
    const etag = modifiedAt ? etagOf(size, modifiedAt) : null;
    if (etag && modifiedAt) {
      reply.header('etag', etag).header('last-modified', modifiedAt.toUTCString());
      // A copy the client holds that is still current: nothing to send again.
      const ifNoneMatch = req.headers['if-none-match'];
      const ifModifiedSince = req.headers['if-modified-since'];
      const sinceDate = ifModifiedSince ? new Date(ifModifiedSince) : null;
      const notModified = ifNoneMatch
        ? matchesAny(ifNoneMatch, etag)
        : !!sinceDate && !Number.isNaN(sinceDate.getTime()) && seconds(modifiedAt) <= seconds(sinceDate);
      if (notModified) {
        reply.header('cache-control', `private, max-age=${Math.floor(opts.ttlMs / 1000)}`);
        return reply.code(304).send();
      }
    }

    // If-Range: the range only applies to the version the client has part of; any other gets the whole object.
    const ifRange = [req.headers['if-range']].flat()[0];
    const rangeApplies =
      !ifRange ||
      (ifRange.startsWith('"') || ifRange.startsWith('W/')
        ? !!etag && ifRange === etag
        : !!modifiedAt && !Number.isNaN(new Date(ifRange).getTime()) && seconds(new Date(ifRange)) === seconds(modifiedAt));
    const range = rangeApplies ? parseRange(req.headers.range, size) : null;
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new AppError('range_not_satisfiable', MEDIA_MESSAGES.rangeNotSatisfiable);
    }
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', contentTypeOf(key))
      .header('content-disposition', 'inline')
      // Private: the link is the permission; shared caches must not keep it.
      .header('cache-control', `private, max-age=${Math.floor(opts.ttlMs / 1000)}`);
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(await open(key, range));
    }
    reply.header('content-length', size);
    return reply.send(await open(key));
  });
}
