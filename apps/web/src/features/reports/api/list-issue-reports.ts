import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { issueReportList } from '@fst/shared/reports/reports.schema';
import { apiRequest } from '../../../lib/api-client.ts';

export function listIssueReports(): Promise<z.infer<typeof issueReportList>> {
  return apiRequest<z.infer<typeof issueReportList>>('/api/admin/issue-reports');
}

export const issueReportsQueryOptions = () => queryOptions({ queryKey: ['admin', 'issue-reports'] as const, queryFn: listIssueReports });

export function useIssueReports() {
  return useQuery(issueReportsQueryOptions());
}
