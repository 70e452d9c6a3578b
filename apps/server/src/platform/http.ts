import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance, RawServerDefault, FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { unauthenticated } from './errors.ts';

export type SessionUser = {
  idHash: string;
  user: { id: string; first_name: string; last_name: string; email: string; role: 'parent' | 'grandparent'; is_admin: boolean; email_verified: boolean };
};

/** A browser paired to one kid (docs/decisions/018): it plays that kid's stories and nothing else. */
export type KidDevice = {
  kind: 'device';
  id: string;
  idHash: string;
  kidId: string;
  kidFirstName: string;
  familyId: string;
  deviceName: string;
  /** The playlist's first stories it keeps saved by itself (a parent's setting). */
  offlineStories: number;
};
/** Who calls a route open to kid devices: a signed-in user or a kid device. */
export type Caller = SessionUser | KidDevice;
export const isDevice = (caller: Caller): caller is KidDevice => 'kind' in caller && caller.kind === 'device';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kid device of a device session (then `session` is null). */
    device: KidDevice | null;
    /** The signed-in user, resolved from the session cookie before each /api handler. */
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Callable without signing in; every other /api route answers 401 before it reads its input. */
    public?: boolean;
    /** Open to kid devices too (their kid's stories only); every other route refuses a device with 403. */
    device?: boolean;
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

/** The caller of a route open to kid devices: the device, else the signed-in user, or 401. */
export function requireCaller(request: FastifyRequest): Caller {
  return request.device ?? requireSession(request);
}

export const noContent = (reply: FastifyReply) => reply.code(204).send();
