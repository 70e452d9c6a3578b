import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '@fst/shared/constants';
import {
  authResponse,
  changePasswordBody,
  checkSessionResponse,
  forgotPasswordBody,
  loginBody,
  messageResponse,
  profileBody,
  profileResponse,
  resetPasswordBody,
  resetTokenParams,
  signupBody,
} from '@fst/shared/auth/auth.schema';
import { okResponse } from '@fst/shared/http/error.schema';
import { requireSession, type App } from '../../platform/http.ts';
import type { AuthService, NewSession } from './auth.service.ts';

export function authRoutes(app: App, opts: { auth: AuthService; secureCookies: boolean }) {
  const { auth } = opts;
  const tags = ['auth'];

  const setSessionCookie = (reply: FastifyReply, session: NewSession) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.secureCookies,
      // Without "remember me" the cookie ends with the browser.
      ...(session.persistent ? { expires: session.expiresAt } : {}),
    });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: opts.secureCookies });

  app.post('/api/auth/signup', { config: { public: true }, schema: { tags, body: signupBody, response: { 201: authResponse } } }, async (req, reply) => {
    const { session, ...result } = await auth.signup(req.body);
    setSessionCookie(reply, session);
    return reply.code(201).send(result);
  });

  app.post('/api/auth/login', { config: { public: true }, schema: { tags, body: loginBody, response: { 200: authResponse } } }, async (req, reply) => {
    const { session, ...result } = await auth.login(req.body, req.ip, req.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, session);
    return result;
  });

  app.post('/api/auth/logout', { config: { public: true }, schema: { tags, response: { 200: okResponse } } }, async (req, reply) => {
    await auth.logout(req.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  app.get('/api/auth/me', { config: { cached: true }, schema: { tags, response: { 200: authResponse } } }, async (req) =>
    auth.me(requireSession(req)),
  );

  app.get('/api/auth/check-session', { config: { public: true }, schema: { tags, response: { 200: checkSessionResponse } } }, async (req) => ({
    authenticated: req.session !== null,
  }));

  app.post('/api/auth/forgot-password', { config: { public: true }, schema: { tags, body: forgotPasswordBody, response: { 200: messageResponse } } }, async (req) =>
    auth.forgotPassword(req.body.email, req.ip),
  );

  app.post(
    '/api/auth/reset-password/:token',
    { config: { public: true }, schema: { tags, params: resetTokenParams, body: resetPasswordBody, response: { 200: messageResponse } } },
    async (req, reply) => {
      const result = await auth.resetPassword(req.params.token, req.body.password, req.ip);
      clearSessionCookie(reply);
      return result;
    },
  );

  for (const url of ['/api/auth/change-password', '/api/me/change-password']) {
    app.post(url, { schema: { tags, body: changePasswordBody, response: { 200: messageResponse } } }, async (req) =>
      auth.changePassword(requireSession(req), req.body),
    );
  }

  app.get('/api/me', { schema: { tags, response: { 200: profileResponse } } }, async (req) =>
    auth.profile(requireSession(req).user.id),
  );
  for (const url of ['/api/me', '/api/auth/update-profile']) {
    app.put(url, { schema: { tags, body: profileBody, response: { 200: profileResponse } } }, async (req) =>
      auth.updateProfile(requireSession(req).user.id, req.body),
    );
  }
}
