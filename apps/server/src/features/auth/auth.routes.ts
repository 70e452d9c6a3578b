import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '@fst/shared/constants';
import {
  authResponse,
  changePasswordBody,
  checkSessionResponse,
  deleteAccountBody,
  emailTokenBody,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  profileBody,
  profileResponse,
  resetPasswordBody,
  resetTokenParams,
  signupBody,
  verifyEmailResponse,
} from '@fst/shared/auth/auth.schema';
import { okResponse } from '@fst/shared/http/error.schema';
import { requireSession, type App } from '../../platform/http.ts';
import { rateLimitClient } from '../../platform/rate-limit/client.ts';
import type { DeleteAccount } from './account-deletion.ts';
import type { AuthService, NewSession } from './auth.service.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import { deviceMeResponse } from '@fst/shared/devices/devices.schema';

export function authRoutes(
  app: App,
  opts: { auth: AuthService; deleteAccount: DeleteAccount; secureCookies: boolean; devices: Pick<DevicesService, 'me' | 'leave'> },
) {
  const { auth } = opts;
  const tags = ['auth'];

  const setSessionCookie = (reply: FastifyReply, session: NewSession) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure when users reach the app over HTTPS; otherwise when this request came over HTTPS (a trusted
      // proxy's X-Forwarded-Proto counts), as @fastify/cookie's 'auto' does.
      secure: opts.secureCookies || 'auto',
      // Without "remember me" the cookie ends with the browser.
      ...(session.persistent ? { expires: session.expiresAt } : {}),
    });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies || 'auto' });

  app.post('/api/auth/signup', { config: { public: true }, schema: { tags, body: signupBody, response: { 201: authResponse } } }, async (req, reply) => {
    const { session, ...result } = await auth.signup(req.body, rateLimitClient(req.ip));
    setSessionCookie(reply, session);
    return reply.code(201).send(result);
  });

  // Open to kid devices: a parent of the device's family signing in there leaves kid mode (decision 018).
  app.post(
    '/api/auth/login',
    { config: { public: true, device: true }, schema: { tags, body: loginBody, response: { 200: authResponse } } },
    async (req, reply) => {
      const { session, ...result } = await auth.login(req.body, rateLimitClient(req.ip), req.cookies[SESSION_COOKIE]);
      if (req.device) {
        // Anyone else's password leaves the device as it was, their new session unused.
        await opts.devices.leave(req.device, result.user.id).catch(async (err: unknown) => {
          await auth.logout(session.token);
          throw err;
        });
      }
      setSessionCookie(reply, session);
      return result;
    },
  );

  app.post('/api/auth/logout', { config: { public: true }, schema: { tags, response: { 200: okResponse } } }, async (req, reply) => {
    await auth.logout(req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  // A kid device is answered its device and kid, and no user (decision 018).
  app.get('/api/auth/me', { config: { device: true }, schema: { tags, response: { 200: authResponse.or(deviceMeResponse) } } }, async (req) =>
    req.device ? opts.devices.me(req.device) : auth.me(requireSession(req)),
  );

  app.get('/api/auth/check-session', { config: { public: true, device: true }, schema: { tags, response: { 200: checkSessionResponse } } }, async (req) => ({
    authenticated: req.session !== null || req.device !== null,
  }));

  app.post(
    '/api/auth/forgot-password',
    { config: { public: true }, schema: { tags, body: forgotPasswordBody, response: { 200: messageResponse } } },
    async (req) => auth.forgotPassword(req.body.email, rateLimitClient(req.ip)),
  );

  app.post(
    '/api/auth/reset-password/:token',
    { config: { public: true }, schema: { tags, params: resetTokenParams, body: resetPasswordBody, response: { 200: messageResponse } } },
    async (req, reply) => {
      const result = await auth.resetPassword(req.params.token, req.body.password, rateLimitClient(req.ip));
      clearSessionCookie(reply);
      return result;
    },
  );

  for (const url of ['/api/auth/change-password', '/api/me/change-password']) {
    app.post(url, { schema: { tags, body: changePasswordBody, response: { 200: messageResponse } } }, async (req) =>
      auth.changePassword(requireSession(req), req.body),
    );
  }

  app.get('/api/me', { schema: { tags, response: { 200: profileResponse } } }, async (req) => auth.profile(requireSession(req).user.id));
  for (const url of ['/api/me', '/api/auth/update-profile']) {
    app.put(url, { schema: { tags, body: profileBody, response: { 200: profileResponse } } }, async (req) =>
      auth.updateProfile(requireSession(req).user.id, req.body),
    );
  }

  // Every session of the account ends with it (docs/decisions/016), this browser's too.
  app.delete('/api/me', { schema: { tags, body: deleteAccountBody, response: { 200: okResponse } } }, async (req, reply) => {
    const result = await opts.deleteAccount(requireSession(req).user.id, req.body.password);
    clearSessionCookie(reply);
    return result;
  });

  // E-mailed links (docs/decisions/013): public, as a link may be opened signed out or on another device.
  app.post(
    '/api/auth/verify-email',
    { config: { public: true }, schema: { tags, body: emailTokenBody, response: { 200: verifyEmailResponse } } },
    async (req) => auth.verifyEmail(req.body.token),
  );
  app.post('/api/auth/resend-verification', { schema: { tags, response: { 200: messageResponse } } }, async (req) =>
    auth.resendVerification(requireSession(req).user.id),
  );
  app.post(
    '/api/auth/undo-email-change',
    { config: { public: true }, schema: { tags, body: emailTokenBody, response: { 200: verifyEmailResponse } } },
    async (req, reply) => {
      const result = await auth.undoEmailChange(req.body.token);
      // Every session of the account ended, this browser's too.
      clearSessionCookie(reply);
      return result;
    },
  );
}
