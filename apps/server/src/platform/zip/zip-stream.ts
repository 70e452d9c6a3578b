import type { Readable } from 'node:stream';
import yazl from 'yazl';

/** A file of an archive: bytes made here (JSON, HTML), or a stored object opened only when its turn comes. */
export type ZipEntry = { path: string; mtime: Date; data: Buffer } | { path: string; mtime: Date; size: number; open: () => Promise<Readable> };

/**
 * A zip of `entries`, written as it is read (yazl): each stored object is opened when the archive reaches it
 * and piped through with backpressure, so memory stays flat whatever the total. Every entry is stored, not
 * deflated (media is compressed already; the rest is small), which makes the archive's size known before the
 * first byte: `size` is its Content-Length, so the browser shows real progress. An object that fails or
 * differs from its stated size ends the stream with an error (the download is cut, never silently short).
 */
export function zipStream(entries: readonly ZipEntry[]): { stream: Readable; size: number | null } {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  const fail = (err: unknown) => {
    if (!output.destroyed) output.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  zip.on('error', fail);
  // The download stopped (the browser closed it): the object being read is closed too, not left open.
  output.on('close', () => {
    for (const source of open) source.destroy();
    open.clear();
  });

  for (const entry of entries) {
    const options = { mtime: entry.mtime, compress: false };
    if ('data' in entry) {
      zip.addBuffer(entry.data, entry.path, options);
      continue;
    }
    zip.addReadStreamLazy(entry.path, { ...options, size: entry.size }, (done) => {
      if (output.destroyed) return;
      entry.open().then(
        (source) => {
          open.add(source);
          source.once('error', fail);
          source.once('close', () => open.delete(source));
          done(null, source);
        },
        (err: unknown) => fail(err),
      );
    });
  }
  let size: number | null = null;
  // @types/yazl leaves out the callback's argument: the total size, or -1 when it cannot be known.
  const end = zip.end.bind(zip) as (options: undefined, sized: (total: number) => void) => void;
  end(undefined, (total) => {
    size = total >= 0 ? total : null;
  });
  return { stream: output, size };
}
