import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { AppError } from './errors.ts';

/** The type of the API's answers, errors included (set again on an error, over what a route had set). */
export const JSON_TYPE = 'application/json; charset=utf-8';

// Errors of the database being unreachable or stalled (a statement cancelled by statement_timeout, 57014;
// a transaction idle too long, 25P03): the client did nothing wrong, and a retry may work.
const DB_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '57014', '25P03', '08000', '08001', '08003', '08006']);
// Drizzle wraps the driver's error ("Failed query: …") and keeps it as `cause`: look down the chain.
const isDatabaseUnavailable = (err: unknown): boolean => {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (DB_UNAVAILABLE.has(String(e.code)) || /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout)/.test(String(e.message)))
      return true;
  }
  return false;
};

/**
 * Every answer names its request id; every error is `{ error, code, errors?, requestId }` with a 4xx (503 while
 * the database is down), and anything unknown is logged and answered with a generic 500.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (req, reply, payload) => {
      reply.header('x-request-id', req.id);
      // A body refused before it was read whole (413, 415, a refused upload): the rest would stall the
      // connection, so the answer closes it (issue 23.1). HTTP/2 has no such header: the answer ends its stream alone.
      if (reply.statusCode >= 400 && !req.raw.complete && req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
      return payload;
    });

    app.setErrorHandler((err: FastifyError, req, reply) => {
      const send = (status: number, code: string, message: string, errors?: Record<string, string[]>) =>
        reply
          .code(status)
          .type(JSON_TYPE)
          .send({ error: message, code, ...(errors ? { errors } : {}), requestId: req.id });

      if (err instanceof AppError) {
        if (err.details)
          return reply
            .code(err.status)
            .type(JSON_TYPE)
            .send({ error: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}), ...err.details, requestId: req.id });
        return send(err.status, err.code, err.message, err.errors);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors: Record<string, string[]> = {};
        for (const issue of err.validation) {
          const field = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
          (errors[field] ??= []).push(issue.message ?? SERVER_MESSAGES.invalidInput);
        }
        const first = err.validation[0]?.message;
        return send(400, 'invalid_input', first && !first.startsWith('Invalid input') ? first : SERVER_MESSAGES.invalidInput, errors);
      }
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, 'payload_too_large', SERVER_MESSAGES.bodyTooLarge);
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, 'unsupported_media_type', SERVER_MESSAGES.unsupportedMediaType);
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
        return send(400, 'invalid_input', SERVER_MESSAGES.malformedJson);
      }
      if (isDatabaseUnavailable(err)) {
        req.log.error({ err }, 'database unavailable');
        return send(503, 'unavailable', SERVER_MESSAGES.unavailable);
      }
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return send(err.statusCode, 'invalid_input', err.message);
      }
      req.log.error({ err }, 'unhandled error');
      return send(500, 'internal', SERVER_MESSAGES.internal);
    });

    // JSON whatever the route had begun to send: a page whose file went away since the start (a deploy rebuilding
    // the web app under this server) had set its type to HTML, and an object sent as HTML fails.
    app.setNotFoundHandler((req, reply) => reply.code(404).type(JSON_TYPE).send({ error: SERVER_MESSAGES.notFound, code: 'not_found', requestId: req.id }));
  },
  { name: 'errors' },
);
