import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '@fst/shared/constants';
import {
  deviceCodeParams,
  deviceCodeResponse,
  deviceParams,
  familyDeviceResponse,
  familyDevicesResponse,
  pairDeviceBody,
  pairedDeviceResponse,
  updateDeviceBody,
} from '@fst/shared/devices/devices.schema';
import { familyParams } from '@fst/shared/families/families.schema';
import { okResponse } from '@fst/shared/http/error.schema';
import { DEVICE_SERVER_MESSAGES } from '@fst/shared/messages';
import { forbidden } from '../../platform/errors.ts';
import { requireSession, type App } from '../../platform/http.ts';
import { rateLimitClient } from '../../platform/rate-limit/client.ts';
import { isDeviceToken } from '../../platform/tokens.ts';
import type { DevicesService } from './devices.service.ts';

type Opts = { devices: DevicesService; secureCookies: boolean };

/** The device cookie: the session cookie's name and options, kept a year and renewed while used. */
const setDeviceCookie = (reply: FastifyReply, token: string, expires: Date, secureCookies: boolean) =>
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies || 'auto', expires });

/**
 * Kid-device sessions (docs/decisions/018): the cookie of a paired browser is resolved to `request.device`
 * (never to a user), and a device may call only the routes marked `config: { device: true }`; every other
 * API route answers it 403. Registered after the app's session hook, so a user's request costs nothing here.
 */
export function deviceSessions(app: App, { devices, secureCookies }: Opts) {
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!isDeviceToken(token)) return;
    const resolved = await devices.resolve(token);
    if (!resolved) return;
    req.device = resolved.device;
    if (resolved.renewedUntil) setDeviceCookie(reply, token, resolved.renewedUntil, secureCookies);
    if (!req.routeOptions.config.device) throw forbidden(DEVICE_SERVER_MESSAGES.notOnDevice);
  });
}

/** `deviceSessions` as a plugin of the app, registered after the sessions plugin (features/auth/sessions.plugin.ts). */
export const deviceSessionsPlugin = fp<Opts>(async (app, opts) => deviceSessions(app.withTypeProvider<ZodTypeProvider>() as App, opts), {
  name: 'device-sessions',
  dependencies: ['sessions'],
});

export function devicesRoutes(app: App, { devices, secureCookies }: Opts) {
  const tags = ['devices'];

  app.post(
    '/api/family/:id/kids/:kidId/device-code',
    { schema: { tags, params: deviceCodeParams, response: { 201: deviceCodeResponse } } },
    async (req, reply) => reply.code(201).send(await devices.createCode(requireSession(req), req.params.id, req.params.kidId)),
  );

  // Public: the browser being paired is signed out, or signed in as someone it stops being.
  app.post(
    '/api/devices/pair',
    { config: { public: true }, schema: { tags, body: pairDeviceBody, response: { 201: pairedDeviceResponse } } },
    async (req, reply) => {
      const { answer, token, expiresAt } = await devices.pair(req.body, rateLimitClient(req.ip));
      setDeviceCookie(reply, token, expiresAt, secureCookies);
      return reply.code(201).send(answer);
    },
  );

  app.get('/api/family/:id/devices', { schema: { tags, params: familyParams, response: { 200: familyDevicesResponse } } }, async (req) =>
    devices.list(requireSession(req), req.params.id),
  );
  app.patch(
    '/api/family/:id/devices/:deviceId',
    { schema: { tags, params: deviceParams, body: updateDeviceBody, response: { 200: familyDeviceResponse } } },
    async (req) => devices.update(requireSession(req), req.params.id, req.params.deviceId, req.body),
  );
  app.delete('/api/family/:id/devices/:deviceId', { schema: { tags, params: deviceParams, response: { 200: okResponse } } }, async (req) =>
    devices.remove(requireSession(req), req.params.id, req.params.deviceId),
  );
}
