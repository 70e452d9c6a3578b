import { z } from 'zod';
import { text } from '../http/text.ts';
import { FAMILY_CODE_LENGTH, FAMILY_ROLES, FAMILY_SEARCH_MIN_LENGTH, KID_AGE_MAX, KID_AGE_MIN, NAME_MAX_LENGTH, PLAN_TYPES } from '../constants.ts';
import { DELETION_TEXTS, VALIDATION } from '../messages.ts';
import { isFamilyCodeShape, normalizeFamilyCode, RELATIONSHIPS } from './families.rules.ts';

export { RELATIONSHIPS };

export const FAMILY_NAME_MAX_LENGTH = 80;

/** The events of a family's activity log (decision 012). */
export const FAMILY_ACTIVITY_TYPES = [
  'member_joined',
  'join_requested',
  'join_approved',
  'join_declined',
  'join_withdrawn',
  'member_removed',
  'member_left',
  'admin_granted',
  'code_changed',
  'settings_changed',
  'story_recorded',
  'story_deleted',
  'kid_added',
  'kid_removed',
] as const;
export type FamilyActivityType = (typeof FAMILY_ACTIVITY_TYPES)[number];
export const RELATIONSHIP_MAX_LENGTH = 40;

export const idParam = z.uuid({ error: 'Not found' });
export const familyParams = z.object({ id: idParam });
export const kidParams = z.object({ id: idParam, kidId: idParam });
export const requestParams = z.object({ id: idParam, requestId: idParam });
export const memberParams = z.object({ id: idParam, userId: idParam });
export const readerStatsParams = z.object({ familyId: idParam, readerId: idParam });

const relationship = text().trim().max(RELATIONSHIP_MAX_LENGTH, VALIDATION.tooLong(RELATIONSHIP_MAX_LENGTH)).optional();

export const createFamilyBody = z.object({
  family_name: text({ error: VALIDATION.familyNameRequired })
    .trim()
    .min(1, VALIDATION.familyNameRequired)
    .max(FAMILY_NAME_MAX_LENGTH, VALIDATION.tooLong(FAMILY_NAME_MAX_LENGTH)),
});

export const familyCodeSchema = text({ error: VALIDATION.familyCodeInvalid })
  .max(FAMILY_CODE_LENGTH * 4, VALIDATION.familyCodeInvalid)
  .transform(normalizeFamilyCode)
  .pipe(z.string().refine(isFamilyCodeShape, VALIDATION.familyCodeInvalid));
export const joinFamilyBody = z.object({ family_code: familyCodeSchema, relationship });
// The body is optional: a request without a relationship sends none.
export const requestJoinBody = z
  .object({ relationship })
  .nullish()
  .transform((v) => v ?? {});

export const searchFamiliesQuery = z.object({
  q: text({ error: VALIDATION.familySearchTooShort }).trim().min(FAMILY_SEARCH_MIN_LENGTH, VALIDATION.familySearchTooShort).max(FAMILY_NAME_MAX_LENGTH),
});

export const kidBody = z.object({
  first_name: text({ error: VALIDATION.kidFirstNameRequired })
    .trim()
    .min(1, VALIDATION.kidFirstNameRequired)
    .max(NAME_MAX_LENGTH, VALIDATION.tooLong(NAME_MAX_LENGTH)),
  // Forms send numbers as text; both are accepted, fractions are not.
  age: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === '' ? VALIDATION.kidAgeRequired : VALIDATION.kidAgeRange) })
      .int(VALIDATION.kidAgeRange)
      .min(KID_AGE_MIN, VALIDATION.kidAgeRange)
      .max(KID_AGE_MAX, VALIDATION.kidAgeRange),
  ),
});
export type KidBody = z.input<typeof kidBody>;

export const reviewRequestBody = z.object({ action: z.enum(['approve', 'reject'], { error: 'Action must be approve or reject' }) });

export const familyRoleSchema = z.enum(FAMILY_ROLES);

export const kidSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  name: z.string(),
  age: z.number().int(),
  family_id: z.string(),
  family_name: z.string(),
  avatar: z.string(),
  avatarColor: z.string(),
  stories: z.number().int(),
  familySubscriptionTier: z.enum(PLAN_TYPES),
});
export type Kid = z.infer<typeof kidSchema>;

export const memberSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  family_role: familyRoleSchema,
  relationship: z.string().nullable(),
  avatar: z.string(),
  avatarColor: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const readerSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string(),
  avatarColor: z.string(),
  relationship: z.string().nullable(),
  has_voice_clone: z.boolean(),
  storiesRecorded: z.number().int(),
  lastRecorded: z.string().nullable(),
  readsTo: z.array(z.string()),
});
export type Reader = z.infer<typeof readerSchema>;

export const familySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  family_name: z.string(),
  my_role: familyRoleSchema,
  member_count: z.number().int(),
  kids_count: z.number().int(),
});
export type FamilyListItem = z.infer<typeof familySummarySchema>;

