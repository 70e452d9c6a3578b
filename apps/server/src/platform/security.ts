import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { AppError } from './errors.ts';

export type CspOptions = { stripe: boolean; mediaOrigin: string | null; tls: boolean };

/**
 * The Content-Security-Policy of decisions.md "Security headers": the app's own origin, blob: and data:
 * media, and only the outside origins the active configuration needs.
 */
export function contentSecurityPolicy(opts: CspOptions): Record<string, string[] | null> {
  const stripeJs = opts.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = opts.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = opts.stripe ? ['https://api.stripe.com'] : [];
  const media = opts.mediaOrigin ? [opts.mediaOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...stripeJs],
    // Toast and dialog libraries inject <style> elements; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...media],
    mediaSrc: ["'self'", 'data:', 'blob:', ...media],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...stripeApi, ...media],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: opts.tls ? [] : null,
  };
}

/**
 * The headers helmet sets for `options`. They depend on no request, so they are worked out once: helmet's
 * middleware builds its Content-Security-Policy text anew for every response, which tripled the cost of a
 * small API answer (docs/quality.md, "API").
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The headers of a JSON answer, which is never a document (OWASP REST Security Cheat Sheet, "Security
 * headers"; ASVS 5 V3.4): opened in a tab it may load nothing and be framed by nobody, is never sniffed as
 * something else, and is never stored (it is private). Pages, files and media keep helmet's full set. Fewer
 * headers matter here: each costs every answer its bytes and checks, and the dashboards make many answers.
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);

/**
 * Cookie sessions need protection from cross-site request forgery: a state-changing request whose
 * Sec-Fetch-Site or Origin names another site is refused. Clients that send neither (curl, servers)
 * carry no ambient browser cookies to abuse.
 */
export function assertSameOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (isSafeMethod(request.method)) return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new AppError('forbidden', SERVER_MESSAGES.crossSite);
  }
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return;
  const hostOrigin = `${request.protocol}://${request.host}`;
  if (origin !== hostOrigin && !allowedOrigins.includes(origin)) {
    throw new AppError('forbidden', SERVER_MESSAGES.crossSite);
  }
}
