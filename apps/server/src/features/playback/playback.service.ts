import type { z } from 'zod';
import { BEDTIME_SLEEP_TIMER_MINUTES, BEDTIME_STORIES_LIMIT } from '@fst/shared/constants';
import { PLAYBACK_SERVER_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import { isAiRecordingId } from '@fst/shared/narration/narration.rules';
import { familyStats, isPermutation, isWatched, orderPlaylist, resumeSeconds, type Play } from '@fst/shared/playback/playback.rules';
import type {
  BedtimeSettings,
  bedtimeBody,
  FamilyStatsResponse,
  NotificationSettings,
  notificationSettingsBody,
  playEventBody,
  PlaylistResponse,
  reactionBody,
  ReactionItem,
  ReaderDashboardStats,
} from '@fst/shared/playback/playback.schema';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { isDevice, type Caller, type SessionUser } from '../../platform/http.ts';
import type { FamilyAccess } from '../families/families.access.ts';
import type { PlaybackRepository } from './playback.repository.ts';

const READER_REACTIONS_LIMIT = 100;

type Deps = {
  playback: PlaybackRepository;
  access: FamilyAccess;
  clock: Clock;
  /** The kid's recordings as the caller sees them, newest first (the recordings feature). */
  kidStories: (caller: Caller, kidId: string) => Promise<Recording[]>;
  /** How many story requests to the reader are pending, as their queue lists them (the requests feature). */
  storiesQueued: (session: SessionUser) => Promise<number>;
  /** The AI story (`ai_<uuid>`) if it is one of the kid's, with its state; else undefined (the narration feature). */
  kidAiStory: (kidId: string, id: string) => Promise<{ status: 'processing' | 'ready' | 'failed'; durationSeconds: number } | undefined>;
};

type ReactionRow = Awaited<ReturnType<PlaybackRepository['reactions']>>[number];
const toReaction = (r: ReactionRow): ReactionItem => ({
  id: r.id,
  recording_id: r.recordingId,
  reaction: r.reaction,
  created_at: r.createdAt.toISOString(),
  book_title: r.bookTitle,
  kid: { id: r.kidId, name: r.kidName, family_id: r.familyId, family_name: r.familyName },
});

/** Per recording: whether it was watched and the latest play. */
function playState(plays: readonly Play[]) {
  const state = new Map<string, { watched: boolean; latest: Play }>();
  for (const p of plays) {
    const s = state.get(p.recordingId);
    if (!s) state.set(p.recordingId, { watched: isWatched(p), latest: p });
    else {
      s.watched ||= isWatched(p);
      if (p.startedAt >= s.latest.startedAt) s.latest = p;
    }
  }
  return state;
}

const countBy = <K>(items: readonly K[]) => {
  const counts = new Map<K, number>();
  for (const k of items) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
};

export function createPlaybackService(deps: Deps) {
  const { playback, access } = deps;

  /**
   * The kid, for a member of its family (a parent when `opts.parent`; or the kid's own device when
   * `opts.device`, docs/decisions/018); others get 404 or 403.
   */
  async function kidFor(caller: Caller, kidId: string, opts: { parent: boolean; device?: boolean }) {
    if (isDevice(caller)) {
      if (kidId !== caller.kidId) throw fieldError('kid_id', RECORDING_TEXTS.kidNotFound, 'not_found');
      if (!opts.device) throw forbidden();
      return { id: caller.kidId, familyId: caller.familyId };
    }
    const session = caller;
    const { kid } = await access.requireKidMember(kidId, session.user.id);
    if (opts.parent) await access.requireParent(kid.familyId, session.user.id);
    return kid;
  }

  /** The ready recording of this kid, else 404 (409 while it is processing). */
  async function kidRecording(kidId: string, recordingId: string) {
    const recording = await playback.kidRecording(kidId, recordingId);
    return readyStory(recording);
  }
  /** The ready story of this kid, a reading or an AI story (`ai_<uuid>`), else 404 (409 while it is processing). */
  async function kidStory(kidId: string, storyId: string) {
    return readyStory(isAiRecordingId(storyId) ? await deps.kidAiStory(kidId, storyId) : await playback.kidRecording(kidId, storyId));
  }
  function readyStory<T extends { status: string }>(recording: T | undefined) {
    if (!recording) throw fieldError('recording_id', RECORDING_TEXTS.notFound, 'not_found');
    if (recording.status !== 'ready') throw new AppError('conflict', PLAYBACK_SERVER_MESSAGES.notReady);
    return recording;
  }

  async function playlist(caller: Caller, kidId: string): Promise<PlaylistResponse> {
    const stories = (await deps.kidStories(caller, kidId)).filter((r) => r.processing_status === 'ready');
    const [saved, plays] = await Promise.all([playback.playlistOrder(kidId), playback.plays({ kidId })]);
    const byId = new Map(stories.map((r) => [r.id, r]));
    const state = playState(plays);
    const order = orderPlaylist(
      stories.map((r) => r.id),
      saved,
    );
    return {
      kid_id: kidId,
      custom_order: saved !== null,
      items: order.map((id, i) => ({
        position: i + 1,
        recording_id: id,
        is_ai: byId.get(id)!.is_ai,
        resume_seconds: resumeSeconds(state.get(id)?.latest),
        watched: state.get(id)?.watched ?? false,
        recording: byId.get(id)!,
      })),
    };
  }

  return {
    /** `POST /api/playback/events`: a member of the kid's family reports a play of one of the kid's stories. */
    async recordEvent(caller: Caller, body: z.output<typeof playEventBody>) {
      await kidFor(caller, body.kid_id, { parent: false, device: true });
      await kidStory(body.kid_id, body.recording_id);
      await playback.insertEvent({
        storyId: body.recording_id,
        kidId: body.kid_id,
        // A kid device's play is the kid's, on that device; a parent's, on theirs.
        userId: isDevice(caller) ? null : caller.user.id,
        deviceId: isDevice(caller) ? caller.id : null,
        event: body.event,
        positionSeconds: body.position_seconds,
        createdAt: deps.clock.now(),
      });
      const state = playState(await playback.plays({ kidId: body.kid_id, recordingIds: [body.recording_id] })).get(body.recording_id);
      return { ok: true as const, watched: state?.watched ?? false, resume_seconds: resumeSeconds(state?.latest) };
    },

    /** `GET /api/playback/reader/stats`: the reader dashboard's cards, about the caller's own stories only. */
    async readerStats(session: SessionUser): Promise<ReaderDashboardStats> {
      if (session.user.role !== 'grandparent') throw forbidden(PLAYBACK_SERVER_MESSAGES.onlyReadersHaveStats);
      const [totals, plays, queued] = await Promise.all([
        playback.readerTotals(session.user.id),
        playback.plays({ readerIds: [session.user.id] }),
        deps.storiesQueued(session),
      ]);
      return {
        stories_recorded: totals.ready,
        times_watched: plays.filter(isWatched).length,
        happy_grandkids: totals.kids,
        stories_queued: queued,
        stories_processing: totals.processing,
      };
    },

    /** `GET /api/playback/family/{familyId}/stats`: real numbers from the family's play events. */
    async familyStats(session: SessionUser, familyId: string, tzOffsetMinutes: number): Promise<FamilyStatsResponse> {
      await access.requireMember(familyId, session.user.id);
      const [plays, assigned] = await Promise.all([playback.plays({ familyId }), playback.readyAssignments(familyId)]);
      return familyStats(plays, assigned, deps.clock.now(), tzOffsetMinutes);
    },

    /** `GET /api/playback/kid/{kidId}/playlist`: for members of the kid's family. */
    async playlist(caller: Caller, kidId: string) {
      await kidFor(caller, kidId, { parent: false, device: true });
      return playlist(caller, kidId);
    },

    /** `PUT /api/playback/kid/{kidId}/playlist`: a parent saves an order of all the kid's stories. */
    async savePlaylist(session: SessionUser, kidId: string, order: string[]) {
      await kidFor(session, kidId, { parent: true });
      const ids = (await deps.kidStories(session, kidId)).filter((r) => r.processing_status === 'ready').map((r) => r.id);
      if (!isPermutation(order, ids)) throw fieldError('order', PLAYBACK_SERVER_MESSAGES.orderInvalid);
      await playback.savePlaylistOrder(kidId, order, session.user.id, deps.clock.now());
      return playlist(session, kidId);
    },

    /** `DELETE /api/playback/kid/{kidId}/playlist`: back to newest first. */
    async resetPlaylist(session: SessionUser, kidId: string) {
      await kidFor(session, kidId, { parent: true });
      await playback.deletePlaylistOrder(kidId);
      return playlist(session, kidId);
    },

    /** The parents' bedtime limits: for them, and for the kid's device, whose Bedtime Mode keeps to them. */
    async bedtime(caller: Caller, kidId: string): Promise<BedtimeSettings> {
      await kidFor(caller, kidId, { parent: true, device: true });
      const row = await playback.bedtime(kidId);
      return {
        kid_id: kidId,
        stories_limit: row?.storiesLimit ?? BEDTIME_STORIES_LIMIT.default,
        sleep_timer_minutes: row?.sleepTimerMinutes ?? BEDTIME_SLEEP_TIMER_MINUTES.default,
      };
    },

    async saveBedtime(session: SessionUser, kidId: string, body: z.output<typeof bedtimeBody>): Promise<BedtimeSettings> {
      await kidFor(session, kidId, { parent: true });
      await playback.saveBedtime(kidId, body.stories_limit, body.sleep_timer_minutes, deps.clock.now());
      return { kid_id: kidId, ...body };
    },

    /** `POST /api/recording/{id}/reactions`: a parent sends the reader a kid's reaction to one of the kid's stories. */
    async react(caller: Caller, recordingId: string, body: z.output<typeof reactionBody>) {
      await kidFor(caller, body.kid_id, { parent: true, device: true });
      await kidRecording(body.kid_id, recordingId);
      const id = await playback.insertReaction({
        recordingId,
        kidId: body.kid_id,
        // From the kid's own device, no parent sent it.
        sentBy: isDevice(caller) ? null : caller.user.id,
        deviceId: isDevice(caller) ? caller.id : null,
        reaction: body.reaction,
        createdAt: deps.clock.now(),
      });
      const [row] = await playback.reactions({ id }, 1);
      if (!row) throw notFound();
      return { reaction: toReaction(row) };
    },

    /** `GET /api/reactions/for-reader`: reactions to the caller's recordings, newest first. */
    async reactionsForReader(session: SessionUser) {
      return { reactions: (await playback.reactions({ readerId: session.user.id }, READER_REACTIONS_LIMIT)).map(toReaction) };
    },

    async notificationSettings(session: SessionUser): Promise<NotificationSettings> {
      const row = await playback.notificationSettings(session.user.id);
      return { story_requested: row?.storyRequested ?? true, new_story: row?.newStory ?? true };
    },

    async saveNotificationSettings(session: SessionUser, body: z.output<typeof notificationSettingsBody>): Promise<NotificationSettings> {
      const row = await playback.notificationSettings(session.user.id);
      const next = { storyRequested: body.story_requested ?? row?.storyRequested ?? true, newStory: body.new_story ?? row?.newStory ?? true };
      await playback.saveNotificationSettings(session.user.id, next, deps.clock.now());
      return { story_requested: next.storyRequested, new_story: next.newStory };
    },

    /** The recordings' `play_count`: watched plays of each (reading uuids or AI story ids `ai_<uuid>`). */
    async playCounts(recordingIds: string[]): Promise<Map<string, number>> {
      const plays = await playback.plays({ recordingIds });
      return countBy(plays.filter(isWatched).map((p) => p.recordingId));
    },

    /** Reader stats' Times Watched: watched plays of each reader's recordings by the family's kids. */
    async timesWatched(familyId: string, readerIds: string[]): Promise<Map<string, number>> {
      const plays = await playback.plays({ familyId, readerIds });
      return countBy(plays.filter(isWatched).map((p) => p.readerId));
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
