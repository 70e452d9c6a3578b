import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

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
 * The build of src/prerender.tsx for Node (`vite build --ssr`, scripts/prerender.mjs), which the server also
 * imports to draw signed-in pages (decision 011): one file, its libraries in it, so that it runs from wherever
 * the build is put.
 */
const nodeBuild = {
  ssr: { noExternal: true },
  build: { copyPublicDir: false, rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } } },
} as const;

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? { plugins: [react()], ...nodeBuild } : {
  plugins: [
    react(),
    tailwindcss(),
    scriptsAfterStylesheet(),
    // Brotli and gzip copies next to each file, served as they are by the server (no compressing per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|txt)$/, threshold: 1024 }),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
}));
