import { z } from 'zod';
import { okResponse } from '@fst/shared/http/error.schema';
import {
  activityQuery,
  activityResponse,
  createFamilyBody,
  deleteFamilyBody,
  familyCodeResponse,
  familySettingsBody,
  familySettingsResponse,
  memberParams,
  removeMemberQuery,
  updateMemberBody,
  familyParams,
  familyResponse,
  joinedByCodeResponse,
  joinFamilyBody,
  joinRequestsResponse,
  kidBody,
  kidParams,
  kidResponse,
  myFamiliesResponse,
  myJoinRequestParams,
  myJoinRequestsResponse,
  readerStatsParams,
  readerStatsSchema,
  readersResponse,
  requestJoinBody,
  requestJoinResponse,
  requestedByCodeResponse,
  requestParams,
  reviewRequestBody,
  reviewRequestResponse,
  searchFamiliesQuery,
  searchFamiliesResponse,
} from '@fst/shared/families/families.schema';
import { requireSession, type App, type SessionUser } from '../../platform/http.ts';
import type { FamiliesService } from './families.service.ts';

export function familiesRoutes(app: App, { families }: { families: FamiliesService }) {
  const tags = ['families'];

  app.post(
    '/api/family/create',
    { config: { idempotent: true }, schema: { tags, body: createFamilyBody, response: { 201: familyResponse } } },
    async (req, reply) => reply.code(201).send(await families.create(requireSession(req), req.body)),
  );
  app.get('/api/family/my-families', { schema: { tags, response: { 200: myFamiliesResponse } } }, async (req) => ({
    families: await families.listForUser(requireSession(req).user.id),
  }));
  for (const url of ['/api/family/join', '/api/auth/join-family']) {
    app.post(url, { schema: { tags, body: joinFamilyBody, response: { 200: joinedByCodeResponse, 202: requestedByCodeResponse } } }, async (req, reply) => {
      const answer = await families.joinByCode(requireSession(req), req.body, req.ip);
      return reply.code(answer.status === 'joined' ? 200 : 202).send(answer);
    });
  }
  // The caller's own join requests (issue 22.12): shown on their dashboard while they wait, and withdrawn there.
  // Under /api/me, not /api/family/my-…: beside /api/family/{id}/… such a path would be ambiguous.
  app.get('/api/me/join-requests', { schema: { tags, response: { 200: myJoinRequestsResponse } } }, async (req) =>
    families.myJoinRequests(requireSession(req)),
  );
  app.delete('/api/me/join-requests/:requestId', { schema: { tags, params: myJoinRequestParams, response: { 200: okResponse } } }, async (req) =>
    families.withdrawMyJoinRequest(requireSession(req), req.params.requestId),
  );
  app.get('/api/auth/search-families', { schema: { tags, querystring: searchFamiliesQuery, response: { 200: searchFamiliesResponse } } }, async (req) =>
    families.search(requireSession(req), req.query.q),
  );
  app.get('/api/family/:id', { schema: { tags, params: familyParams, response: { 200: familyResponse } } }, async (req) =>
    families.get(requireSession(req), req.params.id),
  );
  app.post(
    '/api/family/:id/request-join',
    { schema: { tags, params: familyParams, body: requestJoinBody, response: { 201: requestJoinResponse } } },
    async (req, reply) => reply.code(201).send(await families.requestJoin(requireSession(req), req.params.id, req.body.relationship)),
  );
  app.get('/api/family/:id/requests', { schema: { tags, params: familyParams, response: { 200: joinRequestsResponse } } }, async (req) =>
    families.pendingRequests(requireSession(req), req.params.id),
  );
  app.put(
    '/api/family/:id/requests/:requestId',
    { schema: { tags, params: requestParams, body: reviewRequestBody, response: { 200: reviewRequestResponse } } },
    async (req) => families.reviewRequest(requireSession(req), req.params.id, req.params.requestId, req.body.action),
  );

  // Family controls (issue 25, decision 012).
  app.delete(
    '/api/family/:id/members/:userId',
    { schema: { tags, params: memberParams, querystring: removeMemberQuery, response: { 200: okResponse } } },
    async (req) => families.removeMember(requireSession(req), req.params.id, req.params.userId, req.query.remove_stories),
  );
  app.put(
    '/api/family/:id/members/:userId',
    { schema: { tags, params: memberParams, body: updateMemberBody, response: { 200: familyResponse } } },
    async (req) => families.makeAdmin(requireSession(req), req.params.id, req.params.userId),
  );
  app.delete('/api/family/:id', { schema: { tags, params: familyParams, body: deleteFamilyBody, response: { 200: okResponse } } }, async (req) =>
    families.deleteFamily(requireSession(req), req.params.id, req.body.confirm_name),
  );
  app.post('/api/family/:id/leave', { schema: { tags, params: familyParams, response: { 200: okResponse } } }, async (req) =>
    families.leave(requireSession(req), req.params.id),
  );
  app.post('/api/family/:id/code', { schema: { tags, params: familyParams, response: { 200: familyCodeResponse } } }, async (req) =>
    families.newCode(requireSession(req), req.params.id),
  );
  app.put(
    '/api/family/:id/settings',
    { schema: { tags, params: familyParams, body: familySettingsBody, response: { 200: familySettingsResponse } } },
    async (req) => families.updateSettings(requireSession(req), req.params.id, req.body),
  );
  app.get(
    '/api/family/:id/activity',
    { schema: { tags, params: familyParams, querystring: activityQuery, response: { 200: activityResponse } } },
    async (req) => families.activity(requireSession(req), req.params.id, req.query.page, req.query.per_page),
  );

  app.post(
    '/api/family/:id/kids',
    { config: { idempotent: true }, schema: { tags, params: familyParams, body: kidBody, response: { 201: kidResponse } } },
    async (req, reply) => reply.code(201).send(await families.addKid(requireSession(req), req.params.id, req.body)),
  );
  app.put('/api/family/:id/kids/:kidId', { schema: { tags, params: kidParams, body: kidBody, response: { 200: kidResponse } } }, async (req) =>
    families.updateKid(requireSession(req), req.params.id, req.params.kidId, req.body),
  );
  app.delete('/api/family/:id/kids/:kidId', { schema: { tags, params: kidParams, response: { 200: okResponse } } }, async (req) =>
    families.deleteKid(requireSession(req), req.params.id, req.params.kidId),
  );

  app.get('/api/family/:id/readers', { schema: { tags, params: familyParams, response: { 200: readersResponse } } }, async (req) =>
    families.readers(requireSession(req), req.params.id),
  );
  app.get('/api/family/:familyId/reader/:readerId/stats', { schema: { tags, params: readerStatsParams, response: { 200: readerStatsSchema } } }, async (req) =>
    families.readerStats(requireSession(req), req.params.familyId, req.params.readerId),
  );
}

/**
 * The family's recording lists; the recordings and narration features register their sources here, each
 * with the schema of one item and a function answering the list for a member of the family.
 */
export type FamilyRecordingList = { item: z.ZodType; list: (familyId: string, session: SessionUser) => Promise<unknown[]> };
export type FamilyRecordingLists = Record<'all-recordings' | 'all-ai-recordings' | 'recent-recordings' | 'recent-ai-recordings', FamilyRecordingList>;

export function familyRecordingListRoutes(app: App, opts: { families: FamiliesService; lists: FamilyRecordingLists }) {
  for (const [name, { item, list }] of Object.entries(opts.lists)) {
    app.get(
      `/api/family/:id/${name}`,
      { schema: { tags: ['families'], params: familyParams, response: { 200: z.object({ recordings: z.array(item) }) } } },
      async (req) => {
        const session = requireSession(req);
        await opts.families.requireMember(session, req.params.id);
        return { recordings: await list(req.params.id, session) };
      },
    );
  }
}
