import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DRAW_MODULE, DRAW_TIMEOUT_MS } from './drawn-pages.ts';

// A signed-in page drawn by the server (decision 011) with the web build's own module (here one standing in
// for it, which writes what it was given): only with the page's own data and the browser's language and time
// zone, never from a file anyone can fetch, and the session check's view whenever it cannot be drawn.
describe('a signed-in page drawn by the server', () => {
  let ctx: TestContext;
  let dist: string;
  const template = '<!doctype html><html><head><title>Family Story Time</title></head><body><div id="root"></div><script type="module" src="/static/js/index.js"></script></body></html>';
  const shellHtml = '<!doctype html><html><body><div id="root" data-shell><p>Checking your session…</p></div></body></html>';
  // What apps/web/src/prerender.tsx `drawSignedIn` answers; this one writes its arguments, fails for French,
  // never answers for German and stops its thread for Spanish.
  const drawModule = `
    export async function drawSignedIn(url, answers, view) {
      if (view.locale === 'fr-FR') throw new Error('cannot draw');
      if (view.locale === 'de-DE') await new Promise(() => {});
      if (view.locale === 'es-ES') process.exit(1);
      const me = answers.get('/api/auth/me');
      return { html: '<p id="drawn">' + JSON.stringify({ url, view, calls: [...answers.keys()].sort(), name: me.user.first_name }).replace(/</g, '&lt;') + '</p>', title: '<title>Drawn Page</title>' };
    }`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fst-web-'));
    await mkdir(path.join(dist, path.dirname(DRAW_MODULE)), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), template);
    await writeFile(path.join(dist, 'prerendered/app-shell.html'), shellHtml);
    await writeFile(path.join(dist, 'prerendered/pages.json'), JSON.stringify({ '*': 'prerendered/app-shell.html' }));
    await writeFile(path.join(dist, DRAW_MODULE), drawModule);
    ctx = await createTestContext({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const view = (told: Record<string, string>) => `fst_view=${encodeURIComponent(new URLSearchParams(told).toString())}`;
  const london = { tz: '0', zone: 'Europe/London', lang: 'en-GB' };
  const page = (url: string, cookie: string, told: Record<string, string> = london) => ctx.app.inject({ method: 'GET', url, headers: { cookie: `${cookie}; ${view(told)}` } });
  /** What the stand-in module was given, read back from the page it drew; null when the page was not drawn. */
  const drawnWith = (html: string) => {
    const match = /<div id="root" data-drawn><p id="drawn">(.*?)<\/p><\/div>/s.exec(html);
    return match ? (JSON.parse(match[1]!.replace(/&lt;/g, '<')) as { url: string; view: Record<string, unknown>; calls: string[]; name: string }) : null;
  };
  const answersIn = (html: string) => JSON.parse(/<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

  it('draws the dashboard with the answers it comes with and the view the browser told, its title in the head, never kept', async () => {
    const family = await ctx.newFamily(await ctx.newUser({ first_name: 'Margo' }));
    await ctx.newKid(family, 'Ada');
    const res = await page('/parent-dashboard?welcome=1', family.admin.cookie, { ...london, family: family.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    const drawn = drawnWith(res.body)!;
    expect(drawn).toMatchObject({ url: '/parent-dashboard?welcome=1', name: 'Margo', view: { locale: 'en-GB', timeZone: 'Europe/London', tzOffsetMinutes: 0, familyId: family.id } });
    // Drawn with exactly the answers the page comes with, which the browser then takes over with.
    expect(drawn.calls).toEqual(Object.keys(answersIn(res.body)).sort());
    expect(drawn.calls).toContain(`/api/family/${family.id}/readers`);
    expect(res.body).toContain('<head><title>Drawn Page</title></head>');
    expect(res.body).toContain('<script type="module" src="/static/js/index.js"></script>');
  });

  it('draws each page with data of its own: the reader dashboard and a kid’s page, for members only', async () => {
    const family = await ctx.newFamily();
    const kid = await ctx.newKid(family, 'Ben');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family, 'Grandma');
    expect(drawnWith((await page('/grandparent-dashboard', gran.cookie)).body)?.calls).toContain('/api/queue/for-reader');
    expect(drawnWith((await page(`/child/${kid.id}`, gran.cookie)).body)?.calls).toContain(`/api/playback/kid/${kid.id}/playlist`);
    // Another family's parent on the kid's page, and each role on the other's dashboard: the session only, not drawn.
    const stranger = (await ctx.newFamily()).admin;
    for (const [url, cookie] of [[`/child/${kid.id}`, stranger.cookie], ['/parent-dashboard', gran.cookie], ['/grandparent-dashboard', family.admin.cookie]] as const) {
      const res = await page(url, cookie);
      expect(drawnWith(res.body), url).toBeNull();
      expect(res.body, url).toContain('<div id="root" data-shell>');
      expect(res.body, url).not.toContain('Ben');
    }
  });

  it('sends the session check’s view when the browser has not told its language and time zone, or the drawing fails', async () => {
    const family = await ctx.newFamily();
    const views: Array<Record<string, string>> = [{ tz: '0' }, { tz: '0', zone: 'Europe/London' }, { tz: '0', lang: 'en-GB' }, { ...london, zone: 'Mars/Olympus_Mons' }, { ...london, lang: 'x' }, { ...london, lang: 'fr-FR' }];
    for (const told of views) {
      const res = await page('/parent-dashboard', family.admin.cookie, told);
      expect(res.statusCode, JSON.stringify(told)).toBe(200);
      expect(drawnWith(res.body), JSON.stringify(told)).toBeNull();
      expect(res.body.replace(/<script type="application\/json" id="first-view">.*?<\/script>/s, '')).toBe(shellHtml);
    }
  });

  it('sends the session check’s view when the drawing thread is late or stops, and draws the next page on a new one', async () => {
    const family = await ctx.newFamily();
    for (const lang of ['de-DE', 'es-ES']) {
      const started = Date.now();
      const res = await page('/parent-dashboard', family.admin.cookie, { ...london, lang });
      expect(res.statusCode, lang).toBe(200);
      expect(drawnWith(res.body), lang).toBeNull();
      expect(res.body, lang).toContain('<div id="root" data-shell>');
      if (lang === 'de-DE') expect(Date.now() - started).toBeGreaterThanOrEqual(DRAW_TIMEOUT_MS - 100);
      expect(drawnWith((await page('/parent-dashboard', family.admin.cookie)).body), lang).not.toBeNull();
    }
  });

  it('never sends the drawing module or the rendered-ahead files as files', async () => {
    for (const url of [`/${DRAW_MODULE}`, '/prerendered/pages.json', '/prerendered/app-shell.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('drawSignedIn');
      expect(res.body, url).not.toContain('app-shell.html');
    }
  });
});