export const familyDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  family_name: z.string(),
  // Only the family admin sees the code.
  family_code: z.string().nullable(),
  my_role: familyRoleSchema,
  member_count: z.number().int(),
  kids_count: z.number().int(),
  subscription_tier: z.enum(PLAN_TYPES),
  // When true a code join is a join request the admin approves (decision 012).
  code_joins_need_approval: z.boolean(),
  members: z.array(memberSchema),
  kids: z.array(kidSchema),
});
export type FamilyDetail = z.infer<typeof familyDetailSchema>;

export const familyResponse = z.object({ family: familyDetailSchema });
/** Joining by code: in at once (200), or a join request the family's admin reviews (202; decisions.md "Families"). */
export const joinedByCodeResponse = z.object({ status: z.literal('joined'), family: familyDetailSchema });
export const requestedByCodeResponse = z.object({
  status: z.literal('requested'),
  message: z.string(),
  request_id: z.string(),
  family: z.object({ id: z.string(), name: z.string() }),
});
export type JoinByCodeAnswer = z.infer<typeof joinedByCodeResponse> | z.infer<typeof requestedByCodeResponse>;
export const myFamiliesResponse = z.object({ families: z.array(familySummarySchema) });
export const kidResponse = z.object({ kid: kidSchema });
export const readersResponse = z.object({ readers: z.array(readerSchema) });

export const searchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  kids_count: z.number().int(),
  is_member: z.boolean(),
  request_pending: z.boolean(),
});
export type FamilySearchResult = z.infer<typeof searchResultSchema>;
export const searchFamiliesResponse = z.object({ families: z.array(searchResultSchema) });

export const joinRequestSchema = z.object({
  id: z.string(),
  family_id: z.string(),
  requester: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }),
  relationship: z.string().nullable(),
  created_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestsResponse = z.object({ requests: z.array(joinRequestSchema) });
export const requestJoinResponse = z.object({ message: z.string(), request_id: z.string() });
export const reviewRequestResponse = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
/** The signed-in person's own pending join requests (issue 22.12): which family, asked when. */
export const myJoinRequestSchema = z.object({
  id: z.string(),
  family_id: z.string(),
  family_name: z.string(),
  relationship: z.string().nullable(),
  created_at: z.string(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;
export const myJoinRequestsResponse = z.object({ requests: z.array(myJoinRequestSchema) });
export const myJoinRequestParams = z.object({ requestId: idParam });

export const readerStatsSchema = z.object({
  stories_recorded: z.number().int(),
  /** Watched plays of the reader's recordings by this family's kids. */
  times_watched: z.number().int(),
  last_recorded: z.string().nullable(),
  reads_to: z.array(z.string()),
});

// Family controls (issue 25, decision 012).
const booleanFlag = (message: string) => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: message }));
export const removeMemberQuery = z.object({
  remove_stories: booleanFlag(VALIDATION.removeStoriesFlag).optional().default(false),
});
export const updateMemberBody = z.object({
  family_role: z.literal('admin', { error: VALIDATION.familyRoleAdminOnly }),
});
// Deleting a family: its name typed exactly as it is (issue 25, docs/decisions/016).
export const deleteFamilyBody = z.object({
  confirm_name: text({ error: DELETION_TEXTS.confirmNameRequired }).min(1, DELETION_TEXTS.confirmNameRequired).max(200, VALIDATION.tooLong(200)),
});
export type DeleteFamilyBody = z.input<typeof deleteFamilyBody>;

export const familySettingsBody = z.object({
  code_joins_need_approval: z.boolean({ error: VALIDATION.approvalFlag }),
});
export const familySettingsResponse = z.object({ code_joins_need_approval: z.boolean() });
export const familyCodeResponse = z.object({ family_code: z.string() });
export const ACTIVITY_PAGE_SIZE_MAX = 50;
export const activityQuery = z.object({
  page: z.coerce
    .number({ error: VALIDATION.activityPage })
    .int(VALIDATION.activityPage)
    .min(1, VALIDATION.activityPage)
    .max(100_000, VALIDATION.activityPage)
    .default(1),
  per_page: z.coerce
    .number({ error: VALIDATION.activityPerPage(ACTIVITY_PAGE_SIZE_MAX) })
    .int(VALIDATION.activityPerPage(ACTIVITY_PAGE_SIZE_MAX))
    .min(1, VALIDATION.activityPerPage(ACTIVITY_PAGE_SIZE_MAX))
    .max(ACTIVITY_PAGE_SIZE_MAX, VALIDATION.activityPerPage(ACTIVITY_PAGE_SIZE_MAX))
    .default(20),
});
export const activityEventSchema = z.object({
  id: z.string(),
  type: z.enum(FAMILY_ACTIVITY_TYPES),
  /** The person who did it; null when their account is gone. */
  actor: z.string().nullable(),
  /** The person or thing it was done to, where there is one. */
  subject: z.string().nullable(),
  at: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityResponse = z.object({
  events: z.array(activityEventSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
