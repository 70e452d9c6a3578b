import { Outlet, ScrollRestoration } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { ReportIssueWidget } from '../../features/reports/components/report-issue-widget.tsx';

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-night px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {APP_TEXTS.skipToContent}
    </a>
  );
}

/** Wraps every route: skip link, the page, and the Report Issue widget (spec section 2: every route). */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <Outlet />
      <ReportIssueWidget />
      <ScrollRestoration />
    </>
  );
}
