#!/usr/bin/env node
// Bundle sizes (issue 9): builds the web app with a manifest into a temporary folder (or reads the build
// named by BUNDLE_DIST, made with `vite build --manifest`), then prints the gzipped JavaScript a first visit
// loads per route entry: the app's entry with its static imports (the landing page: the only page routed
// eagerly), and for each lazily loaded route the chunks it adds (a signed-in page also needs the lazily
// loaded app layout). Asserts the landing page loads at most 150 KB of gzipped JavaScript and that no
// pdf.js, Stripe or tus-js-client code is among its chunks.
// Run with `npm run bench:bundle`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebApp, removeDir } from './lib.mjs';

const LANDING_BUDGET_KB = 150;
const KB = 1000;
// The signed-in pages' layout, loaded on demand (apps/web/src/app/router.tsx); routes outside it below.
const APP_LAYOUT = 'src/app/layout/app-layout.tsx';
const PUBLIC_ROUTES = /^src\/app\/routes\/auth\//;
// Libraries the landing page must not load, each found by a string only its code holds.
const KEPT_OFF_LANDING = [
  // pdf.js's own code (not the app's loader that imports it on demand): its chunk, or its worker set-up.
  { name: 'pdf.js', test: (file, text) => /(^|\/)pdfjs-/.test(file) || text.includes('Setting up fake worker') },
  { name: 'Stripe', test: (file, text) => /(^|\/)stripe-/.test(file) || text.includes('js.stripe.com') },
  { name: 'tus-js-client', test: (_file, text) => text.includes('Tus-Resumable') },
];

async function main() {
  const given = process.env.BUNDLE_DIST;
  // Not rendered ahead: that drops the manifest read below.
  const dist = given ? path.resolve(given) : await buildWebApp('fst-bundle-', ['--manifest'], { prerender: false });
  try {
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with \`vite build --manifest\``);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const gz = new Map();
    const gzipped = (file) => {
      if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
      return gz.get(file);
    };
    /** The JS files a chunk loads before it runs: itself and its static imports, transitively. */
    const closure = (key, seen = new Set()) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return seen;
      if (chunk.file.endsWith('.js')) seen.add(chunk.file);
      for (const dep of chunk.imports ?? []) closure(dep, seen);
      return seen;
    };
    const sum = (files) => [...files].reduce((n, f) => n + gzipped(f), 0);
    const text = (file) => readFileSync(path.join(dist, file), 'utf8');
    const isPdfJs = (file) => KEPT_OFF_LANDING[0].test(file, text(file));

    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const entry = closure(entryKey);
    const landingKb = sum(entry) / KB;
    console.log('\nentry (the landing page; every other page is loaded on demand)');
    for (const f of [...entry].sort()) console.log(`  ${f.padEnd(52)} ${(gzipped(f) / KB).toFixed(1).padStart(7)} KB`);
    console.log(`  ${'total'.padEnd(52)} ${landingKb.toFixed(1).padStart(7)} KB gzipped`);

    // A signed-in page's first visit loads the layout's chunks too: "adds" counts them for those pages.
    const layout = manifest[APP_LAYOUT] ? [...closure(APP_LAYOUT)].filter((f) => !entry.has(f)) : [];
    console.log(`\napp layout (signed-in pages) adds ${(sum(layout) / KB).toFixed(1)} KB gz in ${layout.length} files`);
    // Files matter besides bytes: over HTTP/1.1 a browser fetches six at a time from one server, so on a phone's
    // slow round trips every six more files cost another round trip before the page can run.
    console.log('\nlazy route                               adds (KB gz)   first visit total (KB gz)   JS files');
    const routes = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/app/routes/'));
    for (const key of routes.sort()) {
      const own = new Set([...closure(key)].filter((f) => !entry.has(f)));
      if (!PUBLIC_ROUTES.test(key)) for (const f of layout) own.add(f);
      const name = `${key.replace('src/app/routes/', '')}${PUBLIC_ROUTES.test(key) ? '' : ' (+ layout)'}`;
      console.log(
        `  ${name.padEnd(38)} ${(sum(own) / KB).toFixed(1).padStart(10)}   ${((sum(own) + sum(entry)) / KB).toFixed(1).padStart(14)}   ${String(own.size + entry.size).padStart(18)}`,
      );
    }
    const pdfChunks = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js') && isPdfJs(c.file))
      .map((c) => c.file);
    console.log(`\npdf.js chunks: ${pdfChunks.join(', ') || 'none'} (${(sum(new Set(pdfChunks)) / KB).toFixed(1)} KB gz, loaded on demand)`);

    const withinBudget = landingKb <= LANDING_BUDGET_KB;
    console.log(`\nlanding page JavaScript: ${landingKb.toFixed(1)} KB gzipped (budget ${LANDING_BUDGET_KB} KB): ${withinBudget ? 'PASS' : 'FAIL'}`);
    let keptOff = true;
    for (const lib of KEPT_OFF_LANDING) {
      const found = [...entry].filter((f) => lib.test(f, text(f)));
      if (found.length) keptOff = false;
      console.log(`${lib.name} on the landing page: ${found.length ? `FAIL (${found.join(', ')})` : 'none: PASS'}`);
    }
    process.exitCode = withinBudget && keptOff ? 0 : 1;
  } finally {
    if (!given) await removeDir(dist);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
