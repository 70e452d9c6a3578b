import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import { AppError } from './errors.ts';
import { assertSameOrigin, contentSecurityPolicy } from './security.ts';

describe('contentSecurityPolicy', () => {
  const allSources = (csp: Record<string, string[] | null>) => Object.values(csp).flatMap((v) => v ?? []);
  const outsideOrigins = (csp: Record<string, string[] | null>) => allSources(csp).filter((s) => /^https?:/.test(s));

  it('names no outside origin by default', () => {
    const csp = contentSecurityPolicy({ stripe: false, mediaOrigin: null, tls: false });
    expect(outsideOrigins(csp)).toEqual([]);
    expect(csp.defaultSrc).toEqual(["'self'"]);
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'none'"]);
    expect(csp.objectSrc).toEqual(["'none'"]);
    expect(csp.frameAncestors).toEqual(["'none'"]);
  });

  it('lets recordings play from blob: and data:', () => {
    const csp = contentSecurityPolicy({ stripe: false, mediaOrigin: null, tls: false });
    expect(csp.mediaSrc).toEqual(expect.arrayContaining(['blob:', 'data:']));
    expect(csp.imgSrc).toEqual(expect.arrayContaining(['blob:', 'data:']));
  });

  it('adds the Stripe origins only with stripe: true', () => {
    const csp = contentSecurityPolicy({ stripe: true, mediaOrigin: null, tls: false });
    expect(csp.scriptSrc).toContain('https://js.stripe.com');
    expect(csp.frameSrc).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.connectSrc).toContain('https://api.stripe.com');
    expect(new Set(outsideOrigins(csp))).toEqual(new Set(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://api.stripe.com']));
  });

  it('adds the media origin only when given, to images, media and fetches', () => {
    const media = 'https://media.example-bucket.com';
    const csp = contentSecurityPolicy({ stripe: false, mediaOrigin: media, tls: false });
    expect(csp.imgSrc).toContain(media);
    expect(csp.mediaSrc).toContain(media);
    expect(csp.connectSrc).toContain(media);
    expect(csp.scriptSrc).not.toContain(media);
    expect(new Set(outsideOrigins(csp))).toEqual(new Set([media]));
  });

  it('upgrades insecure requests only with TLS', () => {
    expect(contentSecurityPolicy({ stripe: false, mediaOrigin: null, tls: false }).upgradeInsecureRequests).toBeNull();
    expect(contentSecurityPolicy({ stripe: false, mediaOrigin: null, tls: true }).upgradeInsecureRequests).toEqual([]);
  });
});

describe('assertSameOrigin', () => {
  const fakeRequest = (method: string, headers: Record<string, string> = {}, protocol = 'https', host = 'stories.example.com') =>
    ({ method, headers, protocol, host }) as unknown as FastifyRequest;

  function refusal(request: FastifyRequest, allowed: readonly string[] = []): AppError {
    try {
      assertSameOrigin(request, allowed);
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
    throw new Error('expected assertSameOrigin to throw');
  }

  it.each(['GET', 'HEAD', 'OPTIONS'])('always lets %s through, even cross-site', (method) => {
    const request = fakeRequest(method, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(() => assertSameOrigin(request, [])).not.toThrow();
  });

  it.each(['cross-site', 'same-site'])('refuses a POST with Sec-Fetch-Site %s as forbidden', (site) => {
    const err = refusal(fakeRequest('POST', { 'sec-fetch-site': site }));
    expect(err.code).toBe('forbidden');
    expect(err.status).toBe(403);
    expect(err.message).toBe(SERVER_MESSAGES.crossSite);
  });

  it.each(['same-origin', 'none'])('lets a POST with Sec-Fetch-Site %s through', (site) => {
    expect(() => assertSameOrigin(fakeRequest('POST', { 'sec-fetch-site': site }), [])).not.toThrow();
  });

  it('lets a POST whose Origin is the request’s own protocol and host through', () => {
    const request = fakeRequest('POST', { origin: 'http://localhost:8443' }, 'http', 'localhost:8443');
    expect(() => assertSameOrigin(request, [])).not.toThrow();
  });

  it.each(['https://evil.example', 'http://stories.example.com', 'https://stories.example.com:8443', 'https://sub.stories.example.com'])(
    'refuses a POST from the foreign Origin %s',
    (origin) => {
      expect(refusal(fakeRequest('PUT', { origin })).code).toBe('forbidden');
    },
  );

  it('refuses a foreign Origin even when Sec-Fetch-Site claims same-origin', () => {
    const request = fakeRequest('DELETE', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' });
    expect(refusal(request).code).toBe('forbidden');
  });

  it('lets an allowed listed origin through', () => {
    const request = fakeRequest('PATCH', { origin: 'http://localhost:5173' });
    expect(() => assertSameOrigin(request, ['http://localhost:5173'])).not.toThrow();
    expect(refusal(request, ['http://localhost:3000']).code).toBe('forbidden');
  });

  it('lets a POST with neither header through (curl, servers)', () => {
    expect(() => assertSameOrigin(fakeRequest('POST'), [])).not.toThrow();
  });
});
