import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (decisions.md "Runtime and configuration"); API_PROXY_TARGET points elsewhere if needed.
const apiProxy = { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:8443', changeOrigin: false } };

/**
 * The page's scripts are fetched after its stylesheet (`fetchpriority="low"` on the entry and its
 * modulepreloads): the first paint needs only the HTML and the stylesheet (the public pages and the session
 * check's view are drawn ahead, decision 008), and on a phone's slow network the scripts would otherwise share
 * its bandwidth with the stylesheet. Lighthouse's first paint 1.9 → 0.8 s (docs/quality.md "Web: Lighthouse").
 */
function scriptsAfterStylesheet(): Plugin {
  return {
    name: 'fst:scripts-after-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

/**
 * The entry imports React and then the app (src/main.tsx), so that evaluating them takes two tasks instead of
 * one long one; those imports are preloaded by the page's HTML, with every chunk they import, as the entry's
 * static imports are by Vite, so that splitting the work does not add a round trip before the app starts.
 */
function entryImportsPreloaded(): Plugin {
  return {
    name: 'fst:entry-imports-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle, chunk }) => {
        if (!bundle || !chunk) return html;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const imported = bundle[fileName];
          if (files.has(fileName) || imported?.type !== 'chunk') return;
          files.add(fileName);
          imported.imports.forEach(visit);
        };
        chunk.dynamicImports.forEach(visit);
        const links = [...files].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        return html.replace('</head>', () => `${links.join('')}</head>`);
      },
    },
  };
}

/** Cache names the service worker's routes use; the page writes saved stories into OFFLINE_STORIES_CACHE. */
const CACHES = { pages: 'fst-pages', kidData: 'fst-kid-data', stories: 'fst-offline-stories' } as const;

/**
 * The installable app (issue 26, docs/architecture.md "Service worker"): a manifest whose start URL is /pair (a
 * paired kid device goes on to its kid's page) and a Workbox service worker generated at build time. It
 * precaches the built files (the app shell and every page's code, so the kid's page, the player, Bedtime Mode
 * and pdf.js open with no network) and routes: pages network-first with the shell as the offline fallback
 * (never /api), the kid page's reads network-first, and saved stories (/offline/…) from their cache only,
 * with HTTP Range answered from it so the player can seek.
 */
function installableApp() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    // Registered by the app (src/lib/service-worker.ts), after the page has loaded.
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      id: '/pair',
      name: 'Family Story Time',
      short_name: 'Story Time',
      description: 'Bedtime stories read by the people who love them, on the kid’s own device.',
      start_url: '/pair',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      background_color: '#FFF8EE',
      theme_color: '#A8482A',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Every built script and stylesheet (pdf.js and its worker included, for the book pages offline); not
      // the pages rendered ahead, which the server sends for their paths and refuses under /prerendered/.
      globPatterns: ['index.html', 'static/**/*.{js,mjs,css,woff2,svg,png}', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['prerendered/**'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      // No fallback for every navigation: online, the server's pages (rendered ahead) are sent as before.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      // Writes bypass the worker (public/sw-network-routes.js).
      importScripts: ['/sw-network-routes.js'],
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // Pages: the server's, and offline the last one fetched for that path or the precached shell.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/offline/'),
          handler: 'NetworkFirst',
          options: { cacheName: CACHES.pages, networkTimeoutSeconds: 4, precacheFallback: { fallbackURL: 'index.html' }, expiration: { maxEntries: 20 } },
        },
        {
          // What the kid's page reads (the session, the kid, the playlist, bedtime limits): the last answer offline.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' &&
            /^\/api\/(auth\/me|auth\/check-session|recording\/kid\/[^/]+|playback\/kid\/[^/]+\/(playlist|bedtime))$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: { cacheName: CACHES.kidData, networkTimeoutSeconds: 6, cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 30 } },
        },
        {
          // Saved stories, under the stable addresses the page stored them at (features/offline).
          urlPattern: ({ url }) => url.pathname.startsWith('/offline/'),
          handler: 'CacheOnly',
          options: { cacheName: CACHES.stories, rangeRequests: true },
        },
      ],
    },
  });
}

