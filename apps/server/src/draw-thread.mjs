// The web build's page drawing (decision 011) on its own thread, run by Piscina (drawn-pages.ts): drawing a
// page is synchronous work of a few milliseconds that would otherwise hold up the server's API answers, and
// the drawing's libraries and memory stay out of the server's own. Plain JavaScript, so the thread starts
// the same under node, tsx and vitest. workerData.module: the file of the web build's render for Node
// (prerendered/draw/prerender.js).
import { workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { drawSignedIn } = await import(pathToFileURL(workerData.module).href);

/** One page: `{ url, answers: Map(path → answer), view }` → `{ html, title }`, or null when it cannot be drawn. */
export default async function draw({ url, answers, view }) {
  return (await drawSignedIn(url, answers, view)) ?? null;
}
