import type { z } from 'zod';
import {
  RESET_TOKEN_TTL_MS,
  SESSION_IDLE_MS,
  SESSION_REMEMBER_MS,
} from '@fst/shared/constants';
import { SERVER_MESSAGES } from '@fst/shared/messages';
import type {
  AuthResponse,
  changePasswordBody,
  FamilySummary,
  loginBody,
  profileBody,
  signupBody,
  User,
} from '@fst/shared/auth/auth.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, unauthenticated } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { noReadCache, type ReadCache } from '../../platform/cache/read-cache.ts';
import type { AuthRepository, SessionRow, UserRow } from './auth.repository.ts';

// A session that is not remembered lives at most this long, however active (idle limit is 12 h).
const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// Refresh last-seen at most once a minute, not on every request.
const TOUCH_EVERY_MS = 60 * 1000;

export type RateLimits = {
  loginPerAddress: { max: number; windowMs: number };
  loginPerClient: { max: number; windowMs: number };
  resetPerAddress: { max: number; windowMs: number };
  resetPerClient: { max: number; windowMs: number };
};
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAddress: { max: 10, windowMs: 15 * 60 * 1000 },
  loginPerClient: { max: 50, windowMs: 15 * 60 * 1000 },
  resetPerAddress: { max: 5, windowMs: 60 * 60 * 1000 },
  resetPerClient: { max: 20, windowMs: 60 * 60 * 1000 },
};

export type NewSession = { token: string; persistent: boolean; expiresAt: Date };
export type CurrentSession = { idHash: string; user: User };
/** A live session as read from the database, with its user and the request's view of both: what the session cache keeps. */
export type LiveSession = { session: SessionRow; current: CurrentSession };

type Deps = {
  users: AuthRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  adminEmails: readonly string[];
  limits: RateLimits;
  /** The families feature answers this; the account screens only list them. */
  listFamilies: (userId: string) => Promise<FamilySummary[]>;
  /** Sessions read lately, by cookie token (none kept when not given). */
  sessions?: ReadCache<LiveSession>;
  log: { error: (obj: unknown, msg: string) => void };
};

