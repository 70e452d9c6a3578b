import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RECORDING_SERVER_MESSAGES, SERVER_MESSAGES } from '@fst/shared/messages';
import {
  containerOfMime,
  RECORDING_MIME_TYPES,
  RESUMABLE_UPLOAD_FILETYPE_KEY,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_ID_PATTERN,
} from '@fst/shared/recordings/recordings.rules';
import { AppError, ERROR_STATUS, notFound, type ErrorCode } from '../errors.ts';
import { requireSession, type App, type SessionUser } from '../http.ts';

// An unfinished upload is kept this long after it was started, then swept away (hours, not days: issue 27.7).
export const UPLOAD_EXPIRY_MS = 6 * 60 * 60 * 1000;
// Uploads one account may have open at once (unfinished, or finished and not yet a recording), and the
// bytes they may declare together, in multiples of the largest recording: no account fills the disk.
export const MAX_OPEN_UPLOADS = 3;
const BYTES_IN_FLIGHT_FACTOR = 2;
// The metadata key naming the upload's owner; set by the server, whatever the client sent.
const OWNER_KEY = 'owner';
// The methods of the tus protocol on one upload (GET is not part of it: uploads are not downloadable).
const UPLOAD_METHODS = new Set(['HEAD', 'PATCH', 'DELETE']);

/** A refusal in a tus hook: @tus/server answers it with this status and body. */
const tusRefusal = (status_code: number, body: string) => ({ status_code, body });

/** A finished upload's bytes: as a stream, or as the file on this disk (which may be moved away instead). */
export type FinishedUpload = { stream: () => Readable; file: string; size: number; mimetype: string };

/**
 * Resumable uploads (tus 1.0, decisions.md "Endpoints beyond the spec") under `/api/uploads/`, kept in
 * `dir` on this instance's disk so they survive a restart. Each upload belongs to the signed-in user who
 * created it (stored in its metadata, checked on every request: anyone else gets 404). A finished
 * upload is turned into something else (a recording) by `takeFinished`, which hands over its bytes, and
 * `remove`.
 */
