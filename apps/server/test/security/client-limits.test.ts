// Per-client and per-account limits on what costs a password hash (login, signup, change-password), as an
// attacker meets them: in parallel, from many addresses, and behind a proxy (issue 27, findings 3-5, 12, 13).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { DEFAULT_RATE_LIMITS } from '../../src/features/auth/auth.service.ts';
import { createPasswordHasher } from '../../src/platform/passwords.ts';
import { createTestContext, type TestContext } from '../context.ts';

let ctx: TestContext;
beforeAll(async () => {
  // The production limits, behind one proxy (a request without X-Forwarded-For is its socket's address).
  ctx = await createTestContext({ env: { TRUST_PROXY: '1' }, rateLimits: DEFAULT_RATE_LIMITS });
});
afterAll(() => ctx?.close());

const login = (c: TestContext, email: string, password: string, from = '127.0.0.1', headers: Record<string, string> = {}) =>
  c.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: from, headers });
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;
const newAddress = () => `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;

describe('login limits', () => {
  it('counts parallel logins before checking the password: of 30 at once, at most 10 are checked (27.3)', async () => {
    const u = await ctx.newUser();
    const from = '192.0.2.30';
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ctx, u.email, i === 29 ? u.password : `wrong-${i}`, from)));
    const got = statuses(answers);
    // Only attempts within the limit reach the password check; every other one is refused unchecked.
    expect(count(got, 401) + count(got, 200)).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerAddressAndClient.max);
    expect(count(got, 429)).toBeGreaterThanOrEqual(30 - DEFAULT_RATE_LIMITS.loginPerAddressAndClient.max);
    expect(count(got, 401) + count(got, 200) + count(got, 429)).toBe(30);
    // Once ten have failed, the right password from that client waits too.
    if (count(got, 401) === DEFAULT_RATE_LIMITS.loginPerAddressAndClient.max) {
      expect(count(got, 200)).toBe(0);
      const after = await login(ctx, u.email, u.password, from);
      expect(after.statusCode).toBe(429);
      expect(after.json()).toMatchObject({ code: 'rate_limited', error: SERVER_MESSAGES.loginLocked });
    }
  });

  it('locks an address per client: the owner still signs in from a client that has not failed (27.13)', async () => {
    const u = await ctx.newUser();
    const attacker = '192.0.2.66';
    for (let i = 0; i < 10; i++) expect((await login(ctx, u.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(ctx, u.email, u.password, attacker)).statusCode).toBe(429);
    // The owner, from their own device, is not locked out by someone else's guesses.
    const owner = await login(ctx, u.email, u.password, '203.0.113.5');
    expect(owner.statusCode).toBe(200);
    // The window passes and the attacker's client may try again.
    ctx.clock.advance(DEFAULT_RATE_LIMITS.loginPerAddressAndClient.windowMs + 1000);
    expect((await login(ctx, u.email, 'guess-again', attacker)).statusCode).toBe(401);
  });

  it('under guessing from many clients, a client that has failed waits, one that has not may try, and a reset link works (27.13)', async () => {
    const u = await ctx.newUser();
    const { max } = DEFAULT_RATE_LIMITS.loginPerAddress;
    // Clients guess once each until the address's limit is reached.
    for (let i = 0; i < max; i++) expect((await login(ctx, u.email, `guess-${i}`, `10.1.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    // A client that has failed for this address now waits, even with the right password …
    const locked = await login(ctx, u.email, u.password, '10.1.0.0');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(SERVER_MESSAGES.loginLocked);
    // … a new client gets one try (a guess from it fails, then it waits) …
    expect((await login(ctx, u.email, 'guess-new', '192.0.2.200')).statusCode).toBe(401);
    expect((await login(ctx, u.email, 'guess-new-2', '192.0.2.200')).statusCode).toBe(429);
    // … and the owner's device, which never failed, signs in.
    expect((await login(ctx, u.email, u.password, '203.0.113.9')).statusCode).toBe(200);
    // A reset link lets the owner in from the locked client.
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email }, remoteAddress: '10.1.0.0' });
    // The reset mail is sent by a job, after the answer.
    const mail = await ctx.mailer.waitFor((m) => m.to === u.email && /reset-password\//.test(m.text));
    const token = mail.text.match(/reset-password\/([\w-]+)/)![1]!;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'brand-new1' },
      remoteAddress: '10.1.0.0',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses a client that failed for many addresses, whichever address it tries next', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < DEFAULT_RATE_LIMITS.loginPerClient.max; i++) {
      expect((await login(ctx, `nobody-${i}@example.com`, 'wrong-1', from)).statusCode).toBe(401);
    }
    const u = await ctx.newUser();
    expect((await login(ctx, u.email, u.password, from)).statusCode).toBe(429);
  });
});

