import type { FastifyRequest } from 'fastify';
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
    // The service worker (issue 26) is the app's own script at /sw.js; pdf.js starts its worker from a blob.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: stripeFrames.length ? stripeFrames : ["'none'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: opts.tls ? [] : null,
  };
}

/** Helmet's default Strict-Transport-Security, for a request a trusted proxy says came over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Set over helmet's on a JSON answer, which is never a document (OWASP REST Security Cheat Sheet, "Security
 * headers"; ASVS 5 V3.4): opened in a tab it may load nothing and be framed by nobody, and it is never stored
 * (it is private). Pages, files and media keep helmet's.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

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
