import { Outlet, ScrollRestoration } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { useDeviceSession } from '../../lib/api/auth/get-me.ts';
import { ReportIssueWidget } from '../../features/reports/components/report-issue-widget.tsx';

export function SkipLink() {
  return (
    <a href="#main" className="sr-only z-50 rounded-full bg-night px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
      {APP_TEXTS.skipToContent}
    </a>
  );
}

/** Wraps every route: skip link, the page, and the Report Issue widget (spec section 2: every route). */
export function RootLayout() {
  // A kid device offers nothing but the kid's stories (issue 26): no Report Issue there.
  const device = useDeviceSession();
  return (
    <>
      <SkipLink />
      <Outlet />
      {device.data ? null : <ReportIssueWidget />}
      <ScrollRestoration />
    </>
  );
}
