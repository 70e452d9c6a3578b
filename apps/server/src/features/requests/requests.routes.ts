import { okResponse } from '@fst/shared/http/error.schema';
import { queueItemResponse, queueKidParams, queueListResponse, queueRequestParams, requestStoryBody } from '@fst/shared/requests/requests.schema';
import { requireSession, type App } from '../../platform/http.ts';
import type { RequestsService } from './requests.service.ts';

// The queue calls of spec section 7 "Queue".
export function requestsRoutes(app: App, { requests }: { requests: RequestsService }) {
  const tags = ['requests'];

  app.get('/api/queue/for-reader', { schema: { tags, response: { 200: queueListResponse } } }, async (req) => requests.forReader(requireSession(req)));
  app.get('/api/queue/kid/:kidId', { schema: { tags, params: queueKidParams, response: { 200: queueListResponse } } }, async (req) =>
    requests.forKid(requireSession(req), req.params.kidId),
  );
  app.post(
    '/api/queue/request-story',
    { schema: { tags, body: requestStoryBody, response: { 200: queueItemResponse, 201: queueItemResponse } } },
    async (req, reply) => {
      const { request, created } = await requests.requestStory(requireSession(req), req.body);
      return reply.code(created ? 201 : 200).send({ request });
    },
  );
  app.delete('/api/queue/:id', { schema: { tags, params: queueRequestParams, response: { 200: okResponse } } }, async (req) =>
    requests.cancel(requireSession(req), req.params.id),
  );
}
