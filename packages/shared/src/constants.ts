// The product's constants (spec section 9, with decisions.md where it differs).

export const API_PORT = 8443;

export const PASSWORD_MIN_LENGTH = 5;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 120;
// Not in the spec: a generous upper bound so a hash never runs over megabytes of "password".
export const PASSWORD_MAX_LENGTH = 200;

// 9 characters of 31 are 44.6 bits: guessing is hopeless (issue 27; decisions.md "Families" supersedes the spec's 6).
export const FAMILY_CODE_LENGTH = 9;
// Shown and typed in groups of 3 (KT7-MQX-4PR), easy to read aloud.
export const FAMILY_CODE_GROUP_SIZE = 3;
// No look-alikes: no 0/O, 1/I/L (decisions.md "Families").
export const FAMILY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const FAMILY_SEARCH_MIN_LENGTH = 2;
export const KID_AGE_MIN = 0;
export const KID_AGE_MAX = 21;

export const ROLES = ['parent', 'grandparent'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'parent';

export const FAMILY_ROLES = ['admin', 'reader', 'member', 'parent'] as const;
export type FamilyRole = (typeof FAMILY_ROLES)[number];

export const PLAN_TYPES = ['free', 'premium', 'gold'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_PRICES_USD: Record<PlanType, number> = { free: 0, premium: 15, gold: 30 };

export const UNLIMITED_SHARE_TOKENS = 999_999;

export const TOKEN_PACKAGES = {
  '5_tokens': { kind: 'story', tokens: 5, priceCents: 1500, label: null },
  '12_tokens': { kind: 'story', tokens: 12, priceCents: 3000, label: 'Save $6' },
  '4_tokens': { kind: 'share', tokens: 4, priceCents: 1500, label: null },
  '10_tokens': { kind: 'share', tokens: 10, priceCents: 3000, label: 'Best Deal' },
} as const;
export type TokenPackageId = keyof typeof TOKEN_PACKAGES;

export const SHARE_COST = { ownFamily: 0, freeTierFamily: 2, otherFamily: 1 } as const;

// Monthly allowances per account role and plan (spec sections 6 and 9).
export const MONTHLY_ALLOWANCES = {
  parent: {
    free: { aiStories: 0, storyTokens: 0, shareTokens: 0 },
    premium: { aiStories: 5, storyTokens: 5, shareTokens: 0 },
    gold: { aiStories: 20, storyTokens: 15, shareTokens: 0 },
  },
  grandparent: {
    free: { aiStories: 0, storyTokens: 0, shareTokens: 0 },
    premium: { aiStories: 0, storyTokens: 0, shareTokens: 10 },
    gold: { aiStories: 0, storyTokens: 5, shareTokens: UNLIMITED_SHARE_TOKENS },
  },
} as const satisfies Record<Role, Record<PlanType, { aiStories: number; storyTokens: number; shareTokens: number }>>;

export const BOOK_PAGE_SIZES = [15, 25, 50] as const;
export const BOOK_PAGE_SIZE_DEFAULT = 15;
export const BOOK_PICKER_PAGE_SIZE = 12;
export const BOOK_PAGE_SIZE_MAX = 100;
export const ADD_STORY_BOOKS_LIMIT = 100;
export const PICKER_DESCRIPTION_PREVIEW = 80;

// Timings in milliseconds.
export const TIMINGS = {
  toast: 3000,
  toastError: 4000,
  copyFeedback: 2000,
  postSignupRedirect: 1500,
  joinReload: 1500,
  joinRequestPoll: 60_000,
  voiceCloneSuccess: 2000,
  generationSuccess: 3000,
  resetRedirect: 3000,
  issueModalClose: 3000,
  bedtimeAutoStart: 500,
  pageFlip: 600,
  chunkLoadTimeout: 120_000,
  /** Bedtime's quiet "next story" card between two stories (issue 22). */
  nextStoryCard: 4000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;

export const RECORDING = {
  chunkMs: 1000,
  webcamWidth: 1280,
  webcamHeight: 720,
  compositeWidth: 1920,
  compositeHeight: 1080,
  compositeFps: 30,
  preferredVideoMime: 'video/webm;codecs=vp8,opus',
  audioMime: 'audio/webm',
} as const;
export const RECORDING_TYPES = ['video_with_pdf', 'audio_only', 'webcam_only'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];

export const PDF_RENDER_SCALE = { bookView: 1.2, splitView: 1.5 } as const;

/**
 * Width of a locked premium book's first-page preview, in pixels: the book page shows it 800 CSS pixels wide at
 * 1280x800 and about 310 on a phone (930 device pixels at 3x), where the cover's 600 would be blurred. The web
 * app gives the image this width before it arrives, so its box does not change when it does.
 */
export const BOOK_PREVIEW_WIDTH = 1200;

export const KID_AVATAR_COLORS = ['#F59E0B', '#10B981', '#3B82F6', '#EC4899', '#8B5CF6', '#EF4444'] as const;
export const READER_AVATAR_COLORS = ['#0EA5E9', '#F97316', '#14B8A6', '#A855F7', '#84CC16'] as const;

export const ISSUE_TYPES = ['bug', 'feature', 'improvement', 'other'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const ISSUE_TYPE_LABELS: Record<IssueType, string> = {
  bug: 'Bug',
  feature: 'Feature request',
  improvement: 'Improvement',
  other: 'Other',
};
export const ISSUE_DESCRIPTION_MAX_LENGTH = 5000;
export const ANONYMOUS_REPORTER_EMAIL = 'anonymous@familystorytime.invalid';

// Sessions (decisions.md "Accounts and sessions").
export const SESSION_COOKIE = 'fst_session';
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
// Links that verify an address, and that undo a change of address (docs/decisions/013).
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const UNDO_EMAIL_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// Story requests (spec section 3 "Queue request").
export const QUEUE_REQUEST_TYPES = ['requested', 'queue'] as const;
export type QueueRequestType = (typeof QUEUE_REQUEST_TYPES)[number];
export const QUEUE_REQUEST_STATUSES = ['pending', 'fulfilled', 'cancelled'] as const;

// Playback (decisions.md "Stats are real", "Endpoints beyond the spec").
export const PLAY_EVENTS = ['start', 'progress', 'complete'] as const;
export type PlayEvent = (typeof PLAY_EVENTS)[number];
/** A play counts as watched once it completes or passes this share of the story. */
export const WATCHED_FRACTION = 0.9;
export const REACTIONS = ['heart', 'star', 'hug', 'laugh'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const BEDTIME_STORIES_LIMIT = { min: 1, max: 20, default: 3 } as const;
export const BEDTIME_SLEEP_TIMER_MINUTES = { min: 0, max: 120, default: 0 } as const;

// Kid devices (issue 26, docs/decisions/018): a pairing code of 6 characters from the family code's alphabet
// (no look-alikes), valid 10 minutes and used once; guessing is rate-limited per client.
export const DEVICE_CODE_LENGTH = 6;
export const DEVICE_CODE_TTL_MS = 10 * 60 * 1000;
// A device session lives a year, renewed while used.
export const DEVICE_SESSION_MS = 365 * 24 * 60 * 60 * 1000;
export const DEVICE_NAME_MAX_LENGTH = 40;
// How many of the playlist's first stories a kid device keeps saved by itself (docs/decisions/020), set by a
// parent per device; 0 saves nothing by itself.
export const DEVICE_OFFLINE_STORIES = { min: 0, max: 20, default: 5 } as const;

/** The multipart field of the media file in `POST /api/recording/upload`. */
export const RECORDING_UPLOAD_FILE_FIELD = 'recording';
