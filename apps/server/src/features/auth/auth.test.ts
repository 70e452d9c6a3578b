import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '@fst/shared/constants';
import { SERVER_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { users } from './auth.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const userCount = async () => (await ctx.db.select().from(users)).length;
const resetLinkToken = () => ctx.mailer.last()!.text.match(/reset-password\/([\w-]+)/)![1]!;

describe('signup', () => {
  it('creates the account, signs in and answers { user, families }', async () => {
    const res = await post('/api/auth/signup', {
      first_name: '  Rosa ',
      last_name: 'Parks',
      email: ' Rosa@Example.com ',
      password: 'abcde',
      role: 'grandparent',
      confirm_password: 'abcde',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ first_name: 'Rosa', last_name: 'Parks', email: 'Rosa@Example.com', role: 'grandparent', is_admin: false });
    expect(body.families).toEqual([]);
    const cookie = ctx.cookieOf(res)!;
    const me = await get('/api/auth/me', cookie);
    expect(me.json().user.id).toBe(body.user.id);
    // Unknown fields such as confirm_password are ignored, never stored.
    const [row] = await ctx.db.select().from(users);
    expect(Object.keys(row!)).not.toContain('confirmPassword');
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('abcde');
  });

  it('makes a user without a role a parent', async () => {
    const res = await post('/api/auth/signup', { first_name: 'A', last_name: 'B', email: 'norole@example.com', password: 'abcde' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('parent');
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const before = await userCount();
    const res = await post('/api/auth/signup', { first_name: 'R', last_name: 'P', email: 'ROSA@example.COM', password: 'abcde' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: SERVER_MESSAGES.emailTaken, errors: { email: [SERVER_MESSAGES.emailTaken] } });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['short password', { password: '1234' }, 'password', VALIDATION.passwordTooShort],
    ['blank first name', { first_name: '   ' }, 'first_name', VALIDATION.firstNameRequired],
    ['blank last name', { last_name: '' }, 'last_name', VALIDATION.lastNameRequired],
    ['bad email', { email: 'not-an-email' }, 'email', VALIDATION.invalidEmail],
    ['long first name', { first_name: 'x'.repeat(51) }, 'first_name', VALIDATION.tooLong(50)],
    ['long email', { email: `${'x'.repeat(115)}@x.com` }, 'email', VALIDATION.tooLong(120)],
    ['unknown role', { role: 'child' }, 'role', VALIDATION.roleRequired],
    ['number as name', { first_name: 42 }, 'first_name', VALIDATION.firstNameRequired],
  ])('refuses %s with a field error and changes nothing', async (_name, override, field, message) => {
    const before = await userCount();
    const res = await post('/api/auth/signup', {
      first_name: 'Ok',
      last_name: 'Ok',
      email: `field-${field}@example.com`,
      password: 'abcde',
      role: 'parent',
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses malformed JSON, wrong body types, text bodies and 5 MB bodies', async () => {
    const before = await userCount();
    const raw = (payload: string, type = 'application/json') =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers: { 'content-type': type } });
    const malformed = await raw('{"first_name":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(SERVER_MESSAGES.malformedJson);
    expect((await raw('[1,2]')).statusCode).toBe(400);
    expect((await raw('"text"')).statusCode).toBe(400);
    expect((await raw('hello', 'text/plain')).statusCode).toBe(415);
    const huge = await raw(JSON.stringify({ first_name: 'x'.repeat(5 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await userCount()).toBe(before);
  });
});

describe('login, sessions and logout', () => {
  it('signs in with the right password only, with the same message for unknown addresses', async () => {
    const u = await ctx.newUser({ email: 'login@example.com', password: 'right1' });
    const wrong = await post('/api/auth/login', { email: u.email, password: 'wrong1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(SERVER_MESSAGES.invalidCredentials);
    const unknown = await post('/api/auth/login', { email: 'nobody@example.com', password: 'right1' });
    expect(unknown.json().error).toBe(SERVER_MESSAGES.invalidCredentials);
    const ok = await post('/api/auth/login', { email: 'LOGIN@example.com', password: 'right1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('login@example.com');
    expect(ok.json().families).toEqual([]);
    // Without "remember me" the cookie ends with the browser.
    const cookie = ok.cookies.find((c) => c.name === 'fst_session')!;
    expect(cookie.expires).toBeUndefined();
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('keeps a remembered session for 30 days and rotates the id at every login', async () => {
    const u = await ctx.newUser();
    const res = await post('/api/auth/login', { email: u.email, password: u.password, remember: true }, u.cookie);
    const cookie = res.cookies.find((c) => c.name === 'fst_session')!;
    const days = (new Date(cookie.expires!).getTime() - ctx.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 0);
    expect(`fst_session=${cookie.value}`).not.toBe(u.cookie);
    // The session presented at login is ended.
    expect((await get('/api/auth/me', u.cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/me', `fst_session=${cookie.value}`)).statusCode).toBe(200);
  });

  it('ends a browser session after 12 hours idle, but not a remembered one', async () => {
    const u = await ctx.newUser();
    const remembered = ctx.cookieOf(await post('/api/auth/login', { email: u.email, password: u.password, remember: true }))!;
    const browser = ctx.cookieOf(await post('/api/auth/login', { email: u.email, password: u.password }))!;
    ctx.clock.advance(SESSION_IDLE_MS + 60_000);
    expect((await get('/api/auth/check-session', browser)).json()).toEqual({ authenticated: false });
    expect((await get('/api/auth/check-session', remembered)).json()).toEqual({ authenticated: true });
  });

  it('check-session never fails and logout ends the session server-side', async () => {
    expect((await get('/api/auth/check-session')).json()).toEqual({ authenticated: false });
    expect((await get('/api/auth/check-session', 'fst_session=garbage')).json()).toEqual({ authenticated: false });
    const u = await ctx.newUser();
    expect((await get('/api/auth/check-session', u.cookie)).json()).toEqual({ authenticated: true });
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie } });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/auth/me', u.cookie)).statusCode).toBe(401);
  });

  it('requires both fields to log in', async () => {
    expect((await post('/api/auth/login', { email: 'a@b.co' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { password: 'x' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: 'a@b.co', password: 'abcde', remember: 'yes' })).statusCode).toBe(400);
  });

  it('answers 401 to protected calls without a session', async () => {
    for (const url of ['/api/auth/me', '/api/me']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(SERVER_MESSAGES.notSignedIn);
    }
    expect((await put('/api/me', { first_name: 'a', last_name: 'b', email: 'a@b.co' })).statusCode).toBe(401);
    expect((await post('/api/me/change-password', { current_password: 'a', new_password: 'bbbbb' })).statusCode).toBe(401);
  });

  it('marks ADMIN_EMAILS accounts as site admins', async () => {
    const boss = await ctx.newUser({ email: 'Boss@example.com' });
    expect(boss.is_admin).toBe(true);
  });
});

describe('cross-site request forgery', () => {
  it('refuses state-changing requests from a foreign origin or site', async () => {
    const u = await ctx.newUser();
    const foreignOrigin = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { first_name: 'Evil', last_name: 'X', email: u.email },
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: u.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await get('/api/me', u.cookie)).json().first_name).toBe('Test');
    const sameOrigin = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me',
      payload: { first_name: 'Fine', last_name: 'X', email: u.email },
      headers: { cookie: u.cookie, origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the address exists, and mails only real accounts', async () => {
    const u = await ctx.newUser();
    const sentBefore = ctx.mailer.sent.length;
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    const known = await post('/api/auth/forgot-password', { email: u.email.toUpperCase() });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(SERVER_MESSAGES.forgotSent);
    expect(ctx.mailer.sent.length).toBe(sentBefore + 1);
    expect(ctx.mailer.last()!.to).toBe(u.email);
    expect(ctx.mailer.last()!.text).toContain('http://localhost:8443/reset-password/');
  });

  it('resets once with a valid link, ends all sessions and sends a confirmation', async () => {
    const u = await ctx.newUser();
    await post('/api/auth/forgot-password', { email: u.email });
    const token = resetLinkToken();
    const short = await post(`/api/auth/reset-password/${token}`, { password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toContain(VALIDATION.resetPasswordTooShort);
    const ok = await post(`/api/auth/reset-password/${token}`, { password: 'brandnew' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(SERVER_MESSAGES.resetDone);
    expect(ctx.mailer.last()!.subject).toMatch(/password was changed/);
    expect((await get('/api/auth/me', u.cookie)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: 'brandnew' })).statusCode).toBe(200);
    const again = await post(`/api/auth/reset-password/${token}`, { password: 'another1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(SERVER_MESSAGES.resetInvalid);
  });

  it('refuses expired and made-up links', async () => {
    const u = await ctx.newUser();
    await post('/api/auth/forgot-password', { email: u.email });
    const token = resetLinkToken();
    ctx.clock.advance(61 * 60 * 1000);
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'brandnew' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password/made-up', { password: 'brandnew' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  });
});

describe('profile and password change', () => {
  it('reads and saves the profile through both paths', async () => {
    const u = await ctx.newUser({ first_name: 'Old' });
    expect((await get('/api/me', u.cookie)).json()).toEqual({ first_name: 'Old', last_name: u.last_name, email: u.email });
    const saved = await put('/api/me', { first_name: ' New ', last_name: 'Name', email: `new-${u.email}` }, u.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ first_name: 'New', last_name: 'Name', email: `new-${u.email}` });
    const viaAuth = await put('/api/auth/update-profile', { first_name: 'Third', last_name: 'Name', email: u.email }, u.cookie);
    expect(viaAuth.statusCode).toBe(200);
    expect((await get('/api/auth/me', u.cookie)).json().user.first_name).toBe('Third');
  });

  it('answers field errors and changes nothing on bad input or a taken address', async () => {
    const other = await ctx.newUser();
    const u = await ctx.newUser({ first_name: 'Keep' });
    const bad = await put('/api/me', { first_name: '', last_name: '', email: 'nope' }, u.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      first_name: [VALIDATION.firstNameRequired],
      last_name: [VALIDATION.lastNameRequired],
      email: [VALIDATION.invalidEmail],
    });
    const taken = await put('/api/me', { first_name: 'X', last_name: 'Y', email: other.email.toUpperCase() }, u.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.email).toEqual([SERVER_MESSAGES.emailTaken]);
    expect((await get('/api/me', u.cookie)).json().first_name).toBe('Keep');
  });

  it('changes the password only with the current one, ending other sessions and mailing a confirmation', async () => {
    const u = await ctx.newUser();
    const otherDevice = ctx.cookieOf(await post('/api/auth/login', { email: u.email, password: u.password }))!;
    const wrong = await post('/api/me/change-password', { current_password: 'nope1', new_password: 'fresh1' }, u.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual([SERVER_MESSAGES.currentPasswordWrong]);
    const short = await post('/api/auth/change-password', { current_password: u.password, new_password: '1234' }, u.cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.new_password).toEqual([VALIDATION.passwordTooShort]);
    const ok = await post('/api/auth/change-password', { current_password: u.password, new_password: 'fresh1' }, u.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ctx.mailer.last()!.to).toBe(u.email);
    expect((await get('/api/auth/me', u.cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', otherDevice)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: 'fresh1' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits failed login attempts per address with a clear 429', async () => {
    const limited = await createTestContext({
      rateLimits: {
        loginPerAddress: { max: 3, windowMs: 60_000 },
        loginPerClient: { max: 100, windowMs: 60_000 },
        resetPerAddress: { max: 2, windowMs: 60_000 },
        resetPerClient: { max: 100, windowMs: 60_000 },
      },
    });
    try {
      const u = await limited.newUser();
      const login = (password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password } });
      // Successful logins do not count; failed ones do.
      for (let i = 0; i < 5; i++) expect((await login(u.password)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login('wrong1')).statusCode).toBe(401);
      const blocked = await login(u.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(SERVER_MESSAGES.rateLimited);
      limited.clock.advance(61_000);
      expect((await login(u.password)).statusCode).toBe(200);
      const forgot = () => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
      await forgot();
      await forgot();
      expect((await forgot()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('platform', () => {
  it('answers health, sends security headers and request ids, and documents every route', async () => {
    const health = await get('/api/health');
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toBeTruthy();
    // A JSON answer carries an API's headers (pages' are checked in test/security/asvs.test.ts).
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const docs = (await get('/api/docs/json')).json();
    for (const path of ['/api/auth/signup', '/api/auth/login', '/api/me', '/api/issue-reports', '/api/auth/reset-password/{token}']) {
      expect(docs.paths).toHaveProperty([path]);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
