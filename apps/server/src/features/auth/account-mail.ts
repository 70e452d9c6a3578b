import { RESET_TOKEN_TTL_MS, UNDO_EMAIL_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@fst/shared/constants';
import type { Clock } from '../../platform/clock.ts';
import type { JobHandler, QueueOptions } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { AuthRepository } from './auth.repository.ts';

/** The subject of the mail that verifies an address (tests tell it from other mails by it). */
export const VERIFY_SUBJECT = 'Confirm your e-mail address for Family Story Time';

/**
 * The account's e-mails that carry a link, sent as jobs: the request that asks for one answers without
 * waiting for the mail server, so its answer takes the same time whether or not an account exists
 * (issue 23), and a mail server that is down is tried again. Each link's token is made by the job itself,
 * so the job's stored data holds no live link.
 */
export const ACCOUNT_MAIL_QUEUE = 'account.mail';
export const ACCOUNT_MAIL_OPTIONS: QueueOptions = { retryLimit: 4, retryDelaySeconds: 30, expireInSeconds: 120 };

export type AccountMailJob =
  // Sent for any address asked for: the job finds out whether it has an account.
  | { kind: 'password-reset'; email: string }
  // Proves `email`: the account's own address, or the one it asked to change to.
  | { kind: 'verify-email'; userId: string; email: string }
  // Tells the old address of a change asked for, with a link that undoes it.
  | { kind: 'email-change'; userId: string; oldEmail: string; newEmail: string };

type Deps = { users: AuthRepository; mailer: Mailer; clock: Clock; publicUrl: string };

const same = (a: string | null | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

export function createAccountMailer(deps: Deps): JobHandler<AccountMailJob> {
  const { users, mailer, clock, publicUrl } = deps;
  const expiresIn = (ms: number) => new Date(clock.now().getTime() + ms);

  return async (job) => {
    if (job.kind === 'password-reset') {
      const row = await users.findUserByEmail(job.email);
      if (!row) return;
      const token = newToken();
      await users.insertResetToken({ tokenHash: hashToken(token), userId: row.id, expiresAt: expiresIn(RESET_TOKEN_TTL_MS) });
      await mailer.send({
        to: row.email,
        subject: 'Reset your Family Story Time password',
        text: `Hello ${row.firstName},\n\nSomeone asked to reset the password of your Family Story Time account. To choose a new password, open this link within one hour:\n\n${publicUrl}/reset-password/${token}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
      });
      return;
    }

    const row = await users.findUserById(job.userId);
    if (!row) return;
    if (job.kind === 'verify-email') {
      // A link only for an address still waiting for one (the account may have changed it since).
      const forCurrent = same(row.email, job.email) && !row.emailVerifiedAt;
      if (!forCurrent && !same(row.pendingEmail, job.email)) return;
      const token = newToken();
      await users.insertEmailToken({
        tokenHash: hashToken(token),
        userId: row.id,
        purpose: 'verify',
        email: job.email,
        expiresAt: expiresIn(VERIFY_TOKEN_TTL_MS),
      });
      const why = forCurrent
        ? 'Please confirm that this is your e-mail address for Family Story Time'
        : 'You asked to change the e-mail address of your Family Story Time account to this one. Your account keeps its old address until you confirm';
      await mailer.send({
        to: job.email,
        subject: VERIFY_SUBJECT,
        text: `Hello ${row.firstName},\n\n${why} by opening this link within 24 hours:\n\n${publicUrl}/verify-email/${token}\n\nIf you did not ask for this, you can ignore this e-mail.\n`,
      });
      return;
    }

    // The notice goes to the old address even when the change is no longer pending: its owner should know.
    const token = newToken();
    await users.insertEmailToken({
      tokenHash: hashToken(token),
      userId: row.id,
      purpose: 'undo',
      email: job.oldEmail,
      expiresAt: expiresIn(UNDO_EMAIL_TOKEN_TTL_MS),
    });
    await mailer.send({
      to: job.oldEmail,
      subject: 'The e-mail address of your Family Story Time account is being changed',
      text: `Hello ${row.firstName},\n\nSomeone signed in to your Family Story Time account asked to change its e-mail address from ${job.oldEmail} to ${job.newEmail}. The change takes effect once the new address is confirmed.\n\nIf this wasn't you, undo the change with this link (it works for 7 days, also after the change): it gives your account this address back and signs every device out.\n\n${publicUrl}/undo-email-change/${token}\n\nThen change your password.\n`,
    });
  };
}
