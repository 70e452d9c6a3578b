import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { closingConnections } from './closing-connections.plugin.ts';

it('closes a keep-alive connection busy at close once its answer is sent, not at its keep-alive timeout', async () => {
  const app = Fastify({ keepAliveTimeout: 60_000 });
  await app.register(closingConnections);
  let answering!: () => void;
  const asked = new Promise<void>((resolve) => (answering = resolve));
  app.get('/slow', async () => {
    answering();
    await new Promise((r) => setTimeout(r, 300));
    return 'ok';
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new http.Agent({ keepAlive: true });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: (app.server.address() as AddressInfo).port, path: '/slow', agent }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
  await asked;
  const started = Date.now();
  await app.close();
  // The answer in flight is sent whole; close then ends well before the 60 s keep-alive (before: 60 s).
  expect(await answer).toEqual({ status: 200, body: 'ok' });
  expect(Date.now() - started).toBeLessThan(30_000);
  agent.destroy();
});
