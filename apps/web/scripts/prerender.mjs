#!/usr/bin/env node
// Renders the public pages ahead into a finished `vite build` (default: dist), run by `npm run build`:
// builds src/prerender.tsx for Node (`vite build --ssr`, one file in a folder of its own, removed when done),
// renders each page below into a copy of the build's index.html, and writes it with Brotli and gzip copies
// under prerendered/, named in prerendered/pages.json for the server (apps/server/src/platform/static-pages.plugin.ts),
// which sends it for that path; and the signed-in pages' loading view, which it sends for every other path
// ('*'), in a copy of its own for the pages opened most (by route, `:param` standing for any one segment).
// Usage: node scripts/prerender.mjs [distDir]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

// The pages a visitor opens first; signed-in pages need their data, so they are drawn in the browser.
const PAGES = { '/': 'home', '/login': 'login', '/signup': 'signup', '/forgot-password': 'forgot-password' };
// Any signed-in page: its first view is the session check; written for every other path ('*' below).
const SHELL_PATH = '/parent-dashboard';
const SHELL_FILE = 'prerendered/app-shell.html';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(web, process.argv[2] ?? 'dist');
const ssrDir = await mkdtemp(path.join(os.tmpdir(), 'fst-prerender-'));
const built = spawnSync('npx', ['vite', 'build', '--ssr', 'src/prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: web,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the server-side build of src/prerender.tsx failed');
const { prerender, signedInPageReads, firstSignedInPages } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
await rm(ssrDir, { recursive: true, force: true });
const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error(`${dist}/index.html has no empty <div id="root"></div>`);
await mkdir(path.join(dist, 'prerendered'), { recursive: true });
const pages = {};
for (const [pathname, name] of Object.entries(PAGES)) {
  // The page's <title> (React puts it in the head once the app runs) goes in the head now.
  const { html: app, title } = await prerender(pathname);
  const html = shell.replace(/<title>[^<]*<\/title>/, () => title || '$&').replace('<div id="root"></div>', () => `<div id="root">${app}</div>`);
  const file = `prerendered/${name}.html`;
  await writeFile(path.join(dist, file), html);
  await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(html));
  await writeFile(path.join(dist, `${file}.gz`), gzipSync(html, { level: 9 }));
  pages[pathname] = file;
  console.log(`prerendered ${pathname} → ${file} (${(Buffer.byteLength(html) / 1000).toFixed(1)} KB)`);
}
// Every other path gets the signed-in pages' first view, the session check ("Checking your session…"),
// so a phone paints it before the JavaScript has arrived. A signed-in page's own first render is that
// view too, but the app draws this page afresh rather than hydrating it (app/start.tsx: `data-shell`), since
// the server sends it for public paths not rendered ahead as well.
// It also asks for what every signed-in page reads first (preloads the app's own fetches then take, with the
// same credentials) and for the signed-in pages' layout, so neither waits for the scripts to run first.
const { html: app } = await prerender(SHELL_PATH);
const reads = signedInPageReads.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`);
const layout = chunksOf('src/app/layout/app-layout.tsx');
/** The loading view with its preloads (a page's own chunks, if given, beside the layout's), written to `file`. */
async function writeShell(file, pageChunks = []) {
  // The chunks index.html does not preload already.
  const chunks = [...new Set([...layout, ...pageChunks])].filter((chunk) => !shell.includes(chunk));
  const modulePreloads = chunks.map((chunk) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${chunk}">`);
  const html = shell
    .replace('</head>', () => `${[...reads, ...modulePreloads].join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-shell>${app}</div>`);
  await writeFile(path.join(dist, file), html);
  await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(html));
  await writeFile(path.join(dist, `${file}.gz`), gzipSync(html, { level: 9 }));
  return html;
}
const html = await writeShell(SHELL_FILE);
pages['*'] = SHELL_FILE;
console.log(`prerendered the signed-in pages' first view → ${SHELL_FILE} (${(Buffer.byteLength(html) / 1000).toFixed(1)} KB)`);
// The pages a family opens first get that view with their own code asked for too (a route such as
// /child/:kidId stands for each kid's page).
for (const [route, source] of Object.entries(firstSignedInPages)) {
  const file = `prerendered/app-shell${route.replace(/[^\w]+/g, '-')}.html`;
  await writeShell(file, chunksOf(source));
  pages[route] = file;
  console.log(`prerendered ${route}'s first view → ${file}`);
}

await writeFile(path.join(dist, 'prerendered', 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
// Vite's manifest was read above; it is build metadata, not a file to ship.
await rm(path.join(dist, '.vite'), { recursive: true, force: true });

/** The built files of a source module and of every chunk it imports statically (Vite's manifest), as URLs. */
function chunksOf(source) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${source}: ${key} is not in the build's manifest`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}
