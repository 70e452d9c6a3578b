import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { IssueReportBody, issueReportCreated } from '@fst/shared/reports/reports.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/issue-reports works signed in or not (decisions.md "Issue reports"). */
export function createIssueReport(body: IssueReportBody): Promise<z.infer<typeof issueReportCreated>> {
  return apiRequest<z.infer<typeof issueReportCreated>>('/api/issue-reports', { method: 'POST', body });
}

export function useCreateIssueReport() {
  return useMutation({ mutationFn: createIssueReport });
}
