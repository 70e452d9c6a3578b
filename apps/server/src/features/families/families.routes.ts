import { z } from 'zod';
import { okResponse } from '@fst/shared/http/error.schema';
import {
  createFamilyBody,
  familyParams,
  familyResponse,
  joinFamilyBody,
  joinRequestsResponse,
  kidBody,
  kidParams,
  kidResponse,
  myFamiliesResponse,
  readerStatsParams,
  readerStatsSchema,
  readersResponse,
  requestJoinBody,
  requestJoinResponse,
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

  app.post('/api/family/create', { schema: { tags, body: createFamilyBody, response: { 201: familyResponse } } }, async (req, reply) =>
    reply.code(201).send(await families.create(requireSession(req), req.body)),
  );
  app.get('/api/family/my-families', { config: { cached: true }, schema: { tags, response: { 200: myFamiliesResponse } } }, async (req) => ({
    families: await families.listForUser(requireSession(req).user.id),
  }));
  for (const url of ['/api/family/join', '/api/auth/join-family']) {
    app.post(url, { schema: { tags, body: joinFamilyBody, response: { 200: familyResponse } } }, async (req) =>
      families.joinByCode(requireSession(req), req.body),
    );
  }
  app.get('/api/auth/search-families', { schema: { tags, querystring: searchFamiliesQuery, response: { 200: searchFamiliesResponse } } }, async (req) =>
    families.search(requireSession(req), req.query.q),
  );
  app.get('/api/family/:id', { config: { cached: true }, schema: { tags, params: familyParams, response: { 200: familyResponse } } }, async (req) =>
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

  app.post('/api/family/:id/kids', { schema: { tags, params: familyParams, body: kidBody, response: { 201: kidResponse } } }, async (req, reply) =>
    reply.code(201).send(await families.addKid(requireSession(req), req.params.id, req.body)),
  );
  app.put('/api/family/:id/kids/:kidId', { schema: { tags, params: kidParams, body: kidBody, response: { 200: kidResponse } } }, async (req) =>
    families.updateKid(requireSession(req), req.params.id, req.params.kidId, req.body),
  );
  app.delete('/api/family/:id/kids/:kidId', { schema: { tags, params: kidParams, response: { 200: okResponse } } }, async (req) =>
    families.deleteKid(requireSession(req), req.params.id, req.params.kidId),
  );

  app.get('/api/family/:id/readers', { config: { cached: true }, schema: { tags, params: familyParams, response: { 200: readersResponse } } }, async (req) =>
    families.readers(requireSession(req), req.params.id),
  );
  app.get(
    '/api/family/:familyId/reader/:readerId/stats',
    { schema: { tags, params: readerStatsParams, response: { 200: readerStatsSchema } } },
    async (req) => families.readerStats(requireSession(req), req.params.familyId, req.params.readerId),
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
      { config: { cached: true }, schema: { tags: ['families'], params: familyParams, response: { 200: z.object({ recordings: z.array(item) }) } } },
      async (req) => {
        const session = requireSession(req);
        await opts.families.requireMember(session, req.params.id);
        return { recordings: await list(req.params.id, session) };
      },
    );
  }
}
