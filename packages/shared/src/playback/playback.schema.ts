// The API contract of playback: play events, stats, playlists, bedtime settings, reactions and
// notification settings (decisions.md "Stats are real", "Endpoints beyond the spec").
import { z } from 'zod';
import { text } from '../http/text.ts';
import { BEDTIME_SLEEP_TIMER_MINUTES, BEDTIME_STORIES_LIMIT, PLAY_EVENTS, REACTIONS } from '../constants.ts';
import { PLAYBACK_SERVER_MESSAGES, RECORDING_TEXTS } from '../messages.ts';
import { idParam } from '../families/families.schema.ts';
import { AI_RECORDING_ID_PREFIX, parseAiRecordingId } from '../narration/narration.rules.ts';
import { recordingSchema } from '../recordings/recordings.schema.ts';
import { RECORDING_MAX_SECONDS } from '../recordings/recordings.rules.ts';

export const kidPlaybackParams = z.object({ kidId: idParam });
export const familyStatsParams = z.object({ familyId: idParam });
export const recordingReactionParams = z.object({ id: z.uuid({ error: RECORDING_TEXTS.notFound }) });

// ---- Play events -------------------------------------------------------------------------------------

/** A story id: a reader's recording (uuid) or an AI story (`ai_<uuid>`, spec section 3). */
const storyId = text({ error: RECORDING_TEXTS.notFound })
  .refine((id) => (id.startsWith(AI_RECORDING_ID_PREFIX) ? parseAiRecordingId(id) !== null : z.uuid().safeParse(id).success), RECORDING_TEXTS.notFound)
  .transform((id) => (id.startsWith(AI_RECORDING_ID_PREFIX) ? `${AI_RECORDING_ID_PREFIX}${parseAiRecordingId(id)}` : id.toLowerCase()));

/** `POST /api/playback/events`: by a member of the kid's family, for a ready story of the kid (a reading or an AI story). */
export const playEventBody = z.object({
  recording_id: storyId,
  kid_id: z.uuid({ error: RECORDING_TEXTS.kidNotFound }),
  event: z.enum(PLAY_EVENTS, { error: PLAYBACK_SERVER_MESSAGES.eventInvalid }),
  position_seconds: z
    .number({ error: PLAYBACK_SERVER_MESSAGES.positionInvalid })
    .min(0, PLAYBACK_SERVER_MESSAGES.positionInvalid)
    .max(RECORDING_MAX_SECONDS, PLAYBACK_SERVER_MESSAGES.positionInvalid)
    .default(0),
});
export type PlayEventBody = z.input<typeof playEventBody>;
/** 201: the event is stored; `watched` and `resume_seconds` are the kid's state of that story after it. */
export const playEventResponse = z.object({ ok: z.literal(true), watched: z.boolean(), resume_seconds: z.number().int() });

/** `GET /api/playback/family/{familyId}/stats?tz_offset_minutes=` (the browser's getTimezoneOffset()). */
export const familyStatsQuery = z.object({
  tz_offset_minutes: z.coerce
    .number({ error: PLAYBACK_SERVER_MESSAGES.tzOffsetInvalid })
    .int(PLAYBACK_SERVER_MESSAGES.tzOffsetInvalid)
    .min(-840, PLAYBACK_SERVER_MESSAGES.tzOffsetInvalid)
    .max(840, PLAYBACK_SERVER_MESSAGES.tzOffsetInvalid)
    .default(0),
});
export const familyStatsResponse = z.object({
  /** Watched plays (completed or past 90 percent) of the family's kids, all time. */
  times_watched: z.number().int(),
  /** Watched plays this week (Monday to Sunday, the viewer's time zone). */
  watched_this_week: z.number().int(),
  /** Seconds of stories played today. */
  storytime_today_seconds: z.number().int(),
  /** Ready stories of the family's kids that the kid has not watched (one per kid and story). */
  unwatched: z.number().int(),
  /** The most recently watched story, for Replay. */
  last_watched: z.object({ recording_id: z.string(), kid_id: z.string(), watched_at: z.string() }).nullable(),
});
export type FamilyStatsResponse = z.infer<typeof familyStatsResponse>;

// ---- Reader stats ------------------------------------------------------------------------------------

/**
 * `GET /api/playback/reader/stats`: the signed-in reader's dashboard cards (spec section 2 "Reader
 * dashboard"; decisions.md "Resolved ambiguities": reader stats, "Stats are real").
 */
