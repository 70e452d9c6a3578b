import type { FastifyReply } from 'fastify';
import { familyParams } from '@fst/shared/families/families.schema';
import { requireSession, type App } from '../../platform/http.ts';
import type { Download, ExportsService } from './exports.service.ts';

/** `attachment` with the name as typed (RFC 6266 `filename*`) and a plain ASCII fallback for old clients. */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export function exportsRoutes(app: App, { exports }: { exports: ExportsService }) {
  const tags = ['exports'];
  // A zip written as it is sent: no JSON schema for the answer (the OpenAPI document describes it as binary).
  const send = (reply: FastifyReply, download: Download) => {
    reply.type('application/zip').header('content-disposition', disposition(download.fileName)).header('cache-control', 'private, no-store');
    if (download.size != null) reply.header('content-length', download.size);
    return reply.send(download.stream);
  };

  app.get('/api/family/:id/export', { schema: { tags, params: familyParams } }, async (req, reply) =>
    send(reply, await exports.familyArchive(requireSession(req), req.params.id)),
  );
  app.get('/api/me/export', { schema: { tags } }, async (req, reply) => send(reply, await exports.myData(requireSession(req))));
}
