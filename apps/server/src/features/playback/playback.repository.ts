import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isAiRecordingId, parseAiRecordingId, toAiRecordingId } from '@fst/shared/narration/narration.rules';
import type { Play } from '@fst/shared/playback/playback.rules';
import type { Db } from '../../db/client.ts';
import { books } from '../books/books.table.ts';
import { families, kids } from '../families/families.table.ts';
import { aiRecordingKids, aiRecordings } from '../narration/narration.table.ts';
import { recordingKids, recordings } from '../recordings/recordings.table.ts';
import { bedtimeSettings, kidPlaylists, notificationSettings, playEvents, reactions } from './playback.table.ts';

export type NewPlayEvent = typeof playEvents.$inferInsert;
export type PlayRow = Play & { readerId: string };

/** Which plays to sum up; every condition given must hold. Story ids are recording uuids or `ai_<uuid>`. */
export type PlayFilter = { familyId?: string; kidId?: string; recordingIds?: readonly string[]; readerIds?: readonly string[] };
/** A play event: of a reader's recording (uuid) or of an AI story (`ai_<uuid>`). */
export type NewStoryPlayEvent = Omit<NewPlayEvent, 'recordingId' | 'aiRecordingId'> & { storyId: string };

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export function createPlaybackRepository(db: Db) {
  return {
    /** The recording if it is assigned to the kid. */
    async kidRecording(kidId: string, recordingId: string) {
      const [row] = await db
        .select({ id: recordings.id, status: recordings.status, durationSeconds: recordings.durationSeconds })
        .from(recordings)
        .innerJoin(recordingKids, and(eq(recordingKids.recordingId, recordings.id), eq(recordingKids.kidId, kidId)))
        .where(eq(recordings.id, recordingId))
        .limit(1);
      return row;
    },

    async insertEvent({ storyId, ...values }: NewStoryPlayEvent) {
      const ai = isAiRecordingId(storyId) ? parseAiRecordingId(storyId) : null;
      await db.insert(playEvents).values({ ...values, recordingId: ai ? null : storyId, aiRecordingId: ai });
    },

    /**
     * Plays summed up from their events: per kid and recording, a `start` begins a new play (events
     * before the first start make one of their own).
     */
    async plays(filter: PlayFilter): Promise<PlayRow[]> {
      const c: SQL[] = [sql`TRUE`];
      if (filter.familyId) c.push(sql`k.family_id = ${filter.familyId}`);
      if (filter.kidId) c.push(sql`pe.kid_id = ${filter.kidId}`);
      const list = (ids: readonly string[]) =>
        sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        );
      if (filter.recordingIds) {
        const aiIds = filter.recordingIds.filter(isAiRecordingId).map((id) => parseAiRecordingId(id)!);
        const readIds = filter.recordingIds.filter((id) => !isAiRecordingId(id));
        const either: SQL[] = [];
        if (readIds.length) either.push(sql`pe.recording_id IN (${list(readIds)})`);
        if (aiIds.length) either.push(sql`pe.ai_recording_id IN (${list(aiIds)})`);
        if (!either.length) return [];
        c.push(sql`(${sql.join(either, sql` OR `)})`);
      }
      if (filter.readerIds) {
        if (!filter.readerIds.length) return [];
        // An AI story counts for the reader whose voice reads it.
        c.push(sql`coalesce(r.reader_id, a.reader_id) IN (${list(filter.readerIds)})`);
      }
      const result = await db.execute(sql`
        WITH e AS (
          SELECT pe.kid_id, coalesce(pe.recording_id::text, ${toAiRecordingId('')} || pe.ai_recording_id::text) AS recording_id,
                 pe.event, pe.position_seconds, pe.created_at, pe.seq,
                 coalesce(r.duration_seconds, a.duration_seconds) AS duration_seconds, coalesce(r.reader_id, a.reader_id) AS reader_id
          FROM ${playEvents} pe
          JOIN ${kids} k ON k.id = pe.kid_id
          LEFT JOIN ${recordings} r ON r.id = pe.recording_id
          LEFT JOIN ${aiRecordings} a ON a.id = pe.ai_recording_id
          WHERE ${sql.join(c, sql` AND `)}
        ), n AS (
          SELECT e.*,
                 sum(CASE WHEN event = 'start' THEN 1 ELSE 0 END)
                   OVER (PARTITION BY kid_id, recording_id ORDER BY created_at, seq ROWS UNBOUNDED PRECEDING) AS play_no
          FROM e
        )
        SELECT kid_id, recording_id, reader_id, duration_seconds,
               min(created_at) AS started_at,
               max(created_at) AS last_at,
               min(created_at) FILTER (WHERE event = 'complete') AS completed_at,
               max(position_seconds) AS max_position,
               (array_agg(position_seconds ORDER BY created_at DESC, seq DESC))[1] AS last_position
        FROM n
        GROUP BY kid_id, recording_id, play_no, reader_id, duration_seconds
      `);
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return rows.map((r) => ({
        kidId: String(r.kid_id),
        recordingId: String(r.recording_id),
        readerId: String(r.reader_id),
        durationSeconds: num(r.duration_seconds),
        startedAt: date(r.started_at),
        lastAt: date(r.last_at),
        completedAt: r.completed_at ? date(r.completed_at) : null,
        maxPositionSeconds: num(r.max_position),
        lastPositionSeconds: num(r.last_position),
      }));
    },

    /** A reader's ready and processing recordings, and the distinct kids who have one of the ready ones. */
    async readerTotals(readerId: string) {
      const [counts] = await db
        .select({
          ready: sql<number>`count(*) FILTER (WHERE ${recordings.status} = 'ready')`.mapWith(Number),
          processing: sql<number>`count(*) FILTER (WHERE ${recordings.status} = 'processing')`.mapWith(Number),
        })
        .from(recordings)
        .where(eq(recordings.readerId, readerId));
      const [kidsReached] = await db
        .select({ n: sql<number>`count(DISTINCT ${recordingKids.kidId})`.mapWith(Number) })
        .from(recordingKids)
        .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
        .where(and(eq(recordings.readerId, readerId), eq(recordings.status, 'ready')));
      return { ready: counts?.ready ?? 0, processing: counts?.processing ?? 0, kids: kidsReached?.n ?? 0 };
    },

    /** Each kid of the family with each of their ready stories: readings, and AI stories of the family (as `ai_<uuid>`). */
    async readyAssignments(familyId: string) {
      const [read, ai] = await Promise.all([
        db
          .select({ kidId: recordingKids.kidId, recordingId: recordingKids.recordingId })
          .from(recordingKids)
          .innerJoin(kids, eq(kids.id, recordingKids.kidId))
          .innerJoin(recordings, eq(recordings.id, recordingKids.recordingId))
          .where(and(eq(kids.familyId, familyId), eq(recordings.status, 'ready'))),
        db
          .select({ kidId: aiRecordingKids.kidId, aiRecordingId: aiRecordingKids.aiRecordingId })
          .from(aiRecordingKids)
          .innerJoin(kids, eq(kids.id, aiRecordingKids.kidId))
          .innerJoin(aiRecordings, eq(aiRecordings.id, aiRecordingKids.aiRecordingId))
          .where(and(eq(kids.familyId, familyId), eq(aiRecordings.familyId, familyId), eq(aiRecordings.status, 'ready'))),
      ]);
      return [...read, ...ai.map((r) => ({ kidId: r.kidId, recordingId: toAiRecordingId(r.aiRecordingId) }))];
    },

    async playlistOrder(kidId: string): Promise<string[] | null> {
      const [row] = await db.select({ order: kidPlaylists.order }).from(kidPlaylists).where(eq(kidPlaylists.kidId, kidId)).limit(1);
      return row?.order ?? null;
    },
    async savePlaylistOrder(kidId: string, order: string[], userId: string, now: Date) {
      await db
        .insert(kidPlaylists)
        .values({ kidId, order, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({ target: kidPlaylists.kidId, set: { order, updatedBy: userId, updatedAt: now } });
    },
    async deletePlaylistOrder(kidId: string) {
      await db.delete(kidPlaylists).where(eq(kidPlaylists.kidId, kidId));
    },

    async bedtime(kidId: string) {
      const [row] = await db.select().from(bedtimeSettings).where(eq(bedtimeSettings.kidId, kidId)).limit(1);
      return row;
    },
    async saveBedtime(kidId: string, storiesLimit: number, sleepTimerMinutes: number, now: Date) {
      await db
        .insert(bedtimeSettings)
        .values({ kidId, storiesLimit, sleepTimerMinutes, updatedAt: now })
        .onConflictDoUpdate({ target: bedtimeSettings.kidId, set: { storiesLimit, sleepTimerMinutes, updatedAt: now } });
    },

    async insertReaction(values: typeof reactions.$inferInsert): Promise<string> {
      const [row] = await db.insert(reactions).values(values).returning({ id: reactions.id });
      return row!.id;
    },
    /** Reactions with their recording's book and the kid, newest first: one, or those to a reader's recordings. */
    async reactions(filter: { id?: string; readerId?: string }, limit: number) {
      const c: SQL[] = [];
      if (filter.id) c.push(eq(reactions.id, filter.id));
      if (filter.readerId) c.push(eq(recordings.readerId, filter.readerId));
      return db
        .select({
          id: reactions.id,
          recordingId: reactions.recordingId,
          reaction: reactions.reaction,
          createdAt: reactions.createdAt,
          bookTitle: books.title,
          kidId: kids.id,
          kidName: kids.firstName,
          familyId: families.id,
          familyName: families.name,
        })
        .from(reactions)
        .innerJoin(recordings, eq(recordings.id, reactions.recordingId))
        .leftJoin(books, eq(books.id, recordings.bookId))
        .innerJoin(kids, eq(kids.id, reactions.kidId))
        .innerJoin(families, eq(families.id, kids.familyId))
        .where(and(...c))
        .orderBy(desc(reactions.createdAt), desc(reactions.id))
        .limit(limit);
    },

    async notificationSettings(userId: string) {
      const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
      return row;
    },
    async saveNotificationSettings(userId: string, values: { storyRequested: boolean; newStory: boolean }, now: Date) {
      await db
        .insert(notificationSettings)
        .values({ userId, ...values, updatedAt: now })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: now } });
    },
  };
}
export type PlaybackRepository = ReturnType<typeof createPlaybackRepository>;
