import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * The built web app (apps/web/dist), when there is one: its files, and for every app path the page rendered
 * ahead at build time for it (decision 008), else the one rendered for every other path, else index.html.
 */
// apps/web/vite.config.ts `installableApp`: sw.js, the Workbox runtime it loads, and the web app manifest.
const SERVICE_WORKER_FILES = /^(sw\.js|sw-network-routes\.js|workbox-[\w-]+\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

export const staticPages = fp<{ webDist: string }>(
  async (app, { webDist }) => {
    if (!existsSync(path.join(webDist, 'index.html'))) return;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build's Brotli and gzip copies, when the browser takes them.
      preCompressed: true,
      // The pages rendered ahead are the server's, sent by the route below.
      allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
      // Files under /static/ carry their content's hash in their name: cached for a year, never revalidated.
      // The pages (index.html and those rendered ahead) name the current ones, so they are checked every time.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(webDist, 'static') + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (/\.html(\.br|\.gz)?$/.test(filePath)) reply.header('cache-control', 'no-cache');
        // The service worker and its manifest (issue 26) are checked every time too, so a release reaches
        // installed apps at their next start; the worker controls the whole origin from the root.
        else if (SERVICE_WORKER_FILES.test(path.basename(filePath))) reply.header('cache-control', 'no-cache');
      },
    });
    // The pages rendered ahead at build time (apps/web/scripts/prerender.mjs): path, route or '*' → file.
    const pageFor = prerenderedPages(webDist);
    // SPA fallback: the router in the page takes over. A route (hidden from the API's document; open, so that an
    // unknown API path gets its 404 signed in or not).
    app.get('/*', { schema: { hide: true }, config: { public: true } }, async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/static/')) return reply.callNotFound();
      const pathname = req.url.split('?')[0]!;
      const page = pageFor(pathname);
      // A file the build does not have (favicon.ico, a probe for wp-login.php): 404, not the app's page.
      if (!page && /\.[A-Za-z0-9]{1,8}$/.test(pathname)) return reply.callNotFound();
      return reply.type('text/html').sendFile(page ?? pageFor('*') ?? 'index.html');
    });
  },
  { name: 'static-pages' },
);

/**
 * The pages the web build rendered ahead (prerendered/pages.json: a path, a route whose `:param` stands for any
 * one segment, or '*' → a file in the build), as a lookup from a path to its file, if any.
 */
function prerenderedPages(webDist: string): (pathname: string) => string | undefined {
  let pages: [string, string][] = [];
  try {
    const named = JSON.parse(readFileSync(path.join(webDist, 'prerendered', 'pages.json'), 'utf8')) as Record<string, string>;
    pages = Object.entries(named).filter(([, file]) => existsSync(path.join(webDist, file)));
  } catch {
    // No pages rendered ahead: index.html for every path.
  }
  const exact = new Map(pages.filter(([route]) => !route.includes(':')));
  const routes = pages.filter(([route]) => route.includes(':')).map(([route, file]) => ({ segments: route.split('/'), file }));
  const matches = (segments: string[], parts: string[]) =>
    segments.length === parts.length && segments.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]));
  return (pathname) => {
    const parts = pathname.split('/');
    return exact.get(pathname) ?? routes.find((route) => matches(route.segments, parts))?.file;
  };
}
