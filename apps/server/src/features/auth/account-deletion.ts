import { sql } from 'drizzle-orm';
import { DELETION_TEXTS } from '@fst/shared/messages';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, unauthenticated } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PasswordHasher } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { RateLimits } from './auth.service.ts';

/** A voice removed here that its provider must be told to delete too. */
export type ForgottenVoice = { provider: string; providerVoiceId: string };

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = (result: unknown) => (result as Rows).rows;

/**
 * The rows an account deletion removes or rewrites, in one transaction (docs/decisions/016). Foreign keys do
 * most of it when the user row goes (sessions, memberships, recordings, AI stories in their voice, consent,
 * join and story requests asked of them…); this adds what names the person elsewhere, and keeps the payments
 * ledger (`payments`, `token_ledger`) without them. Answers the storage keys and the voice to delete after.
 */
export function createAccountEraser(db: Db) {
  return async function erase(userId: string, email: string): Promise<{ keys: string[]; voice: ForgottenVoice | null }> {
    const address = email.toLowerCase();
    return db.transaction(async (tx) => {
      const files = [
        ...rowsOf(await tx.execute(sql`SELECT media_key, original_key, poster_key FROM recordings WHERE reader_id = ${userId}`)),
        ...rowsOf(await tx.execute(sql`SELECT media_key FROM ai_recordings WHERE reader_id = ${userId}`)),
      ];
      // Each family they were in logs that they left; the actor becomes "a former member" when the row goes.
      await tx.execute(
        sql`INSERT INTO family_activity (family_id, type, actor_id) SELECT family_id, 'member_left', user_id FROM family_members WHERE user_id = ${userId}`,
      );
      // Their pending story requests (asked by them; those asked of them go with the account).
      await tx.execute(sql`UPDATE story_requests SET status = 'cancelled', settled_at = now() WHERE requested_by = ${userId} AND status = 'pending'`);
      // Issue reports carry the address they gave; counters and kept answers may carry the address or the id.
      await tx.execute(sql`DELETE FROM issue_reports WHERE user_id = ${userId} OR lower(email) = ${address}`);
      await tx.execute(sql`DELETE FROM rate_limits WHERE position(${address} in lower(key)) > 0 OR position(${userId} in key) > 0`);
      await tx.execute(
        sql`DELETE FROM idempotent_requests WHERE position(${address} in lower(coalesce(body, ''))) > 0 OR position(${userId} in coalesce(body, '')) > 0`,
      );
      // The payments ledger stays for the accounts; the payment's secret goes (its user id is set null below).
      await tx.execute(sql`UPDATE payments SET client_secret = NULL WHERE user_id = ${userId}`);
      // Jobs the queue keeps (account mails name the address): the finished and waiting ones go; a running one
      // finds no account and does nothing.
      for (const table of ['job', 'archive']) {
        const exists = rowsOf(await tx.execute(sql`SELECT to_regclass(${`pgboss.${table}`}) AS t`))[0]?.t;
        if (!exists) continue;
        await tx.execute(
          sql`DELETE FROM ${sql.raw(`pgboss.${table}`)} WHERE state <> 'active' AND (position(${address} in lower(data::text)) > 0 OR position(${userId} in data::text) > 0)`,
        );
      }
      const [voice] = rowsOf(await tx.execute(sql`DELETE FROM voice_clones WHERE reader_id = ${userId} RETURNING provider, provider_voice_id`));
      await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);
      const keys = [
        ...new Set(files.flatMap((r) => [r.media_key, r.original_key, r.poster_key]).filter((k): k is string => typeof k === 'string' && k.length > 0)),
      ];
      return { keys, voice: voice ? { provider: String(voice.provider), providerVoiceId: String(voice.provider_voice_id) } : null };
    });
  };
}

type Deps = {
  users: AuthRepository;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  limits: RateLimits;
  mailer: Mailer;
  log: { error: (obj: unknown, msg: string) => void; info: (obj: unknown, msg: string) => void };
  erase: ReturnType<typeof createAccountEraser>;
  /** The first family the user is the only admin of that has other members (families). */
  familyNeedingAdmin: (userId: string) => Promise<{ id: string; name: string } | null>;
  /** Deletes the families the user is the only member of (families). */
  deleteFamiliesAlone: (userId: string) => Promise<void>;
  /** Ends a paid plan at the payment provider (billing); throws when the provider cannot be reached. */
  cancelPlan: (userId: string) => Promise<void>;
  /** Deletes stored objects (best effort, logged). */
  removeFiles: (keys: string[]) => Promise<void>;
  /** Deletes the voice at its provider, through a retried job (narration). */
  forgetVoice: (voice: ForgottenVoice) => Promise<void>;
};

/**
 * Deletes an account (issue 25, docs/decisions/016): the password again; refused while the person is the only
 * admin of a family with other members. The plan is cancelled at the provider first, so a provider that cannot
 * be reached leaves everything as it was.
 */
export function createAccountDeletion(deps: Deps) {
  return async function deleteAccount(userId: string, password: string) {
    const row = await deps.users.findUserById(userId);
    if (!row) throw unauthenticated();
    // Wrong passwords count as failed logins of the account: no way around the login limit with a stolen session.
    const attempts = `login:address:${row.email.toLowerCase()}`;
    await deps.limiter.check(attempts, deps.limits.loginPerAddress);
    if (!(await deps.hasher.verify(password, row.passwordHash))) {
      await deps.limiter.hit(attempts, deps.limits.loginPerAddress);
      throw fieldError('password', DELETION_TEXTS.wrongPassword);
    }
    const stuck = await deps.familyNeedingAdmin(row.id);
    if (stuck) throw new AppError('conflict', DELETION_TEXTS.lastAdminOf(stuck.name));
    await deps.cancelPlan(row.id);
    await deps.deleteFamiliesAlone(row.id);
    const { keys, voice } = await deps.erase(row.id, row.email);
    await deps.removeFiles(keys);
    if (voice) await deps.forgetVoice(voice).catch((err) => deps.log.error({ err, provider: voice.provider }, 'voice deletion job could not be sent'));
    await deps.mailer
      .send({ to: row.email, subject: DELETION_TEXTS.accountDeletedSubject, text: DELETION_TEXTS.accountDeletedBody({ firstName: row.firstName }) })
      .catch((err) => deps.log.error({ err }, 'account deletion e-mail failed'));
    deps.log.info({ files: keys.length, voice: Boolean(voice) }, 'account deleted');
    return { ok: true as const };
  };
}
export type DeleteAccount = ReturnType<typeof createAccountDeletion>;
