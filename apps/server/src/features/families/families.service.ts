import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { FAMILY_CODE_LENGTH, KID_AVATAR_COLORS, READER_AVATAR_COLORS, type PlanType } from '@fst/shared/constants';
import { FAMILY_SERVER_MESSAGES, FAMILY_TEXTS } from '@fst/shared/messages';
import {
  avatarColor,
  familyCodeFrom,
  initials,
  isFamilyAdmin,
  joiningRole,
} from '@fst/shared/families/families.rules';
import type {
  createFamilyBody,
  FamilyDetail,
  FamilyListItem,
  FamilySearchResult,
  JoinRequest,
  joinFamilyBody,
  Kid,
  kidBody,
  Reader,
} from '@fst/shared/families/families.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { FamilyAccess } from './families.access.ts';
import type { FamiliesRepository, FamilyRoleValue, FamilyRow, KidRow } from './families.repository.ts';

const SEARCH_LIMIT = 20;
const CODE_ATTEMPTS = 8;

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
      family_code: isFamilyAdmin(role) ? family.code : null,
      my_role: role,
      member_count: members.length,
      kids_count: kids.length,
      subscription_tier: tier,
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

  /** The family, for a caller whose membership was checked before. */
  async function loadFamily(familyId: string) {
    const family = await families.findFamily(familyId);
    if (!family) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
    return family;
  }

  return {
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
        const family = await families.createFamily(body.family_name, familyCodeFrom(randomBytes(FAMILY_CODE_LENGTH)), session.user.id);
        if (family) return { family: await detail(family, (await access.requireMember(family.id, session.user.id)).role) };
      }
      throw new AppError('conflict', FAMILY_TEXTS.createFailed);
    },

    async get(session: SessionUser, familyId: string) {
      const { role } = await access.requireMember(familyId, session.user.id);
      return { family: await detail(await loadFamily(familyId), role) };
    },

    async joinByCode(session: SessionUser, body: z.output<typeof joinFamilyBody>) {
      const family = await families.findFamilyByCode(body.family_code);
      if (!family) throw new AppError('not_found', FAMILY_SERVER_MESSAGES.codeUnknown, { family_code: [FAMILY_SERVER_MESSAGES.codeUnknown] });
      // Joining twice is harmless: the existing membership and role stay.
      await families.addMember(family.id, session.user.id, joiningRole(session.user.role), body.relationship || null);
      return { family: await detail(family, (await access.requireMember(family.id, session.user.id)).role) };
    },

    async search(session: SessionUser, q: string): Promise<{ families: FamilySearchResult[] }> {
      const rows = await families.search(q, SEARCH_LIMIT);
      const ids = rows.map((r) => r.id);
      const [memberOf, pending] = await Promise.all([
        families.memberFamilyIds(session.user.id, ids),
        families.pendingRequestFamilyIds(session.user.id, ids),
      ]);
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
      const row = await families.insertKid(familyId, body.first_name, body.age);
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
      if (!(await families.deleteKid(familyId, kidId))) throw notFound(FAMILY_SERVER_MESSAGES.kidNotFound);
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

    /** Guard for the family's recording lists, which the recordings and narration features fill. */
    async requireMember(session: SessionUser, familyId: string) {
      return access.requireMember(familyId, session.user.id);
    },
  };
}
export type FamiliesService = ReturnType<typeof createFamiliesService>;
