import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { SERVER_MESSAGES, UPLOAD_MESSAGES } from '@fst/shared/messages';
import { AppError } from './errors.ts';

/** One part of a multipart form, in the order the client sent them. */
export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      filename: string;
      mimetype: string;
      /** Must be read (or drained) before the next part arrives; ends early past `fileBytes`. */
      stream: Readable;
    };

export type FormLimits = {
  /** Bytes of the largest file accepted, plus one: a reader sees the excess and refuses it. */
  fileBytes: number;
  files: number;
  fields: number;
  fieldBytes: number;
};

// @fastify/multipart's error codes, as the client's fault.
const TOO_MANY = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function clientError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (TOO_MANY.has(code)) return new AppError('payload_too_large', UPLOAD_MESSAGES.tooManyParts);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', SERVER_MESSAGES.bodyTooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
  // Busboy's complaints (no boundary, cut or malformed parts) and a client hanging up halfway.
  return new AppError('invalid_input', UPLOAD_MESSAGES.malformed);
}

/**
 * The client's fault in reading a part's stream (the body was cut off or malformed mid-file), as an
 * AppError; null for anything else (a full disk is ours).
 */
export function formStreamError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const { code = '', message = '' } = err as { code?: string; message?: string };
  if (code.startsWith('FST_') || /unexpected end of (form|multipart)|terminated early|premature close|aborted/i.test(message)) return clientError(err);
  return null;
}

/**
 * The parts of a streamed multipart request (never buffered whole). Nothing is read until the caller
 * asks for the first part, so an access check before that refuses without reading the body. Errors of
 * the form itself become 4xx AppErrors.
 */
export async function* formParts(req: FastifyRequest, limits: FormLimits): AsyncGenerator<FormPart> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
  const parts = req.parts({
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fields: limits.fields,
      fieldSize: limits.fieldBytes,
      parts: limits.files + limits.fields,
      headerPairs: 50,
    },
  });
  for (;;) {
    let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
    try {
      next = await parts.next();
    } catch (err) {
      throw clientError(err);
    }
    if (next.done) return;
    const part = next.value;
    if (part.type === 'field') {
      if (part.valueTruncated) throw new AppError('payload_too_large', UPLOAD_MESSAGES.fieldTooLong);
      yield { kind: 'field', name: part.fieldname, value: typeof part.value === 'string' ? part.value : String(part.value) };
    } else {
      yield { kind: 'file', name: part.fieldname, filename: part.filename ?? '', mimetype: part.mimetype, stream: part.file };
    }
  }
}

/** Reads a part's stream to its end and throws the bytes away. */
export const drain = (stream: Readable) =>
  pipeline(
    stream,
    new Writable({
      write(_chunk, _enc, done) {
        done();
      },
    }),
  );
