import type { z } from 'zod';
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from '@fst/shared/constants';
import { EMAIL_TEXTS, SERVER_MESSAGES } from '@fst/shared/messages';
import type { AuthResponse, changePasswordBody, FamilySummary, loginBody, profileBody, signupBody, User } from '@fst/shared/auth/auth.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, unauthenticated } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { hashToken, isDeviceToken, newToken } from '../../platform/tokens.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { ACCOUNT_MAIL_QUEUE, type AccountMailJob } from './account-mail.ts';
import type { AuthRepository, EmailTokenPurpose, UserRow } from './auth.repository.ts';

// A session that is not remembered lives at most this long, however active (idle limit is 12 h).
const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// Refresh last-seen at most once a minute, not on every request.
const TOUCH_EVERY_MS = 60 * 1000;

export type RateLimits = {
  /** Failed logins to one address from one client: past this, that client waits (OWASP: lock address and client together). */
  loginPerAddressAndClient: { max: number; windowMs: number };
  loginPerClient: { max: number; windowMs: number };
  /** Failed logins to one address from every client: past this, only clients that have not failed for it may try. */
  loginPerAddress: { max: number; windowMs: number };
  resetPerAddress: { max: number; windowMs: number };
  resetPerClient: { max: number; windowMs: number };
  /** Verification e-mails asked for again, per account (the default when not given). */
  verifyResend?: { max: number; windowMs: number };
  /** Signups (each a password hash) from one client. */
  signupPerClient: { max: number; windowMs: number };
  /** Wrong current passwords given to change-password, per account. */
  changePasswordPerUser: { max: number; windowMs: number };
};
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAddressAndClient: { max: 10, windowMs: 15 * 60 * 1000 },
  loginPerClient: { max: 50, windowMs: 15 * 60 * 1000 },
  loginPerAddress: { max: 100, windowMs: 15 * 60 * 1000 },
  resetPerAddress: { max: 5, windowMs: 60 * 60 * 1000 },
  resetPerClient: { max: 20, windowMs: 60 * 60 * 1000 },
  verifyResend: { max: 3, windowMs: 60 * 60 * 1000 },
  signupPerClient: { max: 20, windowMs: 60 * 60 * 1000 },
  changePasswordPerUser: { max: 5, windowMs: 15 * 60 * 1000 },
};

export type NewSession = { token: string; persistent: boolean; expiresAt: Date };
export type CurrentSession = { idHash: string; user: User };

type Deps = {
  users: AuthRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Mails with a link go out as jobs (account-mail.ts). */
  jobs: Pick<JobQueue, 'send'>;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  adminEmails: readonly string[];
  limits: RateLimits;
  /** The families feature answers this; the account screens only list them. */
  listFamilies: (userId: string) => Promise<FamilySummary[]>;
  log: { error: (obj: unknown, msg: string) => void };
};

