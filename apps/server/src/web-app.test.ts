import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

// The built web app as the server serves it: pages fall back to index.html (checked every time), hashed
// files under /static/ are cached for a year, and the build's Brotli and gzip copies go to browsers that
// take them.
describe('web app serving', () => {
  let ctx: TestContext;
  let dist: string;
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';
  const loginHtml = '<!doctype html><html><body><div id="root"><h1>Welcome back</h1></div></body></html>';
  const js = `export const story = ${JSON.stringify('Once upon a time. '.repeat(200))};\n`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fst-web-'));
    await mkdir(path.join(dist, 'static/js'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), html);
    await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    // A page rendered ahead by the build (apps/web/scripts/prerender.mjs), and one named but missing.
    await mkdir(path.join(dist, 'prerendered'), { recursive: true });
    await writeFile(path.join(dist, 'prerendered/login.html'), loginHtml);
    await writeFile(path.join(dist, 'prerendered/pages.json'), JSON.stringify({ '/login': 'prerendered/login.html', '/signup': 'prerendered/signup.html' }));
    await writeFile(path.join(dist, 'static/js/index-abc123.js'), js);
    await writeFile(path.join(dist, 'static/js/index-abc123.js.br'), brotliCompressSync(js));
    await writeFile(path.join(dist, 'static/js/index-abc123.js.gz'), gzipSync(js));
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
    await writeFile(path.join(dist, 'sw.js'), 'importScripts("./workbox-1a2b3c.js");\n');
    await writeFile(path.join(dist, 'workbox-1a2b3c.js'), '// workbox\n');
    await writeFile(path.join(dist, 'sw-network-routes.js'), '// routes\n');
    await writeFile(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Family Story Time', start_url: '/pair' }));
    ctx = await createTestContext({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers every app route with index.html, never cached without a check', async () => {
    for (const url of ['/parent-dashboard', '/child/7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f', '/family']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(html);
    }
  });

  it("serves the files the build has, and answers 404 for a file it has not, never the app's page", async () => {
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toBe('User-agent: *\nDisallow: /api/\n');
    for (const url of ['/favicon.ico', '/apple-touch-icon.png', '/wp-login.php', '/images/cover.jpg', '/static/js/missing.js', '/family/photo.png?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json().code).toBe('not_found');
    }
  });

  it('answers a public page the build rendered ahead with that page, and every other path with index.html', async () => {
    for (const url of ['/login', '/login?next=%2Ffamily']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(loginHtml);
    }
    // Named in pages.json but not in the build: the plain page.
    for (const url of ['/signup', '/login/extra', '/parent-dashboard']) {
      expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(html);
    }
  });

  it('sends the Brotli copy of the page to a browser that takes it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/parent-dashboard', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('accept-encoding');
  });

  it('serves hashed scripts compressed as asked, cached for a year', async () => {
    const url = '/static/js/index-abc123.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(js.length / 5);

    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves the service worker and the manifest checked every time, from the root, which pages allow (issue 26)', async () => {
    const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    // Served from the root, so it may control the whole origin without a Service-Worker-Allowed header.
    expect(sw.headers['service-worker-allowed']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/workbox-1a2b3c.js' })).headers['cache-control']).toBe('no-cache');
    expect((await ctx.app.inject({ method: 'GET', url: '/sw-network-routes.js' })).headers['cache-control']).toBe('no-cache');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/pair' });
    // A page's policy lets it register its own worker and read its own manifest.
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('compresses JSON answers for a browser that takes it, and only those', async () => {
    const url = '/api/docs/json';
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // Small answers go as they are.
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing script with 404 JSON, not the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/static/js/gone-000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  // Last: it takes the build's pages away, as a deploy that rebuilds the web app under a running server does.
  it('answers a page whose file went away since the start with 404 JSON, not a failure', async () => {
    for (const file of ['prerendered/login.html', 'index.html', 'index.html.br']) await rm(path.join(dist, file));
    for (const url of ['/login', '/family']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});

// A build that also rendered the signed-in pages' first view (prerendered/pages.json names it for '*'): every
// path without a page of its own gets that one; the API and missing scripts still answer 404 JSON.
describe('web app serving with the signed-in pages rendered ahead', () => {
  let ctx: TestContext;
  let dist: string;
  const html = '<!doctype html><html><body><div id="root"></div></body></html>';
  const loginHtml = '<!doctype html><html><body><div id="root"><h1>Welcome back</h1></div></body></html>';
  const shellHtml = '<!doctype html><html><body><div id="root" data-shell><p>Checking your session…</p></div></body></html>';
  // The same view with a page's own code asked for, for the pages opened most (a route: `:kidId`, any one segment).
  const dashboardShell = shellHtml.replace('<body>', '<head><link rel="modulepreload" href="/static/js/parent-dashboard.js"></head><body>');
  const kidShell = shellHtml.replace('<body>', '<head><link rel="modulepreload" href="/static/js/child.js"></head><body>');

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fst-web-'));
    await mkdir(path.join(dist, 'prerendered'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), html);
    await writeFile(path.join(dist, 'prerendered/login.html'), loginHtml);
    await writeFile(path.join(dist, 'prerendered/app-shell.html'), shellHtml);
    await writeFile(path.join(dist, 'prerendered/app-shell.html.br'), brotliCompressSync(shellHtml));
    await writeFile(path.join(dist, 'prerendered/app-shell-parent-dashboard.html'), dashboardShell);
    await writeFile(path.join(dist, 'prerendered/app-shell-child-kidId.html'), kidShell);
    await writeFile(
      path.join(dist, 'prerendered/pages.json'),
      JSON.stringify({
        '/login': 'prerendered/login.html',
        '*': 'prerendered/app-shell.html',
        '/parent-dashboard': 'prerendered/app-shell-parent-dashboard.html',
        '/child/:kidId': 'prerendered/app-shell-child-kidId.html',
        // Named but not in the build: the view for every other path.
        '/grandparent-dashboard': 'prerendered/app-shell-grandparent-dashboard.html',
      }),
    );
    ctx = await createTestContext({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers a page opened most with its own first view, and a route with it for each of its paths', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/parent-dashboard' })).body).toBe(dashboardShell);
    for (const url of ['/child/7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f?bedtimeMode=true', '/child/mia']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(kidShell);
    }
    // Not the route's paths: one segment more, or none where `:kidId` stands.
    for (const url of ['/child/mia/extra', '/child/', '/child']) expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(shellHtml);
  });

  it('answers every path without a page of its own with the signed-in first view, checked every time', async () => {
    for (const url of ['/grandparent-dashboard', '/family', '/reset-password']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(shellHtml);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/login' })).body).toBe(loginHtml);
    const br = await ctx.app.inject({ method: 'GET', url: '/family', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('still answers the API and missing scripts with 404 JSON', async () => {
    for (const url of ['/api/nothing-here', '/static/js/gone-000000.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
