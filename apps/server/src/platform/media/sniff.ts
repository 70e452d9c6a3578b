import { Transform } from 'node:stream';
import { SNIFF_BYTES, sniffContainer, type MediaContainer } from '@fst/shared/recordings/recordings.rules';

/** The first bytes of an upload are not the container its content type promised. */
export class NotMediaError extends Error {
  constructor() {
    super('the file is not the media its content type names');
  }
}

/**
 * Passes a media upload through unchanged while checking its first bytes (magic numbers) against the
 * container its content type promised; fails the stream with NotMediaError before anything else passes
 * otherwise, so a storage write fed by it leaves nothing.
 */
export function sniffingStream(expected: MediaContainer): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (stream: Transform, final: boolean): Error | null => {
    if (!head) return null;
    if (head.length < SNIFF_BYTES && !final) return null;
    if (sniffContainer(head) !== expected) return new NotMediaError();
    stream.push(head);
    head = null;
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      done(check(this, false));
    },
    flush(done) {
      done(check(this, true));
    },
  });
}
