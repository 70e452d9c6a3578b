import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '@fst/shared/constants';
import { UNDO_EMAIL_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@fst/shared/constants';
import { EMAIL_TEXTS, SERVER_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { createTestContext, GENEROUS_LIMITS, linkToken, type TestContext } from '../../../test/context.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
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
/** The token of the reset link mailed to `email` (sent as a job: waited for). */
const resetLinkToken = async (email: string) =>
  linkToken(await ctx.mailer.waitFor((m) => m.to === email && /reset-password\//.test(m.text)), 'reset-password')!;

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

  it('makes an ADMIN_EMAILS account a site admin only once its address is verified', async () => {
    const boss = await ctx.newUser({ email: 'Boss@example.com' });
    expect(boss.is_admin).toBe(false);
    expect(boss.email_verified).toBe(false);
    const refused = await get('/api/admin/issue-reports', boss.cookie);
    expect(refused.statusCode).toBe(403);
    const verified = await ctx.verifyEmail('Boss@example.com');
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: EMAIL_TEXTS.verified, email: 'Boss@example.com' });
    expect((await get('/api/auth/me', boss.cookie)).json().user).toMatchObject({ is_admin: true, email_verified: true });
    expect((await get('/api/admin/issue-reports', boss.cookie)).statusCode).toBe(200);
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
    const mail = await ctx.mailer.waitFor((m) => /reset-password\//.test(m.text), sentBefore);
    expect(mail.to).toBe(u.email);
    expect(mail.text).toContain('http://localhost:8443/reset-password/');
    // The job for the unknown address has run too (jobs of one queue run in turn) and mailed no one.
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.mailer.sent.slice(sentBefore).filter((m) => /reset-password\//.test(m.text))).toHaveLength(1);
  });

  it('resets once with a valid link, ends all sessions and sends a confirmation', async () => {
    const u = await ctx.newUser();
    await post('/api/auth/forgot-password', { email: u.email });
    const token = await resetLinkToken(u.email);
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
    const token = await resetLinkToken(u.email);
    ctx.clock.advance(61 * 60 * 1000);
    expect((await post(`/api/auth/reset-password/${token}`, { password: 'brandnew' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password/made-up', { password: 'brandnew' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(200);
  });
});

describe('verified addresses and changes of address (issue 27)', () => {
  const verifyLinks = (email: string) => ctx.mailer.sent.filter((m) => m.to === email && linkToken(m, 'verify-email'));
  const waitForLink = async (email: string, path: string, from = 0) =>
    linkToken(await ctx.mailer.waitFor((m) => m.to === email && Boolean(linkToken(m, path)), from), path)!;
  const verify = (token: string) => post('/api/auth/verify-email', { token });
  const undo = (token: string, cookie?: string) => post('/api/auth/undo-email-change', { token }, cookie);

  it('mails a single-use link at signup; a used, expired or made-up link is refused with its reason', async () => {
    const u = await ctx.newUser();
    const token = await waitForLink(u.email, 'verify-email');
    expect(verifyLinks(u.email)[0]!.text).toContain(`http://localhost:8443/verify-email/${token}`);
    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/me', u.cookie)).json()).toMatchObject({ email_verified: true, pending_email: null });
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: EMAIL_TEXTS.linkUsed, code: 'invalid_input', reason: 'used' });
    const madeUp = await verify('made-up-token');
    expect(madeUp.json()).toMatchObject({ error: EMAIL_TEXTS.linkInvalid, reason: 'invalid' });
    expect((await verify('')).statusCode).toBe(400);

    const late = await ctx.newUser();
    const lateToken = await waitForLink(late.email, 'verify-email');
    ctx.clock.advance(VERIFY_TOKEN_TTL_MS + 1000);
    const expired = await verify(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: EMAIL_TEXTS.linkExpired, reason: 'expired' });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, late.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('resends the link, a few times an hour, and not for a verified address', async () => {
    const u = await ctx.newUser();
    await waitForLink(u.email, 'verify-email');
    const resend = () => post('/api/auth/resend-verification', {}, u.cookie);
    expect((await post('/api/auth/resend-verification', {})).statusCode).toBe(401);
    const first = await resend();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(EMAIL_TEXTS.resent);
    await ctx.mailer.waitFor(() => verifyLinks(u.email).length === 2);
    // Three mails an hour; a refused call is not counted.
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    await ctx.mailer.waitFor(() => verifyLinks(u.email).length === 4);
    // Each link is its own: the newest works.
    expect((await ctx.verifyEmail(u.email)).statusCode).toBe(200);
    const v = await ctx.newUser();
    await ctx.verifyEmail(v.email);
    const verified = await post('/api/auth/resend-verification', {}, v.cookie);
    expect(verified.statusCode).toBe(400);
    expect(verified.json().error).toBe(EMAIL_TEXTS.alreadyVerified);
    expect(limited.json().error).toBe(SERVER_MESSAGES.rateLimited);
  });

  it('a change to an ADMIN_EMAILS address needs the password, keeps the old address until the new one is verified, and only then makes an admin', async () => {
    const target = 'boss2@example.com';
    const withBoss = await createTestContext({ env: { ADMIN_EMAILS: `${target},boss3@example.com` } });
    try {
      const m = await withBoss.newUser({ first_name: 'Mallory' });
      const change = (body: object) =>
        withBoss.app.inject({
          method: 'PUT',
          url: '/api/me',
          payload: { first_name: 'Mallory', last_name: 'X', email: target, ...body },
          headers: { cookie: m.cookie },
        });
      const noPassword = await change({});
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().errors.current_password).toEqual([EMAIL_TEXTS.currentPasswordForEmail]);
      const wrong = await change({ current_password: 'wrong1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.current_password).toEqual([SERVER_MESSAGES.currentPasswordWrong]);
      const asked = await change({ current_password: m.password });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toMatchObject({ email: m.email, pending_email: target });
      // Still the old address, and no admin: the PUT /api/me {"email":"ADMIN@…"} answered is_admin: true.
      const me = (await withBoss.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user;
      expect(me).toMatchObject({ email: m.email, is_admin: false });
      const [row] = await withBoss.db.select().from(users).where(eq(users.id, m.id));
      expect(row).toMatchObject({ email: m.email, pendingEmail: target });
      // The old address is told, with a way to undo; the new one gets the link.
      const notice = await withBoss.mailer.waitFor((mail: MailMessage) => mail.to === m.email && /undo-email-change\//.test(mail.text));
      expect(notice.text).toContain(target);
      const verified = await withBoss.verifyEmail(target);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ message: EMAIL_TEXTS.changed(target), email: target });
      const after = (await withBoss.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: m.cookie } })).json().user;
      expect(after).toMatchObject({ email: target, is_admin: true, email_verified: true });

      // The same through the other path of the profile save.
      const u = await withBoss.newUser();
      const via = await withBoss.app.inject({
        method: 'PUT',
        url: '/api/auth/update-profile',
        payload: { first_name: 'M', last_name: 'X', email: 'boss3@example.com', current_password: u.password },
        headers: { cookie: u.cookie },
      });
      expect(via.json()).toMatchObject({ email: u.email, pending_email: 'boss3@example.com' });
      const still = (await withBoss.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: u.cookie } })).json().user;
      expect(still).toMatchObject({ email: u.email, is_admin: false });
    } finally {
      await withBoss.close();
    }
  });

  it('a link for an address asked for earlier no longer works once another was asked for', async () => {
    const u = await ctx.newUser();
    const first = `first-${u.email}`;
    await put('/api/me', { first_name: 'A', last_name: 'B', email: first, current_password: u.password }, u.cookie);
    const firstToken = await waitForLink(first, 'verify-email');
    await put('/api/me', { first_name: 'A', last_name: 'B', email: `second-${u.email}`, current_password: u.password }, u.cookie);
    const stale = await verify(firstToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ error: EMAIL_TEXTS.linkStale, reason: 'stale' });
    expect((await get('/api/me', u.cookie)).json()).toMatchObject({ email: u.email, pending_email: `second-${u.email}` });
  });

  it('undo gives the old address back, voids the links of the new one and ends every session', async () => {
    const u = await ctx.newUser();
    const otherDevice = ctx.cookieOf(await post('/api/auth/login', { email: u.email, password: u.password }))!;
    const stolen = `thief-${u.email}`;
    await put('/api/me', { first_name: 'A', last_name: 'B', email: stolen, current_password: u.password }, u.cookie);
    const verifyToken = await waitForLink(stolen, 'verify-email');
    const undoToken = await waitForLink(u.email, 'undo-email-change');
    expect((await verify(verifyToken)).statusCode).toBe(200);
    expect((await get('/api/me', u.cookie)).json().email).toBe(stolen);
    // The new address asks for a reset link; the old address's owner undoes the change before it is used.
    await post('/api/auth/forgot-password', { email: stolen });
    const resetToken = await waitForLink(stolen, 'reset-password');
    // While the undo link lives, nobody else may take the old address.
    const squatter = await post('/api/auth/signup', { first_name: 'S', last_name: 'Q', email: u.email, password: 'abcde' });
    expect(squatter.statusCode).toBe(409);
    expect(squatter.json().errors.email).toEqual([EMAIL_TEXTS.addressReserved]);

    const undone = await undo(undoToken, u.cookie);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: EMAIL_TEXTS.undone(u.email), email: u.email });
    expect(undone.cookies.find((c) => c.name === 'fst_session')?.value).toBe('');
    expect((await get('/api/me', u.cookie)).statusCode).toBe(401);
    expect((await get('/api/me', otherDevice)).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: u.email, pendingEmail: null });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await post(`/api/auth/reset-password/${resetToken}`, { password: 'taken-over' })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: stolen, password: u.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: u.email, password: u.password })).statusCode).toBe(200);
    const twice = await undo(undoToken);
    expect(twice.json()).toMatchObject({ reason: 'used' });
  });

  it('undo while the change is still waiting drops it, and its link works for days, not for ever', async () => {
    const u = await ctx.newUser();
    const wanted = `pending-${u.email}`;
    await put('/api/me', { first_name: 'A', last_name: 'B', email: wanted, current_password: u.password }, u.cookie);
    const verifyToken = await waitForLink(wanted, 'verify-email');
    const undoToken = await waitForLink(u.email, 'undo-email-change');
    expect((await undo(undoToken)).statusCode).toBe(200);
    expect((await verify(verifyToken)).json()).toMatchObject({ reason: 'used' });
    const back = ctx.cookieOf(await post('/api/auth/login', { email: u.email, password: u.password }))!;
    expect((await get('/api/me', back)).json()).toMatchObject({ email: u.email, pending_email: null, email_verified: true });

    await put('/api/me', { first_name: 'A', last_name: 'B', email: wanted, current_password: u.password }, back);
    const lateUndo = await waitForLink(u.email, 'undo-email-change', ctx.mailer.sent.findIndex((m) => m.text.includes(undoToken)) + 1);
    ctx.clock.advance(UNDO_EMAIL_TOKEN_TTL_MS + 1000);
    expect((await undo(lateUndo)).json()).toMatchObject({ reason: 'expired' });
  });
});

