// The starter catalogue's picture books drawn on a thread of their own, run by Piscina (starter-books.ts):
// pdf-lib's work leaves the server's heap with a few hundred megabytes of garbage that V8 may keep for long
// after the start, and a server holding it answered its API about a third slower. Plain JavaScript, loading
// picture-book.ts through tsx's own import, so the thread starts the same under node, tsx and vitest.
import { tsImport } from 'tsx/esm/api';

const { renderPictureBook } = await tsImport('./picture-book.ts', import.meta.url);

/** One book (a PictureBook) → `{ pdf, pages }`, as renderPictureBook answers. */
export default function render(book) {
  return renderPictureBook(book);
}
