import { okResponse } from '@fst/shared/http/error.schema';
import { parseAiRecordingId } from '@fst/shared/narration/narration.rules';
import {
  aiRecordingParams,
  aiRecordingResponse,
  assignToKidBody,
  availabilityBody,
  availabilityResponse,
  checkVoiceCloneResponse,
  consentBody,
  consentSchema,
  generateStoryBody,
  generateStoryResponse,
  kidAiRecordingsResponse,
  kidAllRecordingsResponse,
  kidParams,
  myVoiceResponse,
  presignedUrlResponse,
  readerIdParams,
  voiceCloneResponse,
} from '@fst/shared/narration/narration.schema';
import type { FastifyRequest } from 'fastify';
import { requireCaller, requireSession, type App } from '../../platform/http.ts';
import { drain, formParts, formStreamError } from '../../platform/multipart.ts';
import type { NarrationService } from './narration.service.ts';

// The voice clone form carries only short text fields.
const CLONE_FORM_LIMITS = { fileBytes: 1, files: 2, fields: 30, fieldBytes: 16 * 1024 };

/**
 * The voice clone form's fields, from JSON or from multipart/form-data (a repeated `recording_ids`, or
 * `recording_ids[]`, becomes a list; files are read past and ignored).
 */
async function cloneForm(req: FastifyRequest): Promise<unknown> {
  if (!req.isMultipart()) return req.body;
  const fields: Record<string, string | string[]> = {};
  for await (const part of formParts(req, CLONE_FORM_LIMITS)) {
    if (part.kind === 'file') {
      await drain(part.stream).catch((err) => {
        throw formStreamError(err) ?? err;
      });
      continue;
    }
    const name = part.name.replace(/\[\]$/, '');
    if (name === 'recording_ids' && (fields[name] !== undefined || part.name.endsWith('[]'))) {
      const before = fields[name];
      fields[name] = [...(Array.isArray(before) ? before : before === undefined ? [] : [before]), part.value];
    } else if (fields[name] === undefined) fields[name] = part.value;
  }
  return fields;
}

const CLONE_DESCRIPTION =
  'JSON or multipart/form-data: readerId, recording_ids (list of the reader’s ready recording ids; in a form a JSON list or the field repeated), voice_name (default: the reader’s first name plus ’s Voice). By the reader, or a parent of one of the reader’s families; needs the reader’s consent (403 otherwise, and the reader is e-mailed) and a Premium or Gold family. Answers 201.';

/** The route that takes a form (multipart/form-data) as well as JSON: registered where @fastify/multipart is (composition/routes.ts). */
export function voiceFormRoutes(app: App, { narration }: { narration: NarrationService }) {
  app.post(
    '/api/voice/clone/create',
    {
      schema: {
        tags: ['narration'],
        consumes: ['application/json', 'multipart/form-data'],
        description: CLONE_DESCRIPTION,
        response: { 201: voiceCloneResponse },
      },
    },
    async (req, reply) => {
      const session = requireSession(req);
      return reply.code(201).send(await narration.createClone(session, await cloneForm(req)));
    },
  );
}

export function narrationRoutes(app: App, opts: { narration: NarrationService }) {
  const { narration } = opts;
  const tags = ['narration'];
  const aiId = (id: string) => parseAiRecordingId(id)!;

  app.get('/api/voice/consent', { schema: { tags, response: { 200: consentSchema } } }, async (req) => narration.consent(requireSession(req)));
  app.put('/api/voice/consent', { schema: { tags, body: consentBody, response: { 200: consentSchema } } }, async (req) =>
    narration.setConsent(requireSession(req), req.body.allowed),
  );

  app.get('/api/voice/clone/my-voice', { schema: { tags, response: { 200: myVoiceResponse } } }, async (req) => narration.myVoice(requireSession(req)));
  app.delete('/api/voice/clone/my-voice', { schema: { tags, response: { 200: okResponse } } }, async (req) => narration.deleteMyVoice(requireSession(req)));
  app.get('/api/voice/check-voice-clone/:readerId', { schema: { tags, params: readerIdParams, response: { 200: checkVoiceCloneResponse } } }, async (req) =>
    narration.checkVoiceClone(requireSession(req), req.params.readerId),
  );

  app.post('/api/voice/check-availability', { schema: { tags, body: availabilityBody, response: { 200: availabilityResponse } } }, async (req) =>
    narration.checkAvailability(requireSession(req), req.body),
  );
  app.post(
    '/api/voice/generate-story',
    {
      schema: {
        tags,
        body: generateStoryBody,
        description: 'Answers 202 at once with the AI story (status pending); follow GET /api/voice/ai-recordings/{id} until it is ready or failed.',
        response: { 202: generateStoryResponse },
      },
    },
    async (req, reply) => reply.code(202).send(await narration.generate(requireSession(req), req.body)),
  );

  app.get('/api/voice/ai-recordings/:id', { schema: { tags, params: aiRecordingParams, response: { 200: aiRecordingResponse } } }, async (req) =>
    narration.get(requireSession(req), aiId(req.params.id)),
  );
  // Open to the kid's device: a fresh link to one of its kid's stories (decision 018).
  app.get(
    '/api/voice/ai-recordings/:id/presigned-url',
    { config: { device: true }, schema: { tags, params: aiRecordingParams, response: { 200: presignedUrlResponse } } },
    async (req) => narration.presignedUrl(requireCaller(req), aiId(req.params.id)),
  );
  app.delete('/api/voice/ai-recordings/:id', { schema: { tags, params: aiRecordingParams, response: { 200: okResponse } } }, async (req) =>
    narration.remove(requireSession(req), aiId(req.params.id)),
  );
  app.post(
    '/api/voice/:id/assign-to-kid',
    { schema: { tags, params: aiRecordingParams, body: assignToKidBody, response: { 200: aiRecordingResponse } } },
    async (req) => narration.assignToKid(requireSession(req), aiId(req.params.id), req.body.kid_id),
  );

  app.get('/api/voice/kid/:kidId/ai-recordings', { schema: { tags, params: kidParams, response: { 200: kidAiRecordingsResponse } } }, async (req) =>
    narration.kidAiRecordings(requireSession(req), req.params.kidId),
  );
  app.get('/api/voice/kid/:kidId/all-recordings', { schema: { tags, params: kidParams, response: { 200: kidAllRecordingsResponse } } }, async (req) =>
    narration.kidAllRecordings(requireSession(req), req.params.kidId),
  );
}
