import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { hasPageData, type ViewHints } from './first-view.ts';

/**
 * A signed-in page drawn by the server for each visit (decision 011): the web app's own render of the page
 * (apps/web/src/prerender.tsx `drawSignedIn`, built into the web build as prerendered/draw/prerender.js),
 * with the answers the page comes with (decision 010) and the visitor's language, time zone and family, so
 * that a phone paints the page itself before its JavaScript has arrived and the app then takes that HTML over.
 */
type View = { locale: string; timeZone: string; tzOffsetMinutes: number; familyId: string | null };
type DrawSignedIn = (url: string, answers: ReadonlyMap<string, unknown>, view: View) => Promise<{ html: string; title: string } | undefined>;

/** Where the web build keeps the module that draws its pages (apps/web/scripts/prerender.mjs). */
export const DRAW_MODULE = 'prerendered/draw/prerender.js';

export type PageDrawer = {
  /**
   * The page at `url` drawn with `answers`, in the build's index.html. Drawn only with its own data among the
   * answers (not for another role's dashboard, say) and when the browser told its language and time zone;
   * otherwise, or if the drawing fails, undefined: the page goes as the session check's view, drawn in the browser.
   */
  draw: (url: string, answers: ReadonlyMap<string, unknown>, hints: ViewHints) => Promise<string | undefined>;
  /** Loads the module now (the app, once ready), so that the first visitor does not wait for it. */
  load: () => Promise<void>;
};

/** Draws signed-in pages with the web build in `webDist`, or undefined when the build has no such module. */
export function pageDrawer(webDist: string, log: FastifyBaseLogger): PageDrawer | undefined {
  const file = path.join(webDist, DRAW_MODULE);
  const templateFile = path.join(webDist, 'index.html');
  if (!existsSync(file) || !existsSync(templateFile)) return undefined;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes('<div id="root"></div>')) return undefined;
  let loaded: Promise<DrawSignedIn> | undefined;
  const load = () => (loaded ??= import(pathToFileURL(file).href).then((module: { drawSignedIn: DrawSignedIn }) => module.drawSignedIn));

  const draw: PageDrawer['draw'] = async (url, answers, { locale, timeZone, tzOffsetMinutes, familyId }) => {
    if (!hasPageData(answers) || locale === null || timeZone === null || tzOffsetMinutes === null) return undefined;
    try {
      const drawn = await (await load())(url, answers, { locale, timeZone, tzOffsetMinutes, familyId });
      if (!drawn) return undefined;
      return template
        .replace(/<title>[^<]*<\/title>/, (found) => drawn.title || found)
        .replace('<div id="root"></div>', () => `<div id="root" data-drawn>${drawn.html}</div>`);
    } catch (err) {
      log.warn({ err, url }, 'the page could not be drawn on the server; sent to be drawn in the browser');
      return undefined;
    }
  };
  const warm = () =>
    load().then(
      () => undefined,
      (err: unknown) => log.error({ err, file }, 'the module that draws signed-in pages could not be loaded'),
    );
  return { draw, load: warm };
}