export function createAuthService(deps: Deps) {
  const { users, hasher, mailer, limiter, clock } = deps;
  const liveSessions = deps.sessions ?? noReadCache<LiveSession>();
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hasher.hash('not a real password'));

  const toUser = (row: UserRow): User => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    is_admin: row.isAdmin || deps.adminEmails.includes(row.email.toLowerCase()),
  });

  const authResponse = async (row: UserRow): Promise<AuthResponse> => ({
    user: toUser(row),
    families: await deps.listFamilies(row.id),
  });

  async function startSession(userId: string, persistent: boolean): Promise<NewSession> {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + (persistent ? SESSION_REMEMBER_MS : SESSION_IDLE_MS));
    await users.insertSession({ idHash: hashToken(token), userId, persistent, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, persistent, expiresAt };
  }

  // Mail is best effort: a mail server being down must not undo a password change.
  async function sendMail(to: string, subject: string, text: string) {
    try {
      await mailer.send({ to, subject, text });
    } catch (err) {
      deps.log.error({ err, subject }, 'mail could not be sent');
    }
  }

  const passwordChangedMail = (row: UserRow) =>
    sendMail(
      row.email,
      'Your Family Story Time password was changed',
      `Hello ${row.firstName},\n\nThe password of your Family Story Time account was just changed, and other devices were signed out.\n\nIf this was not you, reset your password now: ${deps.publicUrl}/forgot-password\n`,
    );

  return {
    async signup(body: z.output<typeof signupBody>) {
      const passwordHash = await hasher.hash(body.password);
      const row = await users.insertUser({
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        passwordHash,
        role: body.role,
      });
      if (!row) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
      return { ...(await authResponse(row)), session: await startSession(row.id, false) };
    },

    async login(body: z.output<typeof loginBody>, client: string, previousToken: string | undefined) {
      // Failed attempts count, per client and per address; a blocked window refuses even the right password.
      const clientKey = `login:client:${client}`;
      const addressKey = `login:address:${body.email.toLowerCase()}`;
      await limiter.check(clientKey, deps.limits.loginPerClient);
      await limiter.check(addressKey, deps.limits.loginPerAddress);
      const row = await users.findUserByEmail(body.email);
      // Verify against a dummy hash when the address is unknown, so timing does not reveal accounts.
      const ok = await hasher.verify(body.password, row?.passwordHash ?? (await dummyHash()));
      if (!row || !ok) {
        await limiter.hit(clientKey, deps.limits.loginPerClient);
        await limiter.hit(addressKey, deps.limits.loginPerAddress);
        throw new AppError('unauthenticated', SERVER_MESSAGES.invalidCredentials);
      }
      // A new id at every login (no session fixation).
      if (previousToken) await users.deleteSession(hashToken(previousToken));
      return { ...(await authResponse(row)), session: await startSession(row.id, body.remember) };
    },

    async logout(token: string | undefined) {
      if (token) await users.deleteSession(hashToken(token));
    },

    /** The signed-in user of a cookie token, or null; slides the idle window of browser sessions. */
    async resolveSession(token: string | undefined): Promise<CurrentSession | null> {
      if (!token || token.length > 100) return null;
      const now = clock.now();
      // Copies are found by the token itself, so a request answered from one hashes nothing.
      let found = liveSessions.get(token);
      // A copy past its expiry is read again: another instance may have slid the idle window since.
      if (!found || found.session.expiresAt.getTime() <= now.getTime()) {
        const begun = liveSessions.begin();
        const idHash = hashToken(token);
        const row = await users.findLiveSession(idHash, now);
        if (!row) return null;
        // Shared by every request answered from this copy: frozen, so none can change it for the others.
        found = { session: row.session, current: Object.freeze({ idHash, user: Object.freeze(toUser(row.user)) }) };
        liveSessions.set(token, found, begun);
      }
      const { session, current } = found;
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = session.persistent
          ? session.expiresAt
          : new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS));
        const begun = liveSessions.begin();
        await users.touchSession(current.idHash, now, expiresAt);
        liveSessions.set(token, { current, session: { ...session, lastSeenAt: now, expiresAt } }, begun);
      }
      return current;
    },

    /** The signed-in user, as the session lookup of this request read them (one statement less), and their families. */
    async me(session: CurrentSession): Promise<AuthResponse> {
      return { user: session.user, families: await deps.listFamilies(session.user.id) };
    },

    async forgotPassword(email: string, client: string) {
      await limiter.hit(`reset:client:${client}`, deps.limits.resetPerClient);
      await limiter.hit(`reset:address:${email.toLowerCase()}`, deps.limits.resetPerAddress);
      const row = await users.findUserByEmail(email);
      if (row) {
        const token = newToken();
        await users.insertResetToken({
          tokenHash: hashToken(token),
          userId: row.id,
          expiresAt: new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS),
        });
        await sendMail(
          row.email,
          'Reset your Family Story Time password',
          `Hello ${row.firstName},\n\nSomeone asked to reset the password of your Family Story Time account. To choose a new password, open this link within one hour:\n\n${deps.publicUrl}/reset-password/${token}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
        );
      }
      // The same answer whether or not the address exists.
      return { message: SERVER_MESSAGES.forgotSent };
    },

    async resetPassword(token: string, password: string, client: string) {
      await limiter.hit(`reset:client:${client}`, deps.limits.resetPerClient);
      const now = clock.now();
      const userId = await users.consumeResetToken(hashToken(token), now);
      if (!userId) throw new AppError('invalid_input', SERVER_MESSAGES.resetInvalid);
      const row = await users.updateUser(userId, { passwordHash: await hasher.hash(password) });
      if (!row) throw new AppError('invalid_input', SERVER_MESSAGES.resetInvalid);
      await users.invalidateResetTokens(userId, now);
      await users.deleteOtherSessions(userId, null);
      await passwordChangedMail(row);
      return { message: SERVER_MESSAGES.resetDone };
    },

    async changePassword(current: CurrentSession, body: z.output<typeof changePasswordBody>) {
      const row = await users.findUserById(current.user.id);
      if (!row) throw unauthenticated();
      if (!(await hasher.verify(body.current_password, row.passwordHash))) {
        throw fieldError('current_password', SERVER_MESSAGES.currentPasswordWrong);
      }
      const updated = await users.updateUser(row.id, { passwordHash: await hasher.hash(body.new_password) });
      await users.deleteOtherSessions(row.id, current.idHash);
      await passwordChangedMail(updated ?? row);
      return { message: SERVER_MESSAGES.passwordChanged };
    },

    async profile(userId: string) {
      const row = await users.findUserById(userId);
      if (!row) throw unauthenticated();
      return { first_name: row.firstName, last_name: row.lastName, email: row.email };
    },

    async updateProfile(userId: string, body: z.output<typeof profileBody>) {
      if (await users.emailTakenByOther(body.email, userId)) {
        throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
      }
      let row: UserRow | undefined;
      try {
        row = await users.updateUser(userId, { firstName: body.first_name, lastName: body.last_name, email: body.email });
      } catch (err) {
        // Two accounts racing for one address: the unique index decides.
        if ((err as { code?: string }).code === '23505') throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
        throw err;
      }
      if (!row) throw unauthenticated();
      return { first_name: row.firstName, last_name: row.lastName, email: row.email };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
