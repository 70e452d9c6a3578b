import { bookListQuery, bookListResponse } from '@fst/shared/books/books.schema';
import { okResponse } from '@fst/shared/http/error.schema';
import {
  assignBody,
  assignResponse,
  kidRecordingsParams,
  kidRecordingsResponse,
  myRecordingsResponse,
  readerParams,
  recordingListResponse,
  recordingParams,
  recordingResponse,
  viewUrlResponse,
} from '@fst/shared/recordings/recordings.schema';
import { requireCaller, requireSession, type App } from '../../platform/http.ts';
import { formParts } from '../../platform/multipart.ts';
import type { RecordingsService } from './recordings.service.ts';

// Text fields are small, except a page track of many turns.
const FIELD_BYTES = 256 * 1024;

const UPLOAD_DESCRIPTION = `multipart/form-data: the media file in \`recording\` (video/webm, video/mp4, audio/webm, audio/mp4, audio/ogg…; its first bytes must match), or \`upload_id\` of a finished upload of the tus endpoint /api/uploads instead of the file; text fields book_id, recording_type, duration_seconds, kid_ids (JSON list), is_premium, page_track (JSON list of { page, at_seconds }). Send the text fields first. Answers 201 with the recording, processing_status "processing".`;

/** The route that takes a form (multipart/form-data): registered where @fastify/multipart is (composition/routes.ts). */
export function recordingFormRoutes(app: App, { recordings, maxBytes }: { recordings: RecordingsService; maxBytes: number }) {
  app.post(
    '/api/recording/upload',
    {
      config: { idempotent: true },
      schema: { tags: ['recordings'], consumes: ['multipart/form-data'], description: UPLOAD_DESCRIPTION, response: { 201: recordingResponse } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await recordings.upload(requireSession(req), formParts(req, { fileBytes: maxBytes + 1, files: 2, fields: 12, fieldBytes: FIELD_BYTES }))),
  );
}

export function recordingsRoutes(app: App, { recordings }: { recordings: RecordingsService }) {
  const tags = ['recordings'];

  app.get('/api/recording/my-recordings', { schema: { tags, response: { 200: myRecordingsResponse } } }, async (req) =>
    recordings.myRecordings(requireSession(req)),
  );
  app.get('/api/recording/kid_fromGparent/:kidId', { schema: { tags, params: kidRecordingsParams, response: { 200: recordingListResponse } } }, async (req) =>
    recordings.readerKidRecordings(requireSession(req), req.params.kidId),
  );
  // Open to the kid's device: its own stories (decision 018).
  app.get(
    '/api/recording/kid/:kidId',
    { config: { device: true }, schema: { tags, params: kidRecordingsParams, response: { 200: kidRecordingsResponse } } },
    async (req) => recordings.kidRecordings(requireCaller(req), req.params.kidId),
  );
  app.get('/api/recording/:id', { schema: { tags, params: recordingParams, response: { 200: recordingResponse } } }, async (req) =>
    recordings.get(requireSession(req), req.params.id),
  );
  app.get(
    '/api/recording/:id/view-url',
    { config: { device: true }, schema: { tags, params: recordingParams, response: { 200: viewUrlResponse } } },
    async (req) => recordings.viewUrl(requireCaller(req), req.params.id),
  );
  app.delete('/api/recording/:id', { schema: { tags, params: recordingParams, response: { 200: okResponse } } }, async (req) =>
    recordings.remove(requireSession(req), req.params.id),
  );
  app.post('/api/recording/:id/assign', { schema: { tags, params: recordingParams, body: assignBody, response: { 200: assignResponse } } }, async (req) =>
    recordings.assign(requireSession(req), req.params.id, req.body.kid_ids),
  );

  // The reader endpoints of spec section 7 "Books".
  app.get('/api/reader/:id/recordings', { schema: { tags, params: readerParams, response: { 200: recordingListResponse } } }, async (req) =>
    recordings.readerRecordings(requireSession(req), req.params.id),
  );
  for (const [path, premium] of [
    ['unrecorded-books', false],
    ['premium-unrecorded-books', true],
  ] as const) {
    app.get(
      `/api/reader/:id/${path}`,
      { schema: { tags: ['books'], params: readerParams, querystring: bookListQuery, response: { 200: bookListResponse } } },
      async (req) => recordings.unrecordedBooks(requireSession(req), req.params.id, req.query, premium),
    );
  }
}
