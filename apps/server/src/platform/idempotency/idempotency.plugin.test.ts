import compress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../http.ts';
import type { createIdempotency } from './idempotency.ts';
import { idempotencyPlugin } from './idempotency.plugin.ts';

// The plugin on an app of its own, with an in-memory store: what it keeps is what the route serialized.
const kept = new Map<string, { status: number; body: string; contentType: string | null }>();
const store = {
  claim: async (_userId: string, key: string) => {
    const answer = kept.get(key);
    return answer ? { kind: 'answered' as const, ...answer } : { kind: 'first' as const };
  },
  answered: async (_userId: string, key: string, status: number, body: string, contentType: string | null) => void kept.set(key, { status, body, contentType }),
  release: async () => {},
} as unknown as ReturnType<typeof createIdempotency>;

const app = Fastify();
let made = 0;
beforeAll(async () => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    req.session = { idHash: 'h', user: { id: 'user-1' } } as SessionUser;
  });
  // Registered before the plugin, as in app.ts: its hook on each route still runs after the one that keeps the answer.
  await app.register(compress, { threshold: 1024 });
  await app.register(idempotencyPlugin, { idempotency: store });
  app.post('/made', { config: { idempotent: true } }, async (_req, reply) => reply.code(201).send({ made: ++made, filler: 'x'.repeat(4000) }));
  app.post('/plain', async () => ({ made: ++made }));
});
afterAll(() => app.close());

describe('the idempotency plugin', () => {
  it('keeps the answer as serialized, before compression, and replays it to a client that takes none', async () => {
    const first = await app.inject({ method: 'POST', url: '/made', headers: { 'idempotency-key': 'made-0001', 'accept-encoding': 'br' }, payload: {} });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(kept.get('made-0001')!.body)).toMatchObject({ made: 1 });
    const again = await app.inject({ method: 'POST', url: '/made', headers: { 'idempotency-key': 'made-0001' }, payload: {} });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ made: 1 });
    expect(made).toBe(1);
  });

  it('leaves a route not marked idempotent alone, whatever key it is sent', async () => {
    const res = await app.inject({ method: 'POST', url: '/plain', headers: { 'idempotency-key': 'bad key' }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(kept.has('bad key')).toBe(false);
  });
});