export const readerDashboardStatsResponse = z.object({
  /** Stories Recorded: the reader's own ready recordings. */
  stories_recorded: z.number().int(),
  /** Times Watched: watched plays (completed or past 90 percent) of the reader's recordings. */
  times_watched: z.number().int(),
  /** Happy Grandkids: distinct kids with at least one of the reader's ready recordings. */
  happy_grandkids: z.number().int(),
  /** Stories Queued: pending story requests to the reader. */
  stories_queued: z.number().int(),
  /** The reader's recordings still being processed (they count once ready). */
  stories_processing: z.number().int(),
});
export type ReaderDashboardStats = z.infer<typeof readerDashboardStatsResponse>;

// ---- Playlists ---------------------------------------------------------------------------------------

export const playlistItemSchema = z.object({
  /** 1 for the first story. */
  position: z.number().int(),
  recording_id: z.string(),
  is_ai: z.boolean(),
  /** Where the kid's latest play stopped; 0 once watched or never played. */
  resume_seconds: z.number().int(),
  /** Whether the kid has watched it (a play completed or passed 90 percent). */
  watched: z.boolean(),
  recording: recordingSchema,
});
export type PlaylistItem = z.infer<typeof playlistItemSchema>;
/** `GET /api/playback/kid/{kidId}/playlist` (also the answer of PUT and DELETE). */
export const playlistResponse = z.object({ kid_id: z.string(), custom_order: z.boolean(), items: z.array(playlistItemSchema) });
export type PlaylistResponse = z.infer<typeof playlistResponse>;
/** `PUT /api/playback/kid/{kidId}/playlist`: each of the kid's stories exactly once. */
export const playlistOrderBody = z.object({
  order: z.array(text({ error: PLAYBACK_SERVER_MESSAGES.orderInvalid }).min(1).max(100), { error: PLAYBACK_SERVER_MESSAGES.orderInvalid }).max(1000),
});
export type PlaylistOrderBody = z.input<typeof playlistOrderBody>;

// ---- Bedtime -----------------------------------------------------------------------------------------

const whole = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);
/** `PUT /api/playback/kid/{kidId}/bedtime` (parents of the kid's family). */
export const bedtimeBody = z.object({
  stories_limit: whole(BEDTIME_STORIES_LIMIT, PLAYBACK_SERVER_MESSAGES.storiesLimitRange(BEDTIME_STORIES_LIMIT.min, BEDTIME_STORIES_LIMIT.max)),
  /** 0 turns the sleep timer off. */
  sleep_timer_minutes: whole(
    BEDTIME_SLEEP_TIMER_MINUTES,
    PLAYBACK_SERVER_MESSAGES.sleepTimerRange(BEDTIME_SLEEP_TIMER_MINUTES.min, BEDTIME_SLEEP_TIMER_MINUTES.max),
  ),
});
export type BedtimeBody = z.input<typeof bedtimeBody>;
export const bedtimeResponse = bedtimeBody.extend({ kid_id: z.string() });
export type BedtimeSettings = z.infer<typeof bedtimeResponse>;

// ---- Reactions ---------------------------------------------------------------------------------------

export const reactionSchema = z.enum(REACTIONS, { error: PLAYBACK_SERVER_MESSAGES.reactionInvalid });
/** `POST /api/recording/{id}/reactions`: by a parent of the kid's family, on the kid's behalf. */
export const reactionBody = z.object({ kid_id: z.uuid({ error: RECORDING_TEXTS.kidNotFound }), reaction: reactionSchema });
export type ReactionBody = z.input<typeof reactionBody>;
export const reactionItemSchema = z.object({
  id: z.string(),
  recording_id: z.string(),
  reaction: reactionSchema,
  created_at: z.string(),
  book_title: z.string().nullable(),
  kid: z.object({ id: z.string(), name: z.string(), family_id: z.string(), family_name: z.string() }),
});
export type ReactionItem = z.infer<typeof reactionItemSchema>;
export const reactionResponse = z.object({ reaction: reactionItemSchema });
/** `GET /api/reactions/for-reader`: reactions to the caller's recordings, newest first. */
export const reactionListResponse = z.object({ reactions: z.array(reactionItemSchema) });

// ---- Notification settings ---------------------------------------------------------------------------

/** `GET`/`PUT /api/me/notifications`: both on unless turned off. PUT may send either or both. */
export const notificationSettingsSchema = z.object({ story_requested: z.boolean(), new_story: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsBody = z.object({
  story_requested: z.boolean({ error: PLAYBACK_SERVER_MESSAGES.flagInvalid }).optional(),
  new_story: z.boolean({ error: PLAYBACK_SERVER_MESSAGES.flagInvalid }).optional(),
});
