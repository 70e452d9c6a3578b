import type { onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES } from '@fst/shared/http/idempotency';
import { AppError } from '../errors.ts';
import { JSON_TYPE } from '../errors.plugin.ts';
import { requestFingerprint, type createIdempotency, type IdempotencyOwner } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, until its answer is kept or the key freed. */
    idempotent: { owner: IdempotencyOwner; key: string } | null;
  }
  interface FastifyContextConfig {
    /** Takes an Idempotency-Key: the same request sent again with it gets the first one's answer (platform/idempotency). */
    idempotent?: boolean;
  }
}

type Options = { idempotency: ReturnType<typeof createIdempotency> };

/**
 * Idempotency-Key for the routes marked `config: { idempotent: true }` (POSTs and PUTs that create or give
 * something): once the request is known valid the key is claimed for the account (or kid device), a success is kept for the same
 * request sent again, and a failure frees the key, so that it can be tried again as it is. Other routes ignore the header.
 */
export const idempotencyPlugin = fp<Options>(
  async (app, { idempotency }) => {
    app.decorateRequest('idempotent', null);

    // Claimed once the request is known valid: a refused one holds no key.
    const claim: preHandlerHookHandler = async function (req, reply) {
      const key = req.headers[IDEMPOTENCY_HEADER];
      // A kid device's keys are its own (its offline queue sends play events and reactions with theirs).
      const owner: IdempotencyOwner | null = req.session
        ? { kind: 'user', id: req.session.user.id }
        : req.device
          ? { kind: 'device', id: req.device.id }
          : null;
      if (key === undefined || !owner) return;
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('invalid_input', IDEMPOTENCY_MESSAGES.invalidKey);
      const claimed = await idempotency.claim(owner, key, requestFingerprint(req.method, req.url, req.body));
      // Answered already: the first answer goes again, and the handler does not run.
      if (claimed.kind === 'answered')
        return reply
          .code(claimed.status)
          .type(claimed.contentType ?? JSON_TYPE)
          .header('idempotent-replayed', 'true')
          .send(claimed.body);
      if (claimed.kind === 'in-progress') throw new AppError('conflict', IDEMPOTENCY_MESSAGES.inProgress);
      if (claimed.kind === 'other-request') throw new AppError('invalid_input', IDEMPOTENCY_MESSAGES.keyReused);
      req.idempotent = { owner, key };
    };
    const settle: onSendHookHandler = async function (req, reply, payload) {
      if (!req.idempotent) return payload;
      const { owner, key } = req.idempotent;
      req.idempotent = null;
      const status = reply.statusCode;
      const type = reply.getHeader('content-type');
      if (status >= 200 && status < 300 && typeof payload === 'string')
        await idempotency.answered(owner, key, status, payload, typeof type === 'string' ? type : null);
      else await idempotency.release(owner, key);
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.preHandler = [...asArray(route.preHandler), claim];
      // First of the route's own onSend hooks: the answer is kept as serialized, before compression (@fastify/compress
      // adds its hook to each route).
      route.onSend = [settle, ...asArray(route.onSend)];
    });
  },
  { name: 'idempotency' },
);

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
