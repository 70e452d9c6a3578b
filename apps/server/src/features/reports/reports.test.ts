import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_REPORTER_EMAIL } from '@fst/shared/constants';
import { VALIDATION } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { issueReports } from './reports.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_EMAILS: 'site-admin@example.com' } });
});
afterAll(() => ctx.close());

const report = (payload: object, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url: '/api/issue-reports', payload, headers });
const count = async () => (await ctx.db.select().from(issueReports)).length;

describe('issue reports', () => {
  it('stores an anonymous report with the placeholder address and mails the site admins', async () => {
    await ctx.newUser({ email: 'site-admin@example.com' });
    const res = await report({ type: 'bug', description: '  The button does nothing  ', page: '/profile', email: '' }, { 'user-agent': 'TestAgent/1.0' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/[0-9a-f-]{36}/);
    const mail = ctx.mailer.last()!;
    expect(mail.to).toEqual(['site-admin@example.com']);
    expect(mail.subject).toBe('Bug Report: bug - /profile');
    expect(mail.text).toContain(`Email: ${ANONYMOUS_REPORTER_EMAIL}`);
    expect(mail.text).toContain('Description: The button does nothing');
    expect(mail.text).toContain('User agent: TestAgent/1.0');
  });

  it('links a signed-in reporter and keeps the given address', async () => {
    const u = await ctx.newUser();
    ctx.clock.advance(1000);
    const res = await report({ type: 'feature', description: 'Dark mode', page: '/', email: u.email }, { cookie: u.cookie });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.select().from(issueReports);
    const row = rows.find((r) => r.id === res.json().id)!;
    expect(row.userId).toBe(u.id);
    expect(row.email).toBe(u.email);
  });

  it('refuses blank descriptions, unknown types and bad addresses, storing nothing', async () => {
    const before = await count();
    const blank = await report({ type: 'bug', description: '   ', page: '/' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.description).toEqual([VALIDATION.issueDescriptionRequired]);
    expect((await report({ type: 'rant', description: 'x', page: '/' })).statusCode).toBe(400);
    expect((await report({ type: 'bug', description: 'x', page: '/', email: 'nope' })).statusCode).toBe(400);
    expect((await report({ type: 'bug', description: 'x'.repeat(5001), page: '/' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lists reports for site admins only', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/issue-reports' });
    expect(anonymous.statusCode).toBe(401);
    const someone = await ctx.newUser();
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/admin/issue-reports', headers: { cookie: someone.cookie } });
    expect(refused.statusCode).toBe(403);
    // ADMIN_EMAILS counts once the address is verified (docs/decisions/013).
    expect((await ctx.verifyEmail('site-admin@example.com')).statusCode).toBe(200);
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'site-admin@example.com', password: 'secret1' },
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/issue-reports', headers: { cookie: ctx.cookieOf(admin)! } });
    expect(list.statusCode).toBe(200);
    expect(list.json().reports.length).toBe(await count());
    expect(list.json().reports[0]).toMatchObject({ type: 'feature', description: 'Dark mode', page: '/' });
  });
});
