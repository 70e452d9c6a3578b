import { ISSUE_TYPE_LABELS, ISSUE_TYPES, type IssueType } from '@fst/shared/constants';
import { ISSUE_ADMIN_TEXTS } from '@fst/shared/messages';
import { Card } from '../../../components/ui/card.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/view.ts';
import { useIssueReports } from '../api/list-issue-reports.ts';

const typeStyles: Record<IssueType, string> = {
  bug: 'bg-danger-soft text-danger',
  feature: 'bg-night-soft text-night',
  improvement: 'bg-sage-soft text-sage',
  other: 'bg-cream-deep text-ink',
};

function typeLabel(type: string): string {
  const known = ISSUE_TYPES.find((value) => value === type);
  return known ? ISSUE_TYPE_LABELS[known] : type;
}

/** Every issue report, newest first as the server sends them (site admins only). */
export function IssueReportList() {
  const reports = useIssueReports();

  if (reports.isPending) return <LoadingScreen label={ISSUE_ADMIN_TEXTS.loading} />;

  if (reports.isError) {
    return (
      <RetryAlert label="Retry" onRetry={() => void reports.refetch()}>
        {errorText(reports.error, ISSUE_ADMIN_TEXTS.loadFailed)}
      </RetryAlert>
    );
  }

  const list = reports.data.reports;
  if (list.length === 0) {
    return (
      <Card className="py-10 text-center text-ink-soft">
        <p>{ISSUE_ADMIN_TEXTS.empty}</p>
      </Card>
    );
  }

  return (
    <>
      <p className="mb-4 text-ink-soft">{list.length === 1 ? '1 report' : `${list.length} reports`}</p>
      <ul className="flex flex-col gap-4">
        {list.map((report) => {
          const known = ISSUE_TYPES.find((value) => value === report.type);
          return (
            <li key={report.id}>
              <Card>
                <article aria-labelledby={`issue-${report.id}-heading`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 id={`issue-${report.id}-heading`} className="font-sans text-base">
                      <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-bold ${known ? typeStyles[known] : typeStyles.other}`}>
                        {typeLabel(report.type)}
                      </span>
                      <span className="sr-only"> on {report.page}</span>
                    </h2>
                    <time dateTime={report.created_at} className="text-base text-ink-soft">
                      {formatDate(report.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                    </time>
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base mobile:grid-cols-1">
                    <dt className="font-semibold">Page</dt>
                    <dd className="break-all text-ink-soft">{report.page}</dd>
                    <dt className="font-semibold">Email</dt>
                    <dd className="break-all text-ink-soft">{report.email}</dd>
                    {report.user_agent ? (
                      <>
                        <dt className="font-semibold">Browser</dt>
                        <dd className="break-all text-ink-soft">{report.user_agent}</dd>
                      </>
                    ) : null}
                  </dl>
                  <p className="mt-3 whitespace-pre-wrap">{report.description}</p>
                </article>
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
