import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/** Answers this large and up go compressed to browsers that take it (@fastify/compress's threshold in app.ts). */
export const COMPRESS_MIN_BYTES = 1024;
// As @fastify/compress compresses: Brotli at quality 4, or gzip.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** A kept 200 answer: its JSON, encoded, and its compressed forms once a browser has asked for them. */
export type AnswerCopy = { payload: Buffer; type: string; br?: Buffer; gzip?: Buffer };

/**
 * The body of a copy for a client that sent `acceptEncoding`, compressed as @fastify/compress would, but
 * once per copy and encoding rather than once per answer (the plugin passes an answer already encoded).
 */
export function copyBody(copy: AnswerCopy, acceptEncoding: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const encoding = acceptEncoding && copy.payload.length >= COMPRESS_MIN_BYTES ? encodings.negotiate(acceptEncoding.toLowerCase()) : null;
  if (encoding === 'br') return { body: (copy.br ??= brotliCompressSync(copy.payload, BROTLI)), encoding };
  if (encoding === 'gzip') return { body: (copy.gzip ??= gzipSync(copy.payload)), encoding };
  return { body: copy.payload, encoding: null };
}
