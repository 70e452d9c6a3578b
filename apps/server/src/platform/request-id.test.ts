import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';

// Behind a trusted proxy the proxy's X-Request-Id names the request in the answer and the logs, so one id
// follows a request from the proxy's log to ours; from anyone else it is not taken.
const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));
const start = async (env: Record<string, string>) => {
  const ctx = await createTestContext({ env });
  contexts.push(ctx);
  return ctx;
};

describe('X-Request-Id', () => {
  it('is taken from a trusted proxy, when it is a sane id', async () => {
    const ctx = await start({ TRUST_PROXY: '1' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'proxy-7f3a.42:1' } });
    expect(res.headers['x-request-id']).toBe('proxy-7f3a.42:1');
    expect(res.json().requestId).toBe('proxy-7f3a.42:1');
    for (const odd of ['', 'a b', 'x'.repeat(200), 'evil\u0007']) {
      const other = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': odd } });
      expect(other.headers['x-request-id'], JSON.stringify(odd)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is made afresh for each request when no proxy is trusted', async () => {
    const ctx = await start({});
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'made-up-by-a-client' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
