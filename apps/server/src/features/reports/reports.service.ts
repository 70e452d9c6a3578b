import type { z } from 'zod';
import { ANONYMOUS_REPORTER_EMAIL } from '@fst/shared/constants';
import { issueReportEmail, type IssueReport, type issueReportBody } from '@fst/shared/reports/reports.schema';
import type { Clock } from '../../platform/clock.ts';
import { forbidden } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/http.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import type { ReportsRepository } from './reports.repository.ts';

const REPORTS_PER_CLIENT = { max: 20, windowMs: 60 * 60 * 1000 };

type Deps = {
  reports: ReportsRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  adminEmails: readonly string[];
  log: { error: (obj: unknown, msg: string) => void };
};

export function createReportsService(deps: Deps) {
  return {
    async create(body: z.output<typeof issueReportBody>, ctx: { session: SessionUser | null; client: string; userAgent: string | null }) {
      await deps.limiter.hit(`report:client:${ctx.client}`, REPORTS_PER_CLIENT);
      const email = body.email || ANONYMOUS_REPORTER_EMAIL;
      const row = await deps.reports.insert({
        type: body.type,
        description: body.description,
        page: body.page,
        email,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        userId: ctx.session?.user.id ?? null,
        createdAt: deps.clock.now(),
      });
      const admins = await deps.reports.adminEmails(deps.adminEmails);
      if (admins.length) {
        const mail = issueReportEmail({ ...body, email, time: row.createdAt, userAgent: row.userAgent });
        // The report is stored either way; a mail failure is logged, not shown to the reporter.
        await deps.mailer.send({ to: admins, ...mail }).catch((err) => deps.log.error({ err }, 'issue report mail failed'));
      }
      return { id: row.id };
    },

    async list(session: SessionUser): Promise<{ reports: IssueReport[] }> {
      if (!session.user.is_admin) throw forbidden();
      const rows = await deps.reports.list(500);
      return {
        reports: rows.map((r) => ({
          id: r.id,
          type: r.type,
          description: r.description,
          page: r.page,
          email: r.email,
          user_agent: r.userAgent,
          user_id: r.userId,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
