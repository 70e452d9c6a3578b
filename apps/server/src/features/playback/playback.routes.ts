import {
  bedtimeBody,
  bedtimeResponse,
  familyStatsParams,
  familyStatsQuery,
  familyStatsResponse,
  kidPlaybackParams,
  notificationSettingsBody,
  notificationSettingsSchema,
  playEventBody,
  playEventResponse,
  playlistOrderBody,
  playlistResponse,
  reactionBody,
  reactionListResponse,
  reactionResponse,
  readerDashboardStatsResponse,
  recordingReactionParams,
} from '@fst/shared/playback/playback.schema';
import { requireCaller, requireSession, type App } from '../../platform/http.ts';
import type { PlaybackService } from './playback.service.ts';

// decisions.md "Endpoints beyond the spec": play events, stats, playlists, bedtime, reactions, notifications.
export function playbackRoutes(app: App, { playback }: { playback: PlaybackService }) {
  const tags = ['playback'];

  // `device: true`: open to the kid's own device too (decision 018), for its kid only.
  app.post(
    '/api/playback/events',
    { config: { device: true, idempotent: true }, schema: { tags, body: playEventBody, response: { 201: playEventResponse } } },
    async (req, reply) => reply.code(201).send(await playback.recordEvent(requireCaller(req), req.body)),
  );
  app.get(
    '/api/playback/family/:familyId/stats',
    { schema: { tags, params: familyStatsParams, querystring: familyStatsQuery, response: { 200: familyStatsResponse } } },
    async (req) => playback.familyStats(requireSession(req), req.params.familyId, req.query.tz_offset_minutes),
  );
  app.get('/api/playback/reader/stats', { schema: { tags, response: { 200: readerDashboardStatsResponse } } }, async (req) =>
    playback.readerStats(requireSession(req)),
  );

  const playlistPath = '/api/playback/kid/:kidId/playlist';
  app.get(playlistPath, { config: { device: true }, schema: { tags, params: kidPlaybackParams, response: { 200: playlistResponse } } }, async (req) =>
    playback.playlist(requireCaller(req), req.params.kidId),
  );
  app.put(playlistPath, { schema: { tags, params: kidPlaybackParams, body: playlistOrderBody, response: { 200: playlistResponse } } }, async (req) =>
    playback.savePlaylist(requireSession(req), req.params.kidId, req.body.order),
  );
  app.delete(playlistPath, { schema: { tags, params: kidPlaybackParams, response: { 200: playlistResponse } } }, async (req) =>
    playback.resetPlaylist(requireSession(req), req.params.kidId),
  );

  const bedtimePath = '/api/playback/kid/:kidId/bedtime';
  app.get(bedtimePath, { config: { device: true }, schema: { tags, params: kidPlaybackParams, response: { 200: bedtimeResponse } } }, async (req) =>
    playback.bedtime(requireCaller(req), req.params.kidId),
  );
  app.put(bedtimePath, { schema: { tags, params: kidPlaybackParams, body: bedtimeBody, response: { 200: bedtimeResponse } } }, async (req) =>
    playback.saveBedtime(requireSession(req), req.params.kidId, req.body),
  );

  app.post(
    '/api/recording/:id/reactions',
    { config: { device: true, idempotent: true }, schema: { tags, params: recordingReactionParams, body: reactionBody, response: { 201: reactionResponse } } },
    async (req, reply) => reply.code(201).send(await playback.react(requireCaller(req), req.params.id, req.body)),
  );
  app.get('/api/reactions/for-reader', { schema: { tags, response: { 200: reactionListResponse } } }, async (req) =>
    playback.reactionsForReader(requireSession(req)),
  );

  app.get('/api/me/notifications', { schema: { tags, response: { 200: notificationSettingsSchema } } }, async (req) =>
    playback.notificationSettings(requireSession(req)),
  );
  app.put('/api/me/notifications', { schema: { tags, body: notificationSettingsBody, response: { 200: notificationSettingsSchema } } }, async (req) =>
    playback.saveNotificationSettings(requireSession(req), req.body),
  );
}
