import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Drawn, View } from '@fst/shared/http/drawn-page';
import type { FastifyBaseLogger } from 'fastify';
import { hasPageData, type ViewHints } from './first-view.ts';
import { ownThread } from './platform/thread.ts';

/**
 * A signed-in page drawn by the server for each visit (decision 011): the web app's own render of the page
 * (apps/web/src/prerender.tsx `drawSignedIn`, built into the web build as prerendered/draw/prerender.js),
 * with the answers the page comes with (decision 010) and the visitor's language, time zone and family, so
 * that a phone paints the page itself before its JavaScript has arrived and the app then takes that HTML over.
 */

/** Where the web build keeps the module that draws its pages (apps/web/scripts/prerender.mjs). */
export const DRAW_MODULE = 'prerendered/draw/prerender.js';
/** A page not drawn by then (waiting for the thread included) goes as the session check's view; the thread drawing it is ended and started afresh. */
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
  load: () => void;
  close: () => Promise<void>;
};

// The answers go to the thread as they are: a Map is copied across threads like any plain value.
type DrawTask = { url: string; answers: ReadonlyMap<string, unknown>; view: View };

/**
 * Draws signed-in pages with the web build in `webDist` on a thread of their own (draw-thread.mjs,
 * `ownThread`), started by `load` or at the first page and kept for the next, one page at a time; a drawing
 * that is late ends its thread, and one that fails or whose thread stops fails that page only: the next page
 * is drawn on a new thread. Undefined when the build has no such module.
 */
export function pageDrawer(webDist: string, log: FastifyBaseLogger): PageDrawer | undefined {
  const file = path.join(webDist, DRAW_MODULE);
  const templateFile = path.join(webDist, 'index.html');
  if (!existsSync(file) || !existsSync(templateFile)) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes('<div id="root"></div>')) return undefined;

  const thread = ownThread<DrawTask, Drawn | null>(new URL('./draw-thread.mjs', import.meta.url), {
    workerData: { module: file },
    // A drawing awaits its page's prefetch, and its query client's timers run on.
    eventLoopBetweenTasks: true,
    onError: (err) => log.error({ err, file }, 'the thread that draws signed-in pages failed'),
  });

  const draw: PageDrawer['draw'] = async (url, answers, { locale, timeZone, tzOffsetMinutes, familyId }) => {
    if (!hasPageData(answers) || locale === null || timeZone === null || tzOffsetMinutes === null) return undefined;
    try {
      const task: DrawTask = { url, answers, view: { locale, timeZone, tzOffsetMinutes, familyId } };
      const drawn = await thread.run(task, AbortSignal.timeout(DRAW_TIMEOUT_MS));
      if (!drawn) return undefined;
      return template
        .replace(/<title>[^<]*<\/title>/, (found) => drawn.title || found)
        .replace('<div id="root"></div>', () => `<div id="root" data-drawn>${drawn.html}</div>`);
    } catch (err) {
      log.warn({ err, url }, 'the page could not be drawn on the server; sent to be drawn in the browser');
      return undefined;
    }
  };
  return { draw, load: () => thread.start(), close: () => thread.close() };
}
