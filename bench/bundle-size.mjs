#!/usr/bin/env node
// Bundle sizes (issue 9): builds the web app with a manifest into a temporary folder (or reads the build
// named by BUNDLE_DIST, made with `vite build --manifest`), then prints the gzipped JavaScript a first visit
// loads per route entry: the app's entry with its static imports (the landing page and every eagerly
// routed page), and for each lazily loaded route the chunks it adds. Asserts the landing page loads at
// most 150 KB of gzipped JavaScript and that no pdf.js code is among its chunks.
// Run with `npm run bench:bundle`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { removeDir, ROOT, tempDir } from './lib.mjs';

const LANDING_BUDGET_KB = 150;
const KB = 1000;
const WEB = path.join(ROOT, 'apps/web');

function build() {
  return tempDir('fst-bundle-').then((outDir) => {
    console.log(`building the web app into ${outDir} …`);
    const res = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
    if (res.status !== 0) throw new Error('vite build failed');
    return outDir;
  });
}

async function main() {
  const given = process.env.BUNDLE_DIST;
  const dist = given ? path.resolve(given) : await build();
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
    // pdf.js's own code (not the app's loader that imports it on demand): its chunk, or its worker set-up.
    const isPdfJs = (file) => /(^|\/)pdfjs-/.test(file) || readFileSync(path.join(dist, file), 'utf8').includes('Setting up fake worker');

    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
    const entry = closure(entryKey);
    const landingKb = sum(entry) / KB;
    console.log('\nentry (landing, login, signup, dashboards, profile: routed eagerly)');
    for (const f of [...entry].sort()) console.log(`  ${f.padEnd(52)} ${(gzipped(f) / KB).toFixed(1).padStart(7)} KB`);
    console.log(`  ${'total'.padEnd(52)} ${landingKb.toFixed(1).padStart(7)} KB gzipped`);

    console.log('\nlazy route                               adds (KB gz)   first visit total (KB gz)');
    const routes = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/app/routes/'));
    for (const key of routes.sort()) {
      const own = [...closure(key)].filter((f) => !entry.has(f));
      console.log(`  ${key.replace('src/app/routes/', '').padEnd(38)} ${(sum(own) / KB).toFixed(1).padStart(10)}   ${((sum(own) + sum(entry)) / KB).toFixed(1).padStart(14)}`);
    }
    const pdfChunks = Object.values(manifest).filter((c) => c.file.endsWith('.js') && isPdfJs(c.file)).map((c) => c.file);
    console.log(`\npdf.js chunks: ${pdfChunks.join(', ') || 'none'} (${(sum(new Set(pdfChunks)) / KB).toFixed(1)} KB gz, loaded on demand)`);

    const pdfOnLanding = [...entry].filter(isPdfJs);
    const withinBudget = landingKb <= LANDING_BUDGET_KB;
    console.log(`\nlanding page JavaScript: ${landingKb.toFixed(1)} KB gzipped (budget ${LANDING_BUDGET_KB} KB): ${withinBudget ? 'PASS' : 'FAIL'}`);
    console.log(`pdf.js on the landing page: ${pdfOnLanding.length ? `FAIL (${pdfOnLanding.join(', ')})` : 'none: PASS'}`);
    process.exitCode = withinBudget && !pdfOnLanding.length ? 0 : 1;
  } finally {
    if (!given) await removeDir(dist);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
