import { randomUUID } from 'node:crypto';
import { UNLIMITED_SHARE_TOKENS } from '@fst/shared/constants';
import { canRecordPremium, monthlyAllowance, quoteShare } from '@fst/shared/billing/billing.rules';
import { BILLING_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { RecordingBilling } from '../recordings/recordings.service.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { BillingService } from './billing.service.ts';

/**
 * Premium costs of recordings (decisions.md "Resolved ambiguities"): sharing a premium recording costs
 * share tokens per kid outside its requesting families, checked and spent in one transaction. A family
 * that asked the reader for the premium book (a pending premium story request) is a requesting family.
 */
export function createRecordingCharges(deps: {
  billing: BillingService;
  billingRepository: BillingRepository;
  /** Of these families, those with a pending premium request of the book to the reader (the story queue). */
  premiumRequestFamilies?: (readerId: string, bookId: string, familyIds: readonly string[]) => Promise<ReadonlySet<string>>;
}): RecordingBilling {
  const { billing, billingRepository } = deps;

  async function charge(
    session: SessionUser,
    ref: string,
    isPremium: boolean,
    kids: { id: string; familyId: string }[],
    requestingFamilyIds: ReadonlySet<string>,
  ): Promise<number> {
    if (!isPremium) return 0;
    const user = { id: session.user.id, role: session.user.role };
    const { plan } = await billing.planOf(user.id);
    const tiers = await billing.familyTiers([...new Set(kids.map((k) => k.familyId))]);
    const targets = kids.map((k) => ({ ...k, familyTier: tiers.get(k.familyId) ?? 'free' }));
    return billingRepository.transaction(async (tx) => {
      await tx.lockAccount(user.id);
      // Inside the transaction only `tx` may query (PGlite would wait forever on `db`).
      const unlimited = monthlyAllowance(user.role, plan).shareTokens >= UNLIMITED_SHARE_TOKENS;
      const share = unlimited ? UNLIMITED_SHARE_TOKENS : await tx.balance(user.id, 'share');
      const quote = quoteShare({ isPremium, sharerPlan: plan, kids: targets, requestingFamilyIds, balance: share });
      if (!quote.ok) {
        if (quote.error === 'insufficient_tokens') {
          throw new AppError('insufficient_tokens', RECORDING_TEXTS.insufficientBody(quote.tokensNeeded!, quote.tokensAvailable!), undefined, {
            tokens_needed: quote.tokensNeeded!,
            tokens_available: quote.tokensAvailable!,
          });
        }
        throw new AppError('forbidden', quote.error);
      }
      const { spent } = await billing.spend(tx, user, plan, 'share', quote.tokensNeeded, 'share', ref);
      return spent;
    });
  }

  /**
   * Gives back a charge whose recording or assignment was not stored after all. The charge stays in the
   * ledger under a voided reference beside its refund, so a later attempt of the same thing is charged anew.
   */
  async function refund(ref: string) {
    await billingRepository.transaction(async (tx) => {
      const charged = await tx.entry(ref);
      // An entry of a deleted account (no user) is refunded to no one.
      if (!charged || charged.delta >= 0 || !charged.userId) return;
      const userId = charged.userId;
      await tx.lockAccount(userId);
      const voided = `${ref}#void:${randomUUID()}`;
      await tx.renameEntry(ref, voided);
      await tx.addEntry({ userId, kind: charged.kind, delta: -charged.delta, reason: 'refund', ref: `refund:${voided}` });
    });
  }
  const shareRef = (recordingId: string, kidIds: string[]) => `share:${recordingId}:${[...kidIds].sort().join(',')}`;

  return {
    async chargeUpload({ session, recordingId, bookId, isPremium, kids }) {
      if (!isPremium) return 0;
      const { plan } = await billing.planOf(session.user.id);
      const familyIds = [...new Set(kids.map((k) => k.familyId))];
      const requesting = (await deps.premiumRequestFamilies?.(session.user.id, bookId, familyIds)) ?? new Set<string>();
      if (!canRecordPremium(plan, requesting.size > 0)) throw new AppError('forbidden', BILLING_MESSAGES.premiumRecordingNeedsPlan);
      return charge(session, `upload:${recordingId}`, isPremium, kids, requesting);
    },
    async chargeShare({ session, recordingId, isPremium, kids, requestingFamilyIds }) {
      return charge(
        session,
        shareRef(
          recordingId,
          kids.map((k) => k.id),
        ),
        isPremium,
        kids,
        requestingFamilyIds,
      );
    },
    refundUpload: (recordingId) => refund(`upload:${recordingId}`),
    refundShare: (recordingId, kidIds) => refund(shareRef(recordingId, kidIds)),
    shareTokensRemaining: (userId) => billing.shareBalance(userId),
  };
}
