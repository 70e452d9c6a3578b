import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { viewHints } from './first-view.ts';

// A signed-in page comes with its first data (decision 010): the API answers its first view asks for, asked
// for with the visitor's own cookie, written into the page. Nothing another family's member could not see.
describe('a signed-in page with its first data', () => {
  let ctx: TestContext;
  let dist: string;
  const shellHtml = '<!doctype html><html><body><div id="root" data-shell><p>Checking your session…</p></div><script type="module" src="/static/js/index.js"></script></body></html>';
  const loginHtml = '<!doctype html><html><body><div id="root"><h1>Welcome back</h1></div></body></html>';

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'fst-web-'));
    await mkdir(path.join(dist, 'prerendered'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    await writeFile(path.join(dist, 'prerendered/login.html'), loginHtml);
    await writeFile(path.join(dist, 'prerendered/app-shell.html'), shellHtml);
    await writeFile(path.join(dist, 'prerendered/pages.json'), JSON.stringify({ '/login': 'prerendered/login.html', '*': 'prerendered/app-shell.html' }));
    ctx = await createTestContext({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  /** The answers written into a page (URL → JSON), or null when it came without. */
  const answersIn = (html: string): Record<string, unknown> | null => {
    const match = /<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
  };
  const api = async (url: string, cookie: string) => (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json() as unknown;
  const libraries = ['/api/books?page=1&per_page=15', '/api/premium-books?page=1&per_page=15', '/api/user/premium-status'];
  const sections = (familyId: string) =>
    ['', '/readers', '/recent-recordings', '/recent-ai-recordings', '/all-recordings', '/requests'].map((part) => `/api/family/${familyId}${part}`);

  it('writes the session and the dashboard’s first family’s sections into the dashboard, as the API answers them, never kept', async () => {
    const family = await ctx.newFamily();
    await ctx.newKid(family, 'Ada');
    const res = await page('/parent-dashboard', family.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');
    const answers = answersIn(res.body)!;
    // No time zone told yet: the stats are asked for by the page.
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/check-session', '/api/auth/me', '/api/family/my-families', ...sections(family.id), ...libraries].sort());
    for (const url of Object.keys(answers)) expect(answers[url], url).toEqual(await api(url, family.admin.cookie));
    expect(answers['/api/auth/check-session']).toEqual({ authenticated: true });
    // The page itself around it is the one the build made.
    expect(res.body.replace(/<script type="application\/json" id="first-view">.*?<\/script>/s, '')).toBe(shellHtml);
  });

  it('takes the family picked last and the time zone from the fst_view cookie, and only a family of the user', async () => {
    const first = await ctx.newFamily();
    const second = await ctx.newFamily(first.admin);
    const other = await ctx.newFamily();
    const otherKid = await ctx.newKid(other, 'Zed');
    const hint = (familyId: string, tz: string) => `${first.admin.cookie}; fst_view=${encodeURIComponent(`family=${familyId}&tz=${tz}`)}`;

    const picked = answersIn((await page('/parent-dashboard', hint(second.id, '-60'))).body)!;
    for (const url of [...sections(second.id), `/api/playback/family/${second.id}/stats?tz_offset_minutes=-60`]) expect(picked).toHaveProperty([url]);
    expect(Object.keys(picked).some((url) => url.includes(first.id))).toBe(false);

    // Another family's id in the cookie: the user's first family, and nothing of the other's.
    const res = await page('/parent-dashboard', hint(other.id, '300'));
    const answers = answersIn(res.body)!;
    expect(answers).toHaveProperty([`/api/family/${first.id}`]);
    expect(answers).toHaveProperty([`/api/playback/family/${first.id}/stats?tz_offset_minutes=300`]);
    expect(res.body).not.toContain(other.id);
    expect(res.body).not.toContain(otherKid.id);
  });

  it('writes a kid’s stories into the kid’s page for a member of the family, nothing for anyone else', async () => {
    const family = await ctx.newFamily();
    const kid = await ctx.newKid(family, 'Ben');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family, 'Grandma');
    const kidCalls = [`/api/recording/kid/${kid.id}`, `/api/playback/kid/${kid.id}/playlist`];

    for (const member of [family.admin, gran]) {
      const answers = answersIn((await page(`/child/${kid.id}`, member.cookie)).body)!;
      for (const url of kidCalls) expect(answers[url], url).toEqual(await api(url, member.cookie));
    }
    // A parent of another family: the session only; the kid's page then asks, and is refused.
    const stranger = (await ctx.newFamily()).admin;
    const res = await page(`/child/${kid.id}`, stranger.cookie);
    expect(Object.keys(answersIn(res.body)!).sort()).toEqual(['/api/auth/check-session', '/api/auth/me']);
    expect(res.body).not.toContain('Ben');
    // A parent who reads in the family, on the parent dashboard: the join requests are for the family's
    // parents only, so not written.
    const auntie = await ctx.newUser({ role: 'parent' });
    await ctx.join(auntie, family, 'Aunt');
    const readerView = answersIn((await page('/parent-dashboard', auntie.cookie)).body)!;
    expect(readerView).toHaveProperty([`/api/family/${family.id}`]);
    expect(readerView).not.toHaveProperty([`/api/family/${family.id}/requests`]);
    // The other role's dashboard sends its visitor on: it comes with the session only.
    expect(Object.keys(answersIn((await page('/parent-dashboard', gran.cookie)).body)!).sort()).toEqual(['/api/auth/check-session', '/api/auth/me']);
    expect(Object.keys(answersIn((await page('/grandparent-dashboard', family.admin.cookie)).body)!).sort()).toEqual([
      '/api/auth/check-session',
      '/api/auth/me',
    ]);
  });

  it('writes every section of the reader dashboard into it, with the kids of each family the reader reads for and no other', async () => {
    const family = await ctx.newFamily();
    await ctx.newKid(family, 'Cleo');
    const elsewhere = await ctx.newFamily();
    await ctx.newKid(elsewhere, 'Zed');
    const gran = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(gran, family, 'Grandma');
    const res = await page('/grandparent-dashboard', gran.cookie);
    const answers = answersIn(res.body)!;
    const sectionsOfReader = [
      '/api/playback/reader/stats',
      '/api/voice/consent',
      '/api/recording/my-recordings',
      '/api/queue/for-reader',
      '/api/reactions/for-reader',
      ...libraries,
      '/api/family/my-families',
      `/api/family/${family.id}`,
    ];
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/check-session', '/api/auth/me', ...sectionsOfReader].sort());
    for (const url of Object.keys(answers)) expect(answers[url], url).toEqual(await api(url, gran.cookie));
    expect(JSON.stringify(answers)).toContain('Cleo');
    expect(res.body).not.toContain(elsewhere.id);
    expect(res.body).not.toContain('Zed');
  });

  it('keeps text of the answers from ending the script early', async () => {
    const family = await ctx.newFamily(undefined, '</script><script>alert(1)</script>');
    const res = await page('/parent-dashboard', family.admin.cookie);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.split('</script>').length).toBe(shellHtml.split('</script>').length + 1);
    expect(answersIn(res.body)!['/api/family/my-families']).toMatchObject({ families: [{ name: '</script><script>alert(1)</script>' }] });
  });

  it('sends the page as the build made it to a visitor without a session, and a public page as it is to anyone', async () => {
    const plain = await page('/parent-dashboard');
    expect(plain.body).toBe(shellHtml);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const family = await ctx.newFamily();
    expect((await page('/login', family.admin.cookie)).body).toBe(loginHtml);
    // A session that is not one: only the check's "no" comes with the page.
    const ended = answersIn((await page('/parent-dashboard', 'fst_session=not-a-session')).body);
    expect(ended).toEqual({ '/api/auth/check-session': { authenticated: false } });
  });

  it('compresses the page made for a signed-in visitor for a browser that takes it', async () => {
    const family = await ctx.newFamily();
    const res = await page('/parent-dashboard', family.admin.cookie, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(answersIn(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty([`/api/family/${family.id}`]);
  });
});

describe('viewHints', () => {
  it('takes a family id, a time zone offset and name and a language as the web app writes them, and drops anything else', () => {
    const id = '7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
    expect(viewHints(`family=${id}&tz=-60`)).toEqual({ familyId: id, tzOffsetMinutes: -60, timeZone: null, locale: null });
    expect(viewHints('tz=720&zone=Pacific%2FAuckland&lang=en-NZ')).toEqual({ familyId: null, tzOffsetMinutes: 720, timeZone: 'Pacific/Auckland', locale: 'en-NZ' });
    expect(viewHints(undefined)).toEqual({ familyId: null, tzOffsetMinutes: null, timeZone: null, locale: null });
    for (const tz of ['721', '-841', '1e2', '0x10', '', '60.5', '-']) expect(viewHints(`tz=${tz}`).tzOffsetMinutes, tz).toBeNull();
    for (const family of ['../admin', `${id}/readers`, 'x'.repeat(36), '']) expect(viewHints(`family=${encodeURIComponent(family)}`).familyId, family).toBeNull();
    for (const zone of ['Mars/Olympus_Mons', '', '../etc', 'Europe/London'.repeat(6), '+01:00x']) expect(viewHints(`zone=${encodeURIComponent(zone)}`).timeZone, zone).toBeNull();
    for (const lang of ['x', '', 'en_US', 'en-US-'.repeat(10), '<script>', 'zz-ZZ-x-private']) expect(viewHints(`lang=${encodeURIComponent(lang)}`).locale, lang).toBeNull();
    for (const lang of ['en-US', 'de', 'pt-BR', 'zh-Hant-TW']) expect(viewHints(`lang=${lang}`).locale, lang).toBe(lang);
  });
});
