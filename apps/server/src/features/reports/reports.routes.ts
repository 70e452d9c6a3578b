import { issueReportBody, issueReportCreated, issueReportList } from '@fst/shared/reports/reports.schema';
import { requireSession, type App } from '../../platform/http.ts';
import { rateLimitClient } from '../../platform/rate-limit/client.ts';
import type { ReportsService } from './reports.service.ts';

export function reportsRoutes(app: App, { reports }: { reports: ReportsService }) {
  app.post(
    '/api/issue-reports',
    { config: { public: true }, schema: { tags: ['reports'], body: issueReportBody, response: { 201: issueReportCreated } } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await reports.create(req.body, { session: req.session, client: rateLimitClient(req.ip), userAgent: req.headers['user-agent'] ?? null })),
  );
  app.get('/api/admin/issue-reports', { schema: { tags: ['admin'], response: { 200: issueReportList } } }, async (req) => reports.list(requireSession(req)));
}
