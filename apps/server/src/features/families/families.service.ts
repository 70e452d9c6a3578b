import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { KID_AVATAR_COLORS, READER_AVATAR_COLORS, type PlanType } from '@fst/shared/constants';
import { DELETION_TEXTS, FAMILY_ACTIVITY_TEXTS, FAMILY_MAIL_TEXTS, FAMILY_SERVER_MESSAGES, FAMILY_TEXTS } from '@fst/shared/messages';
import { avatarColor, familyCodeFrom, formatFamilyCode, initials, isFamilyAdmin, isParentRole, joiningRole } from '@fst/shared/families/families.rules';
import type {
  createFamilyBody,
  FamilyDetail,
  FamilyListItem,
  FamilySearchResult,
  JoinByCodeAnswer,
  JoinRequest,
  joinFamilyBody,
  MyJoinRequest,
  Kid,
  kidBody,
  Reader,
} from '@fst/shared/families/families.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { FamilyAccess } from './families.access.ts';
import type { FamiliesRepository, FamilyRoleValue, FamilyRow, KidRow } from './families.repository.ts';

const SEARCH_LIMIT = 20;
const CODE_ATTEMPTS = 8;
// Code joins that found no family (issue 27): 10 an hour per account, 30 per client (a household behind one
// address), then a wait until the hour is over. Each try is counted before the lookup and given back when the
// code was right, so parallel guesses cannot get past the limit.
export const CODE_GUESSES_PER_ACCOUNT = { max: 10, windowMs: 60 * 60_000 };
export const CODE_GUESSES_PER_CLIENT = { max: 30, windowMs: 60 * 60_000 };

/** What the recordings and narration features know about readers; empty until they exist. */
export type ReaderActivity = {
  readerStats(familyId: string, readerIds: string[]): Promise<Map<string, { storiesRecorded: number; lastRecorded: Date | null; readsTo: string[] }>>;
  kidStoryCounts(kidIds: string[]): Promise<Map<string, number>>;
  hasVoiceClone(readerIds: string[]): Promise<Set<string>>;
  /** Watched plays of each reader's recordings by the family's kids (playback). */
  timesWatched(familyId: string, readerIds: string[]): Promise<Map<string, number>>;
};
export const noReaderActivity: ReaderActivity = {
  readerStats: async () => new Map(),
  kidStoryCounts: async () => new Map(),
  hasVoiceClone: async () => new Set(),
  timesWatched: async () => new Map(),
};

type Deps = {
  families: FamiliesRepository;
  access: FamilyAccess;
  clock: Clock;
  activity: ReaderActivity;
  /** The family's tier, from its admin's active subscription (billing); free until then. */
  familyTier: (familyId: string) => Promise<PlanType>;
  limiter: RateLimiter;
  /** Gives back an attempt `limiter.hit` counted. */
  releaseAttempt: (key: string) => Promise<void>;
  mailer: Mailer;
  /** Links in the e-mails start here (PUBLIC_URL). */
  publicUrl: string;
  log: { error: (obj: unknown, msg: string) => void };
  /** Removes a member's stories from the family and deletes those no other family has (recordings). */
  removeStories: (readerId: string, familyId: string, actorId: string) => Promise<number>;
  /** Deletes stored objects once the rows naming them are gone (best effort: a failure is logged). */
  removeFiles: (keys: string[]) => Promise<void>;
};

