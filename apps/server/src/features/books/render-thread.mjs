// The starter catalogue's picture books drawn on a thread of their own, run by Piscina (starter-books.ts):
// drawn on the server's own thread, pdf-lib's work left some 200 MB of garbage that V8 kept well after the
// start, and that server answered 1.2-1.6 times fewer API requests a second (docs/quality.md, API). Plain
// JavaScript, loading picture-book.ts through tsx's own import, so the thread starts the same under node, tsx
// and vitest.
import { tsImport } from 'tsx/esm/api';

const { renderPictureBook } = await tsImport('./picture-book.ts', import.meta.url);

/** One book (a PictureBook) → `{ pdf, pages }`, as renderPictureBook answers. */
export default function render(book) {
  return renderPictureBook(book);
}