/** packages/shared from its TypeScript source, not its build (the "@fst/source" condition of its exports). */
const fromSource = (conditions: readonly string[]) => ['@fst/source', ...conditions];

/**
 * The build of src/prerender.tsx for Node (`vite build --ssr`, scripts/prerender.mjs) that renders the public
 * pages at build time: one file, its libraries in it, so that it runs from the temporary folder it is put in.
 */
const nodeBuild = {
  ssr: { noExternal: true, resolve: { conditions: fromSource(defaultServerConditions) } },
  build: { copyPublicDir: false, rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } } },
} as const;

// React Router's package exports name only its development build (remix-run/react-router#14102), so a production
// build shipped and ran its dev warnings. Its production files are the same code with them off.
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
];

export default defineConfig(({ isSsrBuild, command }) =>
  isSsrBuild
    ? { plugins: [react()], resolve: { alias: reactRouterProduction }, ...nodeBuild }
    : {
        plugins: [
          react(),
          // React Compiler: components memoised at build time, so an arriving answer re-renders what reads it,
          // not the whole page below it (docs/decisions/023-react-compiler.md).
          babel({ presets: [reactCompilerPreset()] }),
          tailwindcss(),
          entryImportsPreloaded(),
          scriptsAfterStylesheet(),
          // Brotli and gzip copies next to each file, served as they are by the server (no compressing per request).
          compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|txt)$/, threshold: 1024 }),
          installableApp(),
        ],
        resolve: { conditions: fromSource(defaultClientConditions), alias: command === 'build' ? reactRouterProduction : [] },
        server: { proxy: apiProxy },
        preview: { proxy: apiProxy },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // Which files a module was built into, for the signed-in pages' loading view (scripts/prerender.mjs).
          manifest: true,
          assetsDir: 'static/assets',
          rolldownOptions: {
            // Required by the inlining below.
            preserveEntrySignatures: false,
            output: {
              // The server serves lazy chunks from /static/js/ (decisions.md "PDF rendering").
              entryFileNames: 'static/js/[name]-[hash].js',
              chunkFileNames: 'static/js/[name]-[hash].js',
              assetFileNames: 'static/assets/[name]-[hash][extname]',
              // Libraries every page needs change less often than the app: separate chunks stay cached across releases.
              codeSplitting: {
                // The small chunks that several pages share are copied into those pages' chunks (one copy of each
                // module still runs, through Rolldown's registry): a signed-in page's first visit fetched 28–41 files,
                // now 9–12, for the same bytes. On a phone's HTTP/1.1 (six connections, a round trip each) that moved
                // the kid page's largest paint 3.7 → 2.9 s in Lighthouse (docs/quality.md "Web: Lighthouse").
                // Stylesheets stay files (Vite's CSS plugin emits a style module's CSS from every chunk holding it).
                experimentalInlineCommonChunks: { maxSize: 64 * 1024, exclude: /\.css(\?|$)/ },
                groups: [
                  // pdf.js is big and only pages that show a PDF need it: its own chunk, loaded on demand.
                  // (Only its code: the worker's `?url` string stays with the importer.)
                  { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/].*\.m?js$/, priority: 40 },
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
                  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 20 },
                  // Stripe Elements only for the Stripe provider's card form: its own chunk, loaded on demand (below
                  // react's priority, so React itself, which it depends on, stays in the react chunk).
                  { name: 'stripe', test: /node_modules[\\/](@stripe|prop-types|react-is|object-assign)[\\/]/, priority: 15 },
                  // What every page needs besides React and the router. No catch-all group for the other libraries:
                  // Rollup places each with the lazy pages that use it (tus-js-client with the recorder, and so on),
                  // so the landing page loads none it does not need (issue 9: landing ≤ 150 KB gzipped).
                  { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 10 },
                ],
              },
            },
          },
        },
      },
);
