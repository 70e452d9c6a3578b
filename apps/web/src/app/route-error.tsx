import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { ReportIssueWidget } from '../features/reports/components/report-issue-widget.tsx';
import { paths } from '../lib/paths.ts';
import { SkipLink } from './layout/root-layout.tsx';

/** Shown instead of a page that failed to render; the Report Issue widget stays available. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SkipLink />
      <PageTitle title={notFound ? 'Page not found' : 'Something went wrong'} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-16 focus:outline-none">
        <Card className="flex flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
          <p className="text-ink-soft">{notFound ? APP_TEXTS.pageNotFound : APP_TEXTS.unexpectedError}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={() => window.location.reload()}>Reload page</Button>
            <Link to={paths.home} className={buttonClasses('secondary')} reloadDocument>
              Go to home page
            </Link>
          </div>
        </Card>
      </main>
      <ReportIssueWidget />
    </>
  );
}
