import { z } from 'zod';
import {
  FAMILY_CODE_LENGTH,
  FAMILY_ROLES,
  FAMILY_SEARCH_MIN_LENGTH,
  KID_AGE_MAX,
  KID_AGE_MIN,
  NAME_MAX_LENGTH,
  PLAN_TYPES,
} from '../constants.ts';
import { VALIDATION } from '../messages.ts';
import { normalizeFamilyCode, RELATIONSHIPS } from './families.rules.ts';

export { RELATIONSHIPS };

export const FAMILY_NAME_MAX_LENGTH = 80;
export const RELATIONSHIP_MAX_LENGTH = 40;

export const idParam = z.uuid({ error: 'Not found' });
export const familyParams = z.object({ id: idParam });
export const kidParams = z.object({ id: idParam, kidId: idParam });
export const requestParams = z.object({ id: idParam, requestId: idParam });
export const readerStatsParams = z.object({ familyId: idParam, readerId: idParam });

const relationship = z.string().trim().max(RELATIONSHIP_MAX_LENGTH, VALIDATION.tooLong(RELATIONSHIP_MAX_LENGTH)).optional();

export const createFamilyBody = z.object({
  family_name: z
    .string({ error: VALIDATION.familyNameRequired })
    .trim()
    .min(1, VALIDATION.familyNameRequired)
    .max(FAMILY_NAME_MAX_LENGTH, VALIDATION.tooLong(FAMILY_NAME_MAX_LENGTH)),
});

export const familyCodeSchema = z
  .string({ error: VALIDATION.familyCodeInvalid })
  .transform(normalizeFamilyCode)
  .pipe(z.string().length(FAMILY_CODE_LENGTH, VALIDATION.familyCodeInvalid));
export const joinFamilyBody = z.object({ family_code: familyCodeSchema, relationship });
// The body is optional: a request without a relationship sends none.
export const requestJoinBody = z
  .object({ relationship })
  .nullish()
  .transform((v) => v ?? {});

export const searchFamiliesQuery = z.object({
  q: z
    .string({ error: VALIDATION.familySearchTooShort })
    .trim()
    .min(FAMILY_SEARCH_MIN_LENGTH, VALIDATION.familySearchTooShort)
    .max(FAMILY_NAME_MAX_LENGTH),
});

export const kidBody = z.object({
  first_name: z
    .string({ error: VALIDATION.kidFirstNameRequired })
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
  members: z.array(memberSchema),
  kids: z.array(kidSchema),
});
export type FamilyDetail = z.infer<typeof familyDetailSchema>;

export const familyResponse = z.object({ family: familyDetailSchema });
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

export const readerStatsSchema = z.object({
  stories_recorded: z.number().int(),
  /** Watched plays of the reader's recordings by this family's kids. */
  times_watched: z.number().int(),
  last_recorded: z.string().nullable(),
  reads_to: z.array(z.string()),
});
