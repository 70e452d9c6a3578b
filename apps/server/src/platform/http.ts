import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance, RawServerDefault, FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { unauthenticated } from './errors.ts';

export type SessionUser = {
  idHash: string;
  user: { id: string; first_name: string; last_name: string; email: string; role: 'parent' | 'grandparent'; is_admin: boolean };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie before each /api handler. */
    session: SessionUser | null;
    /**
     * Where this request's answer is kept, for a `cached` route whose answer was not already kept, and the
     * tables it was read from.
     */
    answerCopy: { key: string; begun: number; tables: Set<string>; endReading?: () => void } | null;
    /** The Idempotency-Key this request claimed (platform/idempotency), until its answer is kept or the key freed. */
    idempotent: { userId: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /** Callable without signing in; every other /api route answers 401 before it reads its input. */
    public?: boolean;
    /**
     * A read the caller's dashboards repeat: its 200 answer is kept per user and URL until a table it was
     * read from changes (docs/decisions/009). Only for GET routes whose answer depends on nothing but the
     * database, the user, the URL and the time (kept at most ANSWER_COPY_TTL_MS).
     */
    cached?: boolean;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** Whether a content type (a header's value, any type) is JSON's. */
export const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/** The caller's session, or 401. */
export function requireSession(request: FastifyRequest): SessionUser {
  if (!request.session) throw unauthenticated();
  return request.session;
}

export const noContent = (reply: FastifyReply) => reply.code(204).send();