export function createAuthService(deps: Deps) {
  const { users, hasher, mailer, limiter, clock } = deps;
  let dummy: Promise<string> | undefined;
  // Made once; a try refused by a busy hasher is not kept.
  const dummyHash = () =>
    (dummy ??= hasher.hash('not a real password').catch((err: unknown) => {
      dummy = undefined;
      throw err;
    }));

  const toUser = (row: UserRow): User => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    role: row.role,
    // ADMIN_EMAILS counts only for an address proven to be the account's (docs/decisions/013).
    is_admin: row.isAdmin || (row.emailVerifiedAt !== null && deps.adminEmails.includes(row.email.toLowerCase())),
    email_verified: row.emailVerifiedAt !== null,
  });
  const toProfile = (row: UserRow) => ({
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    pending_email: row.pendingEmail,
  });
  const sendAccountMail = (job: AccountMailJob) => deps.jobs.send(ACCOUNT_MAIL_QUEUE, job);
  const same = (a: string | null, b: string) => a?.toLowerCase() === b.toLowerCase();

  /** Uses an e-mailed link's token, or says plainly why it cannot be used (400 with `reason`). */
  async function useEmailToken(token: string, purpose: EmailTokenPurpose) {
    const tokenHash = hashToken(token);
    const now = clock.now();
    const used = await users.consumeEmailToken(tokenHash, purpose, now);
    if (used) return used;
    const found = await users.findEmailToken(tokenHash, purpose);
    if (found?.usedAt) throw new AppError('invalid_input', EMAIL_TEXTS.linkUsed, undefined, { reason: 'used' });
    if (found) throw new AppError('invalid_input', EMAIL_TEXTS.linkExpired, undefined, { reason: 'expired' });
    throw new AppError('invalid_input', EMAIL_TEXTS.linkInvalid, undefined, { reason: 'invalid' });
  }

  /** Refuses an address another account has (or may still take back with an undo link). */
  async function assertAddressFree(email: string, userId: string | null) {
    const taken = userId ? await users.emailTakenByOther(email, userId) : Boolean(await users.findUserByEmail(email));
    if (taken) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
    if (await users.addressReserved(email, userId, clock.now())) throw fieldError('email', EMAIL_TEXTS.addressReserved, 'conflict');
  }
  const uniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

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
    async signup(body: z.output<typeof signupBody>, client: string) {
      // Counted before hashing: each signup costs a password hash.
      await limiter.hit(`signup:client:${client}`, deps.limits.signupPerClient);
      if (await users.addressReserved(body.email, null, clock.now())) throw fieldError('email', EMAIL_TEXTS.addressReserved, 'conflict');
      const passwordHash = await hasher.hash(body.password);
      const row = await users.insertUser({
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        passwordHash,
        role: body.role,
      });
      if (!row) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
      await sendAccountMail({ kind: 'verify-email', userId: row.id, email: row.email });
      return { ...(await authResponse(row)), session: await startSession(row.id, false) };
    },

    async login(body: z.output<typeof loginBody>, client: string, previousToken: string | undefined) {
      // Every attempt is counted before the password is checked, so parallel attempts cannot all pass a check
      // made before any failed; a login that succeeds gives its counts back. The lock is per address and client
      // (OWASP Authentication Cheat Sheet), so failures elsewhere never lock the owner out.
      const email = body.email.toLowerCase();
      const pair = await limiter.hit(`login:address-client:${email}:${client}`, deps.limits.loginPerAddressAndClient, SERVER_MESSAGES.loginLocked);
      const fromClient = await limiter.hit(`login:client:${client}`, deps.limits.loginPerClient, SERVER_MESSAGES.loginLocked);
      const address = await limiter.take(`login:address:${email}`, deps.limits.loginPerAddress.windowMs);
      // An address guessed at from many clients: each client that has failed for it waits, the others may try.
      if (address.count > deps.limits.loginPerAddress.max && pair.count > 1) throw new AppError('rate_limited', SERVER_MESSAGES.loginLocked);
      const row = await users.findUserByEmail(body.email);
      // Verify against a dummy hash when the address is unknown, so timing does not reveal accounts.
      const ok = await hasher.verify(body.password, row?.passwordHash ?? (await dummyHash()));
      if (!row || !ok) throw new AppError('unauthenticated', SERVER_MESSAGES.invalidCredentials);
      await Promise.all([pair, fromClient, address].map((r) => limiter.release(r)));
      // A new id at every login (no session fixation).
      if (previousToken) await users.deleteSession(hashToken(previousToken));
      return { ...(await authResponse(row)), session: await startSession(row.id, body.remember) };
    },

    async logout(token: string | undefined) {
      if (token) await users.deleteSession(hashToken(token));
    },

    /** The signed-in user of a cookie token, or null; slides the idle window of browser sessions. */
    async resolveSession(token: string | undefined): Promise<CurrentSession | null> {
      // A kid device's token is the devices feature's (decision 018).
      if (!token || token.length > 100 || isDeviceToken(token)) return null;
      const now = clock.now();
      const idHash = hashToken(token);
      const row = await users.findLiveSession(idHash, now);
      if (!row) return null;
      const { session } = row;
      const current: CurrentSession = { idHash, user: toUser(row.user) };
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = session.persistent
          ? session.expiresAt
          : new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS));
        await users.touchSession(idHash, now, expiresAt);
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
      // The same work and answer whether or not the address exists: the job looks the account up.
      await sendAccountMail({ kind: 'password-reset', email });
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
      // A stolen session must not be a way to guess the password: wrong tries are counted, per account.
      const attempt = await limiter.hit(`change-password:user:${row.id}`, deps.limits.changePasswordPerUser);
      if (!(await hasher.verify(body.current_password, row.passwordHash))) {
        throw fieldError('current_password', SERVER_MESSAGES.currentPasswordWrong);
      }
      await limiter.release(attempt);
      const updated = await users.updateUser(row.id, { passwordHash: await hasher.hash(body.new_password) });
      await users.deleteOtherSessions(row.id, current.idHash);
      await passwordChangedMail(updated ?? row);
      return { message: SERVER_MESSAGES.passwordChanged };
    },

    async profile(userId: string) {
      const row = await users.findUserById(userId);
      if (!row) throw unauthenticated();
      return toProfile(row);
    },

    /**
     * Saves names at once. A new address needs the current password and takes effect only once a link sent
     * to it is opened; the old address is told, with a link that undoes the change (docs/decisions/013).
     */
    async updateProfile(userId: string, body: z.output<typeof profileBody>) {
      const current = await users.findUserById(userId);
      if (!current) throw unauthenticated();
      const names = { firstName: body.first_name, lastName: body.last_name };
      // The same address in other letter case is no change of address.
      if (same(current.email, body.email)) {
        let row: UserRow | undefined;
        try {
          row = await users.updateUser(userId, { ...names, email: body.email });
        } catch (err) {
          if (uniqueViolation(err)) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
          throw err;
        }
        if (!row) throw unauthenticated();
        return toProfile(row);
      }
      if (!body.current_password) throw fieldError('current_password', EMAIL_TEXTS.currentPasswordForEmail);
      // Wrong passwords count as failed logins of the account, so this is no way around the login limit.
      const attempts = `login:address:${current.email.toLowerCase()}`;
      await limiter.check(attempts, deps.limits.loginPerAddress);
      if (!(await hasher.verify(body.current_password, current.passwordHash))) {
        await limiter.hit(attempts, deps.limits.loginPerAddress);
        throw fieldError('current_password', SERVER_MESSAGES.currentPasswordWrong);
      }
      await assertAddressFree(body.email, userId);
      const row = await users.updateUser(userId, { ...names, pendingEmail: body.email });
      if (!row) throw unauthenticated();
      await sendAccountMail({ kind: 'verify-email', userId, email: body.email });
      await sendAccountMail({ kind: 'email-change', userId, oldEmail: current.email, newEmail: body.email });
      return toProfile(row);
    },

    /** Sends the link that verifies the address waiting for it: a change asked for, else the account's own. */
    async resendVerification(userId: string) {
      const [key, limit] = [`verify:user:${userId}`, deps.limits.verifyResend ?? DEFAULT_RATE_LIMITS.verifyResend!];
      // Only mails sent count: a refused call changes nothing.
      await limiter.check(key, limit);
      const row = await users.findUserById(userId);
      if (!row) throw unauthenticated();
      const email = row.pendingEmail ?? (row.emailVerifiedAt ? null : row.email);
      if (!email) throw new AppError('invalid_input', EMAIL_TEXTS.alreadyVerified);
      await limiter.hit(key, limit);
      await sendAccountMail({ kind: 'verify-email', userId, email });
      return { message: EMAIL_TEXTS.resent };
    },

    /** Opens a verification link: the account's address is proven, or the address it asked for becomes its own. */
    async verifyEmail(token: string) {
      const link = await useEmailToken(token, 'verify');
      const row = await users.findUserById(link.userId);
      if (!row) throw new AppError('invalid_input', EMAIL_TEXTS.linkInvalid, undefined, { reason: 'invalid' });
      const now = clock.now();
      if (same(row.email, link.email)) {
        if (!row.emailVerifiedAt) await users.updateUser(row.id, { emailVerifiedAt: now });
        return { message: EMAIL_TEXTS.verified, email: row.email };
      }
      if (!same(row.pendingEmail, link.email)) throw new AppError('invalid_input', EMAIL_TEXTS.linkStale, undefined, { reason: 'stale' });
      await assertAddressFree(link.email, row.id);
      try {
        await users.updateUser(row.id, { email: link.email, pendingEmail: null, emailVerifiedAt: now });
      } catch (err) {
        // Another account took the address meanwhile: the unique index decides.
        if (uniqueViolation(err)) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
        throw err;
      }
      return { message: EMAIL_TEXTS.changed(link.email), email: link.email };
    },

    /**
     * Opens an undo link sent to the old address: the account gets it back, a change still waiting is dropped,
     * every link sent before is void (a reset link sent to the new address included) and every session ends.
     */
    async undoEmailChange(token: string) {
      const link = await useEmailToken(token, 'undo');
      const row = await users.findUserById(link.userId);
      if (!row) throw new AppError('invalid_input', EMAIL_TEXTS.linkInvalid, undefined, { reason: 'invalid' });
      const now = clock.now();
      if (!same(row.email, link.email)) await assertAddressFree(link.email, row.id);
      try {
        // The link was opened from the old address's mailbox: that address is proven.
        await users.updateUser(row.id, { email: link.email, pendingEmail: null, emailVerifiedAt: now });
      } catch (err) {
        if (uniqueViolation(err)) throw fieldError('email', SERVER_MESSAGES.emailTaken, 'conflict');
        throw err;
      }
      await users.invalidateEmailTokens(row.id, now);
      await users.invalidateResetTokens(row.id, now);
      await users.deleteOtherSessions(row.id, null);
      return { message: EMAIL_TEXTS.undone(link.email), email: link.email };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