describe('profile and password change', () => {
  it('reads and saves the profile through both paths', async () => {
    const u = await ctx.newUser({ first_name: 'Old' });
    expect((await get('/api/me', u.cookie)).json()).toEqual({
      first_name: 'Old',
      last_name: u.last_name,
      email: u.email,
      email_verified: false,
      pending_email: null,
    });
    // Names are saved at once; the same address in other letters is no change of address (no password needed).
    const saved = await put('/api/me', { first_name: ' New ', last_name: 'Name', email: u.email.toUpperCase() }, u.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ first_name: 'New', last_name: 'Name', email: u.email.toUpperCase(), email_verified: false, pending_email: null });
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
    const taken = await put('/api/me', { first_name: 'X', last_name: 'Y', email: other.email.toUpperCase(), current_password: u.password }, u.cookie);
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
        ...GENEROUS_LIMITS,
        loginPerAddressAndClient: { max: 3, windowMs: 60_000 },
        resetPerAddress: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const u = await limited.newUser();
      const login = (password: string) => limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password } });
      // Successful logins do not count; failed ones do.
      for (let i = 0; i < 5; i++) expect((await login(u.password)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await login('wrong1')).statusCode).toBe(401);
      const blocked = await login(u.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe(SERVER_MESSAGES.loginLocked);
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
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
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
