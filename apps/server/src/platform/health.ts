import { SERVER_MESSAGES } from '@fst/shared/messages';
import type { App } from './http.ts';

// A check that has not answered in this long counts as down: a stalled database must not stall health too.
export const HEALTH_CHECK_TIMEOUT_MS = 3000;

type Check = () => Promise<void>;

/** Whether `check` succeeds within the timeout. */
async function passes(check: Check, log: { warn: (obj: unknown, msg: string) => void }, name: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${HEALTH_CHECK_TIMEOUT_MS} ms`)), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch (err) {
    log.warn({ err, check: name }, 'health check failed');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health`: ready to serve, checking the database and the storage (200, or 503 naming what is
 * down, issue 27.8); `GET /api/health/live`: the process answers at all, checking nothing.
 */
export function healthRoutes(app: App, checks: { database: Check; storage: Check }) {
  const route = { config: { public: true }, schema: { tags: ['health'] } };
  app.get('/api/health/live', route, async () => ({ status: 'ok' }));
  app.get('/api/health', route, async (req, reply) => {
    const [database, storage] = await Promise.all([passes(checks.database, req.log, 'database'), passes(checks.storage, req.log, 'storage')]);
    const parts = { database: database ? 'ok' : 'down', storage: storage ? 'ok' : 'down' } as const;
    if (database && storage) return { status: 'ok', ...parts };
    const down = (['database', 'storage'] as const).filter((name) => parts[name] === 'down');
    return reply.code(503).send({ error: SERVER_MESSAGES.notReady(down), code: 'unavailable', status: 'unavailable', ...parts, requestId: req.id });
  });
}
