import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { hasPageData, type ViewHints } from './first-view.ts';

/**
 * A signed-in page drawn by the server for each visit (decision 011): the web app's own render of the page
 * (apps/web/src/prerender.tsx `drawSignedIn`, built into the web build as prerendered/draw/prerender.js),
 * with the answers the page comes with (decision 010) and the visitor's language, time zone and family, so
 * that a phone paints the page itself before its JavaScript has arrived and the app then takes that HTML over.
 */
type View = { locale: string; timeZone: string; tzOffsetMinutes: number; familyId: string | null };

/** Where the web build keeps the module that draws its pages (apps/web/scripts/prerender.mjs). */
export const DRAW_MODULE = 'prerendered/draw/prerender.js';
/** A page not drawn by then goes as the session check's view, and the thread that was drawing it is started afresh. */
export const DRAW_TIMEOUT_MS = 3000;

export type PageDrawer = {
  /**
   * The page at `url` drawn with `answers`, in the build's index.html. Drawn only with its own data among the
   * answers (not for another role's dashboard, say) and when the browser told its language and time zone;
   * otherwise, or if the drawing fails or is late, undefined: the page goes as the session check's view,
   * drawn in the browser.
   */
  draw: (url: string, answers: ReadonlyMap<string, unknown>, hints: ViewHints) => Promise<string | undefined>;
  /** Starts the drawing thread now (the app, once ready), so that the first visitor does not wait for it. */
  load: () => Promise<void>;
  close: () => Promise<void>;
};

type Drawn = { html: string; title: string } | null;
type Reply = { ready?: true; id?: number; drawn?: Drawn; error?: string };
type Pending = { resolve: (drawn: Drawn) => void; reject: (err: Error) => void };

/**
 * Draws signed-in pages with the web build in `webDist` on a thread of their own (draw-thread.mjs), started
 * at the first page or by `load` and kept for the next; a thread that fails or is late fails what it was
 * drawing and is started afresh for the next page. Undefined when the build has no such module.
 */
export function pageDrawer(webDist: string, log: FastifyBaseLogger): PageDrawer | undefined {
  const file = path.join(webDist, DRAW_MODULE);
  const templateFile = path.join(webDist, 'index.html');
  if (!existsSync(file) || !existsSync(templateFile)) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes('<div id="root"></div>')) return undefined;

  let thread: { worker: Worker; ready: Promise<void> } | null = null;
  let seq = 0;
  const pending = new Map<number, Pending>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const stop = (worker: Worker, err: Error) => {
    if (thread?.worker === worker) thread = null;
    failAll(err);
    void worker.terminate();
  };
  function start() {
    const worker = new Worker(new URL('./draw-thread.mjs', import.meta.url), { workerData: { module: file } });
    // An idle drawer must not keep the process alive.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: Reply) => {
        if (reply.ready) return resolve();
        const p = pending.get(reply.id!);
        if (!p) return;
        pending.delete(reply.id!);
        if (reply.error !== undefined) p.reject(new Error(reply.error));
        else p.resolve(reply.drawn ?? null);
      });
      worker.on('error', (err) => {
        reject(err);
        stop(worker, err);
      });
      worker.on('exit', (code) => {
        reject(new Error(`the drawing thread stopped (exit code ${code})`));
        stop(worker, new Error(`the drawing thread stopped (exit code ${code})`));
      });
    });
    // Its failure is the pages' to report.
    ready.catch(() => undefined);
    return { worker, ready };
  }
  const drawOnThread = async (url: string, answers: ReadonlyMap<string, unknown>, view: View): Promise<Drawn> => {
    const current = (thread ??= start());
    await current.ready;
    const id = ++seq;
    return new Promise<Drawn>((resolve, reject) => {
      const timer = setTimeout(() => stop(current.worker, new Error(`not drawn within ${DRAW_TIMEOUT_MS} ms`)), DRAW_TIMEOUT_MS);
      const settle = <T,>(then: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        then(value);
      };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      current.worker.postMessage({ id, url, answers: [...answers], view });
    });
  };

  const draw: PageDrawer['draw'] = async (url, answers, { locale, timeZone, tzOffsetMinutes, familyId }) => {
    if (!hasPageData(answers) || locale === null || timeZone === null || tzOffsetMinutes === null) return undefined;
    try {
      const drawn = await drawOnThread(url, answers, { locale, timeZone, tzOffsetMinutes, familyId });
      if (!drawn) return undefined;
      return template
        .replace(/<title>[^<]*<\/title>/, (found) => drawn.title || found)
        .replace('<div id="root"></div>', () => `<div id="root" data-drawn>${drawn.html}</div>`);
    } catch (err) {
      log.warn({ err, url }, 'the page could not be drawn on the server; sent to be drawn in the browser');
      return undefined;
    }
  };
  return {
    draw,
    load: () => (thread ??= start()).ready.catch((err: unknown) => log.error({ err, file }, 'the thread that draws signed-in pages could not start')),
    async close() {
      const current = thread;
      thread = null;
      failAll(new Error('the drawing thread closed'));
      if (current) await current.worker.terminate();
    },
  };
}