export function createResumableUploads(opts: { dir: string; maxBytes: number }) {
  const store = new FileStore({ directory: opts.dir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const callers = new WeakMap<object, string>();
  // Each owner's open uploads (id → declared bytes), read from the store's metadata once, then kept here.
  let open: Map<string, Map<string, number>> | null = null;
  const openUploads = async () => {
    if (open) return open;
    const found = new Map<string, Map<string, number>>();
    for (const id of (await store.configstore.list?.().catch(() => [] as string[])) ?? []) {
      const upload = await store.configstore.get(id).catch(() => undefined);
      const owner = upload?.metadata?.[OWNER_KEY];
      if (owner) found.set(owner, (found.get(owner) ?? new Map()).set(id, upload.size ?? opts.maxBytes));
    }
    return (open ??= found);
  };
  const forget = (id: string) => {
    for (const uploads of open?.values() ?? []) uploads.delete(id);
  };
  // Uploads being turned into something right now: a second claim must not read a file being removed.
  const claimed = new Set<string>();
  const types = Object.keys(RECORDING_MIME_TYPES).join(', ');

  const server = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: opts.maxBytes,
    // Same-origin only: no Access-Control-Allow-Origin for anyone.
    allowedOrigins: [],
    async onUploadCreate(req, upload) {
      const owner = callers.get(req);
      if (!owner) throw tusRefusal(401, SERVER_MESSAGES.notSignedIn);
      if (!containerOfMime(upload.metadata?.[RESUMABLE_UPLOAD_FILETYPE_KEY])) {
        throw tusRefusal(415, RECORDING_SERVER_MESSAGES.unsupportedType(types));
      }
      // Checked and counted with no wait in between, so parallel creations cannot all slip under the caps.
      const index = await openUploads();
      const mine = index.get(owner) ?? new Map<string, number>();
      const size = upload.size ?? opts.maxBytes;
      let declared = size;
      for (const bytes of mine.values()) declared += bytes;
      if (mine.size >= MAX_OPEN_UPLOADS || declared > BYTES_IN_FLIGHT_FACTOR * opts.maxBytes) {
        throw tusRefusal(429, RECORDING_SERVER_MESSAGES.tooManyUploads(MAX_OPEN_UPLOADS));
      }
      index.set(owner, mine.set(upload.id, size));
      return { metadata: { ...upload.metadata, [OWNER_KEY]: owner } };
    },
  });

  /** The upload if it exists and belongs to `userId`, else null (so that others learn nothing). */
  async function ownUpload(id: string, userId: string) {
    if (!UPLOAD_ID_PATTERN.test(id)) return null;
    const upload = await store.getUpload(id).catch(() => null);
    return upload && upload.metadata?.[OWNER_KEY] === userId ? upload : null;
  }

  const codeFor = (status: number): ErrorCode => (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? 'invalid_input';

  return {
    /** Hands one tus request (already checked) to the tus server and answers with its response. */
    async serve(req: FastifyRequest, reply: FastifyReply, caller: string | null) {
      const hasBody = req.method === 'POST' || req.method === 'PATCH';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        // HTTP/2's pseudo-headers (:method, :path…) are the request line, not headers.
        if (name.startsWith(':')) continue;
        if (typeof value === 'string') headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(', '));
      }
      const webReq = new Request(`http://${req.host}${req.url}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
      } as RequestInit);
      if (caller) callers.set(webReq, caller);
      const res = await server.handleWeb(webReq);
      // Terminated by its owner (the route checked the owner): no longer open.
      if (req.method === 'DELETE' && res.status === 204) forget(req.url.split('/').pop()!.split('?')[0]!);
      res.headers.forEach((value, name) => {
        if (!['content-length', 'content-type', 'date', 'connection'].includes(name)) reply.header(name, value);
      });
      if (res.status >= 400) {
        // The one error shape of the API, with tus's own words.
        const text = (await res.text()).trim();
        const message = res.status === 413 ? RECORDING_SERVER_MESSAGES.tooLarge(Math.floor(opts.maxBytes / 1024 ** 2)) : text || SERVER_MESSAGES.invalidInput;
        return reply.code(res.status).send({ error: message, code: codeFor(res.status), requestId: req.id });
      }
      return reply.code(res.status).send(res.body ? Buffer.from(await res.arrayBuffer()) : undefined);
    },

    ownUpload,

    /**
     * The bytes of `userId`'s finished upload, claimed until `release`: 404 for someone else's or a
     * missing one, 409 while it is incomplete or already being claimed.
     */
    async claimFinished(id: string, userId: string): Promise<FinishedUpload> {
      const upload = await ownUpload(id, userId);
      if (!upload) throw notFound(RECORDING_SERVER_MESSAGES.uploadNotFound);
      if (upload.size === undefined || upload.offset !== upload.size || claimed.has(id)) {
        throw new AppError('conflict', RECORDING_SERVER_MESSAGES.uploadNotFinished);
      }
      claimed.add(id);
      return {
        stream: () => store.read(id),
        file: path.join(opts.dir, id),
        size: upload.size,
        mimetype: upload.metadata?.[RESUMABLE_UPLOAD_FILETYPE_KEY] ?? '',
      };
    },
    release(id: string) {
      claimed.delete(id);
    },
    /** Deletes an upload and its metadata; deleting a missing one is harmless. */
    async remove(id: string) {
      claimed.delete(id);
      forget(id);
      if (!UPLOAD_ID_PATTERN.test(id)) return;
      await store.remove(id).catch(() => {});
    },
    /** Sweeps away unfinished uploads older than UPLOAD_EXPIRY_MS; answers how many. */
    async cleanup() {
      const removed = await server.cleanUpExpiredUploads();
      // Read again from the store at the next creation.
      if (removed > 0) open = null;
      return removed;
    },
  };
}
export type ResumableUploads = ReturnType<typeof createResumableUploads>;

/**
 * The tus endpoint: `POST /api/uploads` creates an upload (signed-in callers that `mayCreate`),
 * `HEAD`/`PATCH`/`DELETE /api/uploads/{id}` work on one's own upload. tus sends its chunks as
 * `application/offset+octet-stream`, handed to the tus server as a stream (never buffered).
 */
export function resumableUploadRoutes(app: App, opts: { uploads: ResumableUploads; mayCreate: (session: SessionUser) => Promise<void> }) {
  app.register(async (scope) => {
    // Only here: everywhere else an octet-stream body is refused with 415.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    const hide = { hide: true, tags: ['uploads'] };
    // A CORS preflight or tus discovery carries no cookie: public, it learns only the protocol's capabilities.
    scope.route({
      method: 'OPTIONS',
      url: RESUMABLE_UPLOAD_PATH,
      schema: hide,
      config: { public: true },
      handler: async (req, reply) => opts.uploads.serve(req, reply, null),
    });
    scope.route({
      method: 'OPTIONS',
      url: `${RESUMABLE_UPLOAD_PATH}/:uploadId`,
      schema: hide,
      config: { public: true },
      handler: async (req, reply) => opts.uploads.serve(req, reply, null),
    });
    scope.route({
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      schema: hide,
      handler: async (req, reply) => {
        const session = requireSession(req);
        await opts.mayCreate(session);
        return opts.uploads.serve(req, reply, session.user.id);
      },
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE', 'GET', 'POST', 'PUT'],
      url: `${RESUMABLE_UPLOAD_PATH}/:uploadId`,
      schema: hide,
      handler: async (req, reply) => {
        const session = requireSession(req);
        const { uploadId } = req.params as { uploadId: string };
        if (!UPLOAD_METHODS.has(req.method) || !(await opts.uploads.ownUpload(uploadId, session.user.id))) {
          throw notFound(RECORDING_SERVER_MESSAGES.uploadNotFound);
        }
        return opts.uploads.serve(req, reply, session.user.id);
      },
    });
  });
}
