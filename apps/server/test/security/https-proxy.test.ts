// Behind a TLS-terminating proxy the app itself speaks plain HTTP, yet users reach it over HTTPS: the session
// cookie must be Secure and HSTS on (issue 23, finding 4; ASVS V3.4.1, V3.3.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../context.ts';

const sessionCookie = (res: { cookies: { name: string; secure?: boolean }[] }) => res.cookies.find((c) => c.name === 'fst_session');

describe('PUBLIC_URL https behind a proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL: 'https://stories.example.com', TRUST_PROXY: '1' } });
  });
  afterAll(() => ctx?.close());

  it('sends the session cookie Secure, and HSTS on API answers, whatever the hop to the app', async () => {
    const u = await ctx.newUser();
    for (const headers of [{ 'x-forwarded-proto': 'https' }, {}]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password }, headers });
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res)?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    }
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect(sessionCookie(logout)?.secure).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toMatch(/^max-age=/);
  });
});

describe('a trusted proxy forwarding HTTPS with an http PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => ctx?.close());

  it('marks the cookie Secure and sends HSTS for requests the proxy says came over HTTPS, and only those', async () => {
    const u = await ctx.newUser();
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password }, headers });
    const viaHttps = await login({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(sessionCookie(viaHttps)?.secure).toBe(true);
    expect(viaHttps.headers['strict-transport-security']).toMatch(/^max-age=/);
    const plain = await login({ 'x-forwarded-for': '203.0.113.7' });
    expect(sessionCookie(plain)?.secure).toBeFalsy();
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('no proxy trusted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('ignores a client-sent X-Forwarded-Proto', async () => {
    const u = await ctx.newUser();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(sessionCookie(res)?.secure).toBeFalsy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