export function createFamiliesService(deps: Deps) {
  const { families, access } = deps;

  const toKid = (row: KidRow, family: Pick<FamilyRow, 'name'>, tier: PlanType, stories: number): Kid => ({
    id: row.id,
    first_name: row.firstName,
    name: row.firstName,
    age: row.age,
    family_id: row.familyId,
    family_name: family.name,
    avatar: initials(row.firstName),
    avatarColor: avatarColor(row.id, KID_AVATAR_COLORS),
    stories,
    familySubscriptionTier: tier,
  });

  /** The family's kids; `tier` when the caller is asking for the family's tier anyway (asked once). */
  async function kidsOf(family: FamilyRow, familyTier: Promise<PlanType> = deps.familyTier(family.id)): Promise<Kid[]> {
    const [rows, tier] = await Promise.all([families.kids(family.id), familyTier]);
    const stories = await deps.activity.kidStoryCounts(rows.map((k) => k.id));
    return rows.map((k) => toKid(k, family, tier, stories.get(k.id) ?? 0));
  }

  /** The family as its member in `role` sees it (the membership was checked by the caller). */
  async function detail(family: FamilyRow, role: FamilyRoleValue): Promise<FamilyDetail> {
    const familyTier = deps.familyTier(family.id);
    const [members, kids, tier] = await Promise.all([families.members(family.id), kidsOf(family, familyTier), familyTier]);
    return {
      id: family.id,
      name: family.name,
      family_name: family.name,
      family_code: isFamilyAdmin(role) ? formatFamilyCode(family.code) : null,
      my_role: role,
      member_count: members.length,
      kids_count: kids.length,
      subscription_tier: tier,
      code_joins_need_approval: family.codeJoinsNeedApproval,
      members: members.map((m) => ({
        id: m.id,
        first_name: m.firstName,
        last_name: m.lastName,
        family_role: m.familyRole,
        relationship: m.relationship,
        avatar: initials(m.firstName, m.lastName),
        avatarColor: avatarColor(m.id, m.familyRole === 'reader' ? READER_AVATAR_COLORS : KID_AVATAR_COLORS),
      })),
      kids,
    };
  }

  /** Tells the family's admins that someone used the code; best effort (a mail failure is logged, the join stays). */
  async function tellAdmins(family: FamilyRow, session: SessionUser, what: 'joined' | 'requested') {
    const name = `${session.user.first_name} ${session.user.last_name}`.trim();
    const familyUrl = `${deps.publicUrl}/family`;
    for (const admin of await families.admins(family.id)) {
      const input = { adminFirstName: admin.firstName, name, email: session.user.email, familyName: family.name, familyUrl };
      const message =
        what === 'joined'
          ? { subject: FAMILY_MAIL_TEXTS.joinedByCodeSubject(family.name), text: FAMILY_MAIL_TEXTS.joinedByCodeBody(input) }
          : { subject: FAMILY_MAIL_TEXTS.requestedByCodeSubject(family.name), text: FAMILY_MAIL_TEXTS.requestedByCodeBody(input) };
      await deps.mailer.send({ to: admin.email, ...message }).catch((err) => deps.log.error({ err }, 'family code e-mail failed'));
    }
  }

  /** The family, for a caller whose membership was checked before. */
  async function loadFamily(familyId: string) {
    const family = await families.findFamily(familyId);
    if (!family) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
    return family;
  }

  /**
   * Deletes a family and the files of what went with it (docs/decisions/016); its members, but `exceptId`, are
   * told by e-mail. Answers false when there was no such family.
   */
  async function eraseFamily(family: FamilyRow, exceptId: string | null) {
    const members = (await families.memberContacts(family.id)).filter((m) => m.id !== exceptId);
    const keys = await families.deleteFamily(family.id);
    if (keys === null) return false;
    await deps.removeFiles(keys);
    for (const m of members) {
      await deps.mailer
        .send({
          to: m.email,
          subject: DELETION_TEXTS.familyDeletedSubject(family.name),
          text: DELETION_TEXTS.familyDeletedBody({ firstName: m.firstName, familyName: family.name, publicUrl: deps.publicUrl }),
        })
        .catch((err) => deps.log.error({ err }, 'family deletion e-mail failed'));
    }
    return true;
  }

  return {
    /** Deletes a family for its admin, who typed its exact name (docs/decisions/016). */
    async deleteFamily(session: SessionUser, familyId: string, confirmName: string) {
      await access.requireAdmin(familyId, session.user.id);
      const family = await loadFamily(familyId);
      if (confirmName !== family.name) throw fieldError('confirm_name', DELETION_TEXTS.confirmNameWrong);
      if (!(await eraseFamily(family, session.user.id))) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
      return { ok: true as const };
    },

    /** Deletes the families `userId` is the only member of (their account is being deleted). */
    async deleteFamiliesAlone(userId: string) {
      for (const f of await families.familiesOf(userId)) {
        if (f.memberCount !== 1) continue;
        const family = await families.findFamily(f.id);
        if (family) await eraseFamily(family, userId);
      }
    },

    /** The first family `userId` is the only admin of that has other members: their account cannot go yet. */
    async familyNeedingAdmin(userId: string): Promise<{ id: string; name: string } | null> {
      for (const f of await families.familiesOf(userId)) {
        if (f.role !== 'admin' || f.memberCount <= 1) continue;
        if ((await families.otherAdminCount(f.id, userId)) === 0) return { id: f.id, name: f.name };
      }
      return null;
    },

    async listForUser(userId: string): Promise<FamilyListItem[]> {
      const rows = await families.familiesOf(userId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        family_name: r.name,
        my_role: r.role,
        member_count: r.memberCount,
        kids_count: r.kidsCount,
      }));
    },

    async create(session: SessionUser, body: z.output<typeof createFamilyBody>) {
      if (session.user.role !== 'parent') throw forbidden(FAMILY_SERVER_MESSAGES.onlyParentsCreate);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const family = await families.createFamily(body.family_name, familyCodeFrom(randomInt), session.user.id);
        if (family) return { family: await detail(family, (await access.requireMember(family.id, session.user.id)).role) };
      }
      throw new AppError('conflict', FAMILY_TEXTS.createFailed);
    },

    async get(session: SessionUser, familyId: string) {
      const { role } = await access.requireMember(familyId, session.user.id);
      return { family: await detail(await loadFamily(familyId), role) };
    },

    /**
     * Joins by family code (decisions.md "Families"): a grandparent becomes a reader at once; a parent account
     * gets a pending join request (a code never makes a parent). The family's admins are e-mailed either way.
     */
    async joinByCode(session: SessionUser, body: z.output<typeof joinFamilyBody>, client: string): Promise<JoinByCodeAnswer> {
      const keys = [`family-code:account:${session.user.id}`, `family-code:client:${client}`] as const;
      try {
        await deps.limiter.hit(keys[0], CODE_GUESSES_PER_ACCOUNT);
        await deps.limiter.hit(keys[1], CODE_GUESSES_PER_CLIENT);
      } catch (err) {
        if (err instanceof AppError && err.code === 'rate_limited') throw new AppError('rate_limited', FAMILY_SERVER_MESSAGES.tooManyCodes);
        throw err;
      }
      const family = await families.findFamilyByCode(body.family_code);
      if (!family) throw new AppError('not_found', FAMILY_SERVER_MESSAGES.codeUnknown, { family_code: [FAMILY_SERVER_MESSAGES.codeUnknown] });
      for (const key of keys) await deps.releaseAttempt(key);
      // Joining twice is harmless: the existing membership and role stay.
      const member = await families.membership(family.id, session.user.id);
      if (member) return { status: 'joined', family: await detail(family, member.familyRole) };
      const relationship = body.relationship || null;
      if (joiningRole(session.user.role) !== 'reader' || family.codeJoinsNeedApproval) {
        const requestId = await families.upsertPendingRequest(family.id, session.user.id, relationship);
        await tellAdmins(family, session, 'requested');
        return {
          status: 'requested',
          message: FAMILY_SERVER_MESSAGES.codeJoinRequested(family.name),
          request_id: requestId,
          family: { id: family.id, name: family.name },
        };
      }
      await families.addMember(family.id, session.user.id, 'reader', relationship);
      await tellAdmins(family, session, 'joined');
      return { status: 'joined', family: await detail(family, (await access.requireMember(family.id, session.user.id)).role) };
    },

    async search(session: SessionUser, q: string): Promise<{ families: FamilySearchResult[] }> {
      const rows = await families.search(q, SEARCH_LIMIT);
      const ids = rows.map((r) => r.id);
      const [memberOf, pending] = await Promise.all([families.memberFamilyIds(session.user.id, ids), families.pendingRequestFamilyIds(session.user.id, ids)]);
      // Never the code: search is how strangers find a family.
      return {
        families: rows.map((r) => ({
          id: r.id,
          name: r.name,
          member_count: r.memberCount,
          kids_count: r.kidsCount,
          is_member: memberOf.has(r.id),
          request_pending: pending.has(r.id),
        })),
      };
    },

    async requestJoin(session: SessionUser, familyId: string, relationship: string | undefined) {
      const family = await families.findFamily(familyId);
      if (!family) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
      if (await families.membership(familyId, session.user.id)) {
        throw new AppError('conflict', FAMILY_SERVER_MESSAGES.alreadyMember);
      }
      const requestId = await families.upsertPendingRequest(familyId, session.user.id, relationship || null);
      return { message: FAMILY_TEXTS.requestSent, request_id: requestId };
    },

    async pendingRequests(session: SessionUser, familyId: string): Promise<{ requests: JoinRequest[] }> {
      await access.requireAdmin(familyId, session.user.id);
      const rows = await families.pendingRequests(familyId);
      return {
        requests: rows.map((r) => ({
          id: r.id,
          family_id: r.familyId,
          requester: { first_name: r.firstName, last_name: r.lastName, email: r.email },
          relationship: r.relationship,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** The caller's own pending join requests, so their dashboard can show what they wait for (issue 22.12). */
    async myJoinRequests(session: SessionUser): Promise<{ requests: MyJoinRequest[] }> {
      const rows = await families.pendingRequestsOf(session.user.id);
      return {
        requests: rows.map((r) => ({
          id: r.id,
          family_id: r.familyId,
          family_name: r.familyName,
          relationship: r.relationship,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** Withdraws the caller's own pending request; anyone else's, or one already handled, is not found. */
    async withdrawMyJoinRequest(session: SessionUser, requestId: string) {
      if (!(await families.withdrawRequest(requestId, session.user.id, deps.clock.now()))) throw notFound(FAMILY_SERVER_MESSAGES.requestNotFound);
      return { ok: true as const };
    },

    async reviewRequest(session: SessionUser, familyId: string, requestId: string, action: 'approve' | 'reject') {
      await access.requireAdmin(familyId, session.user.id);
      const found = await families.findRequest(familyId, requestId);
      if (!found) throw notFound(FAMILY_SERVER_MESSAGES.requestNotFound);
      const { request, requesterRole } = found;
      const status = action === 'approve' ? ('approved' as const) : ('rejected' as const);
      const settled = await families.settleRequest(request.id, {
        status,
        reviewerId: session.user.id,
        now: deps.clock.now(),
        ...(status === 'approved'
          ? { join: { familyId, userId: request.requesterId, role: joiningRole(requesterRole), relationship: request.relationship } }
          : {}),
      });
      if (!settled) throw new AppError('conflict', FAMILY_SERVER_MESSAGES.requestAlreadyReviewed);
      return { id: request.id, status };
    },

    async addKid(session: SessionUser, familyId: string, body: z.output<typeof kidBody>) {
      await access.requireAdmin(familyId, session.user.id);
      const family = await loadFamily(familyId);
      const row = await families.insertKid(familyId, body.first_name, body.age, session.user.id);
      return { kid: toKid(row, family, await deps.familyTier(familyId), 0) };
    },

    async updateKid(session: SessionUser, familyId: string, kidId: string, body: z.output<typeof kidBody>) {
      await access.requireAdmin(familyId, session.user.id);
      const family = await loadFamily(familyId);
      const row = await families.updateKid(familyId, kidId, body.first_name, body.age);
      if (!row) throw notFound(FAMILY_SERVER_MESSAGES.kidNotFound);
      const stories = await deps.activity.kidStoryCounts([row.id]);
      return { kid: toKid(row, family, await deps.familyTier(familyId), stories.get(row.id) ?? 0) };
    },

    async deleteKid(session: SessionUser, familyId: string, kidId: string) {
      await access.requireAdmin(familyId, session.user.id);
      // Assignments and queue items of the kid go with it (foreign keys); recordings stay with their reader.
      if (!(await families.deleteKid(familyId, kidId, session.user.id))) throw notFound(FAMILY_SERVER_MESSAGES.kidNotFound);
      return { ok: true as const };
    },

    async readers(session: SessionUser, familyId: string): Promise<{ readers: Reader[] }> {
      await access.requireMember(familyId, session.user.id);
      const readers = (await families.members(familyId)).filter((m) => m.familyRole === 'reader');
      const ids = readers.map((r) => r.id);
      const [stats, clones] = await Promise.all([deps.activity.readerStats(familyId, ids), deps.activity.hasVoiceClone(ids)]);
      return {
        readers: readers.map((r) => {
          const s = stats.get(r.id);
          return {
            id: r.id,
            name: `${r.firstName} ${r.lastName}`.trim(),
            first_name: r.firstName,
            last_name: r.lastName,
            avatar: initials(r.firstName, r.lastName),
            avatarColor: avatarColor(r.id, READER_AVATAR_COLORS),
            relationship: r.relationship,
            has_voice_clone: clones.has(r.id),
            storiesRecorded: s?.storiesRecorded ?? 0,
            lastRecorded: s?.lastRecorded?.toISOString() ?? null,
            readsTo: s?.readsTo ?? [],
          };
        }),
      };
    },

    async readerStats(session: SessionUser, familyId: string, readerId: string) {
      await access.requireMember(familyId, session.user.id);
      const reader = await families.membership(familyId, readerId);
      if (!reader || reader.familyRole !== 'reader') throw notFound();
      const [stats, watched] = await Promise.all([deps.activity.readerStats(familyId, [readerId]), deps.activity.timesWatched(familyId, [readerId])]);
      const s = stats.get(readerId);
      return {
        stories_recorded: s?.storiesRecorded ?? 0,
        times_watched: watched.get(readerId) ?? 0,
        last_recorded: s?.lastRecorded?.toISOString() ?? null,
        reads_to: s?.readsTo ?? [],
      };
    },

    /**
     * Removes a member (decision 012): their access ends at once, their pending story requests of the family
     * are cancelled, and they get a short e-mail without details of the family. Their stories stay the
     * family's unless `removeStories`. The last admin cannot remove themselves.
     */
    async removeMember(session: SessionUser, familyId: string, userId: string, removeStories: boolean) {
      await access.requireAdmin(familyId, session.user.id);
      const target = await families.membership(familyId, userId);
      if (!target) throw notFound(FAMILY_SERVER_MESSAGES.memberNotFound);
      if (userId === session.user.id && (await families.otherAdminCount(familyId, userId)) === 0) {
        throw new AppError('conflict', FAMILY_SERVER_MESSAGES.lastAdminRemove);
      }
      const event = { familyId, type: 'member_removed' as const, actorId: session.user.id, subjectUserId: userId };
      if (!(await families.endMembership(familyId, userId, event))) throw notFound(FAMILY_SERVER_MESSAGES.memberNotFound);
      if (removeStories) await deps.removeStories(userId, familyId, session.user.id);
      const person = (await families.people([userId]))[0];
      if (person && userId !== session.user.id) {
        await deps.mailer
          .send({
            to: person.email,
            subject: FAMILY_MAIL_TEXTS.removedSubject,
            text: FAMILY_MAIL_TEXTS.removedBody({ firstName: person.firstName, publicUrl: deps.publicUrl }),
          })
          .catch((err) => deps.log.error({ err }, 'removal e-mail failed'));
      }
      return { ok: true as const };
    },

    /** Leaves a family; the last admin of a family with other members is told to make another admin first. */
    async leave(session: SessionUser, familyId: string) {
      const { role } = await access.requireMember(familyId, session.user.id);
      if (isFamilyAdmin(role) && (await families.otherAdminCount(familyId, session.user.id)) === 0) {
        const { memberCount } = await families.counts(familyId);
        if (memberCount > 1) throw new AppError('conflict', FAMILY_SERVER_MESSAGES.lastAdminLeave);
      }
      const event = { familyId, type: 'member_left' as const, actorId: session.user.id };
      if (!(await families.endMembership(familyId, session.user.id, event))) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
      return { ok: true as const };
    },

    /** Makes another parent an admin, so a family is never stuck with one (readers cannot be made admins). */
    async makeAdmin(session: SessionUser, familyId: string, userId: string) {
      await access.requireAdmin(familyId, session.user.id);
      const target = await families.membership(familyId, userId);
      if (!target) throw notFound(FAMILY_SERVER_MESSAGES.memberNotFound);
      if (!isParentRole(target.familyRole)) throw new AppError('conflict', FAMILY_SERVER_MESSAGES.onlyParentsAdmin);
      await families.makeAdmin(familyId, userId, session.user.id);
      return { family: await detail(await loadFamily(familyId), 'admin') };
    },

    /** A new family code: the old one stops working at once. */
    async newCode(session: SessionUser, familyId: string) {
      await access.requireAdmin(familyId, session.user.id);
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = familyCodeFrom(randomInt);
        if (await families.changeCode(familyId, code, session.user.id)) return { family_code: formatFamilyCode(code) };
      }
      throw new AppError('conflict', FAMILY_TEXTS.genericRetry);
    },

    async updateSettings(session: SessionUser, familyId: string, body: { code_joins_need_approval: boolean }) {
      await access.requireAdmin(familyId, session.user.id);
      const on = body.code_joins_need_approval;
      await families.updateSettings(familyId, { codeJoinsNeedApproval: on }, session.user.id, FAMILY_ACTIVITY_TEXTS.approvalSetting(on));
      return { code_joins_need_approval: on };
    },

    /** The family's activity for its admins, newest first; people named as they are now. */
    async activity(session: SessionUser, familyId: string, page: number, perPage: number) {
      await access.requireAdmin(familyId, session.user.id);
      const rows = await families.activity(familyId, perPage + 1, (page - 1) * perPage);
      const name = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`.trim());
      return {
        events: rows.slice(0, perPage).map((r) => ({
          id: r.id,
          type: r.type,
          actor: name(r.actorFirst, r.actorLast),
          subject: name(r.subjectFirst, r.subjectLast) ?? r.subjectText,
          at: r.at.toISOString(),
        })),
        page,
        per_page: perPage,
        has_more: rows.length > perPage,
      };
    },

    /** Guard for the family's recording lists, which the recordings and narration features fill. */
    async requireMember(session: SessionUser, familyId: string) {
      return access.requireMember(familyId, session.user.id);
    },
  };
}
export type FamiliesService = ReturnType<typeof createFamiliesService>;