describe('IPv6 clients', () => {
  it('counts the addresses of one /64 as one client, so rotating them escapes no limit', async () => {
    const { max } = DEFAULT_RATE_LIMITS.loginPerClient;
    const got: number[] = [];
    for (let i = 1; i <= max + 2; i++) got.push((await login(ctx, `v6-${i}@example.com`, 'wrong-1', `2001:db8:5:6::${i.toString(16)}`)).statusCode);
    expect(got).toEqual([...Array<number>(max).fill(401), 429, 429]);
    expect((await login(ctx, 'v6@example.com', 'wrong-1', '2001:db8:5:7::1')).statusCode).toBe(401);
  });
});

describe('change-password limit (27.12)', () => {
  it('answers 429 with a clear message after five wrong current passwords, in a row or at once, and changes nothing', async () => {
    const u = await ctx.newUser();
    const change = (current: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/me/change-password',
        payload: { current_password: current, new_password: 'fresh-pass1' },
        headers: { cookie: u.cookie },
      });
    const got = statuses(await Promise.all(Array.from({ length: 15 }, (_, i) => change(`wrong-${i}`))));
    expect(count(got, 400)).toBe(DEFAULT_RATE_LIMITS.changePasswordPerUser.max);
    expect(count(got, 429)).toBe(15 - DEFAULT_RATE_LIMITS.changePasswordPerUser.max);
    const refused = await change(u.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: SERVER_MESSAGES.rateLimited });
    expect((await login(ctx, u.email, u.password, newAddress())).statusCode).toBe(200);
    // After the window, the right current password changes it.
    ctx.clock.advance(DEFAULT_RATE_LIMITS.changePasswordPerUser.windowMs + 1000);
    expect((await change(u.password)).statusCode).toBe(200);
  });
});

describe('signup limit (27.5)', () => {
  it('limits signups per client, in a row or at once, without affecting other clients', async () => {
    const { max, windowMs } = DEFAULT_RATE_LIMITS.signupPerClient;
    const signup = (from: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: from,
        payload: { first_name: 'Sam', last_name: 'Ple', email: `s-${randomBytes(4).toString('hex')}@example.com`, password: 'secret1', role: 'parent' },
      });
    const got = statuses(await Promise.all(Array.from({ length: max + 5 }, () => signup('192.0.2.8'))));
    expect(count(got, 201)).toBe(max);
    expect(count(got, 429)).toBe(5);
    expect((await signup('192.0.2.9')).statusCode).toBe(201);
    ctx.clock.advance(windowMs + 1000);
    expect((await signup('192.0.2.8')).statusCode).toBe(201);
  });
});

describe('behind a proxy (27.4)', () => {
  // The proxy (10.0.0.2) appends the address it saw to whatever X-Forwarded-For the client sent.
  const viaProxy = (client: string, sent?: string) => ({ 'x-forwarded-for': sent ? `${sent}, ${client}` : client });

  it('takes the client from the hop the proxy added, so a rotating X-Forwarded-For escapes no per-client limit', async () => {
    const { max } = DEFAULT_RATE_LIMITS.loginPerClient;
    const got: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      got.push((await login(ctx, `nobody-${i}@example.com`, 'wrong-1', '10.0.0.2', viaProxy('203.0.113.50', `172.16.${i}.${i + 1}`))).statusCode);
    }
    expect(got).toEqual([...Array<number>(max).fill(401), 429, 429, 429]);
    // Another real client behind the same proxy is counted on its own.
    expect((await login(ctx, 'nobody@example.com', 'wrong-1', '10.0.0.2', viaProxy('203.0.113.51', '203.0.113.50'))).statusCode).toBe(401);
  });

  it('counts issue reports per real client, whatever X-Forwarded-For it sends', async () => {
    const report = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/issue-reports',
        remoteAddress: '10.0.0.2',
        headers: viaProxy('203.0.113.60', `172.17.0.${i}`),
        payload: { type: 'bug', description: `Report ${i}`, page: '/', email: '' },
      });
    const got: number[] = [];
    for (let i = 0; i < 25; i++) got.push((await report(i)).statusCode);
    expect(got).toContain(429);
  });
});

describe('password hashing and file serving (27.5)', () => {
  it('serves a signed media link quickly while sixteen signups hash at once', async () => {
    const costly = await createTestContext({ hasher: createPasswordHasher(15) });
    try {
      const book = await costly.newBook();
      const download = async () => {
        const started = performance.now();
        const res = await costly.app.inject({ method: 'GET', url: book.pdf_url });
        expect(res.statusCode).toBe(200);
        return performance.now() - started;
      };
      const hashStarted = performance.now();
      await createPasswordHasher(15).hash('alone');
      const oneHash = performance.now() - hashStarted;
      const signups = Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          costly.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            remoteAddress: `192.0.2.${i + 1}`,
            payload: { first_name: 'Many', last_name: `At${i}`, email: `many-${i}@example.com`, password: 'secret1', role: 'parent' },
          }),
        ),
      );
      // Once the signups are hashing, the download waits for no hash.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const took = await download();
      expect(statuses(await signups).every((s) => s === 201)).toBe(true);
      // Unbounded, it waited behind four hashes on each of the pool's four threads (10.5 s against a 1.4 s hash);
      // three hashes' time leaves room for another test file sharing the cores.
      expect(took).toBeLessThan(3 * oneHash);
    } finally {
      await costly.close();
    }
  });
});
