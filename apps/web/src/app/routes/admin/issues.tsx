import { ISSUE_ADMIN_TEXTS } from '@fst/shared/messages';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { IssueReportList } from '../../../features/reports/components/issue-report-list.tsx';

export default function AdminIssuesRoute() {
  return (
    <div className="mx-auto max-w-4xl px-6 py-10 mobile:px-4 mobile:py-6">
      <PageTitle title={ISSUE_ADMIN_TEXTS.title} />
      <h1 className="mb-2 text-3xl font-bold mobile:text-2xl">{ISSUE_ADMIN_TEXTS.title}</h1>
      <p className="mb-6 text-ink-soft">What families reported through the Report Issue button, newest first.</p>
      <IssueReportList />
    </div>
  );
}
