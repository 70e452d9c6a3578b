import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isJson } from './http.ts';
import { API_HEADERS, contentSecurityPolicy, HSTS } from './security.ts';
import { s3PublicOrigin } from './storage/s3-storage.ts';

/**
 * Helmet's headers on every answer, with the CSP of decisions.md; JSON answers then get an API's stricter set
 * over them (security.ts API_HEADERS).
 */
export const securityHeaders = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({
          stripe: config.payments.provider === 'stripe',
          mediaOrigin: config.storage.kind === 's3' && config.storage.bucket ? s3PublicOrigin({ ...config.storage, bucket: config.storage.bucket }) : null,
          tls: config.https,
        }),
      },
      // On when users reach the app over HTTPS, whether served here or by a TLS-terminating proxy (PUBLIC_URL https).
      strictTransportSecurity: config.https ? undefined : false,
      crossOriginEmbedderPolicy: false,
    });
    // Behind a trusted proxy with an http PUBLIC_URL, a request the proxy says came over HTTPS still gets HSTS.
    const forwardedHsts = !config.https && config.trustProxy > 0;
    app.addHook('onSend', async (req, reply, payload) => {
      if (isJson(reply.getHeader('content-type'))) reply.headers(API_HEADERS);
      if (forwardedHsts && req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      return payload;
    });
  },
  { name: 'security-headers' },
);
