#!/usr/bin/env node
// React's work while a signed-in page loads (decision 023): how many commits, and how many components each
// rendered, for the parent dashboard, a kid's stories and the reader dashboard. Counts, not times: the same
// build gives the same figures on a busy machine. Builds the web app without minification (components keep
// their names; RENDERS_DIST names such a build instead), starts the real server on embedded PGlite with a
// seeded family, and reads each commit through React's DevTools hook in Debian's Chromium.
// Run with `npm run bench:renders` (RENDERS_VERBOSE=1 lists every commit and the components at its top).
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { browserCookie, buildWebApp, removeDir, seedDashboardFamily, startApp, tempDir } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VERBOSE = Boolean(process.env.RENDERS_VERBOSE);

/**
 * Runs in the page before its scripts: a stand-in for React DevTools' hook that records, at each commit, the
 * components that rendered in it. A subtree React did not visit keeps its children (DevTools' own test).
 */
function recordCommits() {
  const PERFORMED_WORK = 1;
  globalThis.__commits = [];
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const tops = [];
      const walk = (fiber, underRendered) => {
        for (let f = fiber; f; f = f.sibling) {
          const isComponent = typeof f.type === 'function';
          const didRender = isComponent && (f.flags & PERFORMED_WORK) !== 0;
          if (didRender) rendered++;
          if (didRender && !underRendered) tops.push(f.type.displayName || f.type.name || '?');
          if (f.alternate === null || f.child !== f.alternate.child) walk(f.child, isComponent ? didRender : underRendered);
        }
      };
      walk(root.current.child, false);
      globalThis.__commits.push({ at: Math.round(performance.now()), rendered, tops });
    },
  };
}

async function main() {
  const given = process.env.RENDERS_DIST;
  // Unminified: components keep their names.
  const dist = given ? path.resolve(given) : await buildWebApp('fst-renders-', ['--minify', 'false']);
  const dataDir = await tempDir();
  const app = await startApp({ dataDir, env: { WEB_DIST: dist } });
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const family = await seedDashboardFamily(app.url);
    const pages = [
      ['parent dashboard', '/parent-dashboard', family.parentCookie],
      ["kid's stories", `/child/${family.kidIds[0]}`, family.parentCookie],
      ['reader dashboard', '/grandparent-dashboard', family.readerCookie],
    ];
    console.log('\npage               commits  components rendered  largest commit');
    for (const [name, url, cookie] of pages) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setCookie(browserCookie(cookie, app.url));
      await page.evaluateOnNewDocument(recordCommits);
      await page.goto(`${app.url}${url}`, { waitUntil: 'networkidle0' });
      // The parts drawn after the first paint (the toaster, the libraries) are in by then.
      await page.evaluate(() => new Promise((resolve) => globalThis.requestIdleCallback(resolve, { timeout: 2000 })));
      const commits = await page.evaluate(() => globalThis.__commits);
      const total = commits.reduce((n, c) => n + c.rendered, 0);
      const largest = Math.max(0, ...commits.map((c) => c.rendered));
      console.log(`${name.padEnd(17)} ${String(commits.length).padStart(8)} ${String(total).padStart(20)} ${String(largest).padStart(15)}`);
      if (VERBOSE) for (const c of commits) console.log(`  ${String(c.at).padStart(6)} ms ${String(c.rendered).padStart(4)}  ${c.tops.join(', ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
    await removeDir(dataDir);
    if (!given) await removeDir(dist);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
