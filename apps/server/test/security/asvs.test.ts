// OWASP ASVS 5.0, chapters V6 (authentication) and V7 (session management), checked on the real app.
// Rotation at login, idle timeout, logout, reset and password change ending sessions are in auth.test.ts;
// the scrypt parameters in passwords.test.ts; this file covers what those do not.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '@fst/shared/constants';
import { createTestContext, type TestContext } from '../context.ts';
import { sessions } from '../../src/features/auth/auth.table.ts';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  // A built web app of one page, so pages are served as documents.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'fst-asvs-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Family Story Time</title>');
  ctx = await createTestContext({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx?.close();
  await rm(webDist, { recursive: true, force: true });
});

const login = (email: string, password: string, remember = false) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, remember } });
const sessionValue = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'fst_session')!.value;
const signedIn = async (value: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/auth/check-session', headers: { cookie: `fst_session=${value}` } })).json().authenticated as boolean;

describe('V7 session management', () => {
  it('makes session tokens of at least 128 bits of randomness, never repeated (V7.2.3)', async () => {
    const user = await ctx.newUser();
    const values = new Set<string>();
    for (let i = 0; i < 25; i += 1) values.add(sessionValue(await login(user.email, user.password)));
    expect(values.size).toBe(25);
    for (const value of values) {
      // base64url: 6 bits a character.
      expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(value.length * 6).toBeGreaterThanOrEqual(128);
    }
    // Character frequencies of 25 random tokens spread over the alphabet; a counter or a timestamp would not.
    expect(new Set([...values].join('')).size).toBeGreaterThan(50);
  });

  it('stores only a hash of the token, so a database leak gives no usable session (V7.2.4)', async () => {
    const user = await ctx.newUser();
    const value = sessionValue(await login(user.email, user.password));
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, createHash('sha256').update(value).digest('hex')));
    expect(rows).toHaveLength(1);
    const all = await ctx.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(value);
  });

  it('sends the cookie HttpOnly, SameSite=Lax and path=/ (V7.1, V3.3)', async () => {
    const user = await ctx.newUser();
    const cookie = (await login(user.email, user.password)).cookies.find((c) => c.name === 'fst_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // A browser session has no expiry on the cookie: it ends with the browser.
    expect(cookie.expires).toBeUndefined();
  });

  it('ends a browser session after 7 days even when it is used every few hours (absolute timeout, V7.3.2)', async () => {
    const user = await ctx.newUser();
    const value = sessionValue(await login(user.email, user.password));
    const step = SESSION_IDLE_MS - 60 * 60 * 1000;
    let alive = 0;
    for (let elapsed = 0; elapsed < 8 * 24 * 3600 * 1000; elapsed += step) {
      if (!(await signedIn(value))) break;
      alive = elapsed;
      ctx.clock.advance(step);
    }
    expect(alive).toBeGreaterThanOrEqual(6 * 24 * 3600 * 1000);
    expect(alive).toBeLessThan(7 * 24 * 3600 * 1000);
    expect(await signedIn(value)).toBe(false);
  });

  it('refuses a made-up or tampered token the same way as none (V7.2.1)', async () => {
    const user = await ctx.newUser();
    const value = sessionValue(await login(user.email, user.password));
    const tampered = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
    for (const cookie of [tampered, 'x', '', 'a'.repeat(4096)]) expect(await signedIn(cookie)).toBe(false);
  });
});

describe('V6 authentication', () => {
  it('answers wrong password and unknown address alike, with no timing shortcut (V6.3.8)', async () => {
    const user = await ctx.newUser();
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login('nobody-here@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json().error).toBe(unknown.json().error);
  });
});

describe('V3 web frontend security', () => {
  it('sends a strict CSP and the other protective headers on pages and API answers (V3.4)', async () => {
    for (const url of ['/login', '/parent-dashboard']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    // JSON answers are never documents: they may load nothing, be framed by nobody, and are never stored.
    const user = await ctx.newUser();
    for (const [url, cookie] of [
      ['/api/health', undefined],
      ['/api/auth/me', user.cookie],
      ['/api/auth/me', undefined],
      ['/api/no-such-call', undefined],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a cross-origin state change with a valid session cookie and changes nothing (V3.5.1)', async () => {
    const parent = await ctx.newUser();
    const family = await ctx.newFamily(parent, 'Origin Family');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/family/${family.id}/kids`,
      payload: { first_name: 'Forged', age: 3 },
      headers: { cookie: parent.cookie, origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    const kids = (await ctx.app.inject({ method: 'GET', url: `/api/family/${family.id}`, headers: { cookie: parent.cookie } })).json();
    expect(JSON.stringify(kids)).not.toContain('Forged');
  });
});
