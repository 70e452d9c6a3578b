import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { APP_TEXTS } from '@fst/shared/messages';
import { useDeviceSession } from '../../lib/api/auth/get-me.ts';
import { useRouterStarted } from '../router-started.tsx';
import { ReportIssueWidget } from '../../features/reports/components/report-issue-widget.tsx';

/** The `handle` of a route whose element shows the Report Issue widget itself (AppLayout). */
export const LAYOUT_SHOWS_REPORT_ISSUE = 'layout-shows-report-issue';

export function SkipLink() {
  return (
    <a href="#main" className="sr-only z-50 rounded-full bg-night px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
      {APP_TEXTS.skipToContent}
    </a>
  );
}

/**
 * A page on its way while the router waits for a loader (the session, the signed-in layout's code and data,
 * router.tsx): the page before stays, with a bar along the top and a word for screen readers.
 */
function PageOnItsWay() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden">
      <span className="sr-only">{APP_TEXTS.loadingPage}</span>
      <div aria-hidden="true" className="h-full w-1/3 animate-progress rounded-full bg-brand" />
    </div>
  );
}

/** Wraps every route: skip link, the page, and the Report Issue widget (spec section 2: every route). */
export function RootLayout() {
  // A kid device offers nothing but the kid's stories (issue 26): no Report Issue there.
  const device = useDeviceSession();
  // The signed-in pages' layout shows it itself, with the header it sits in on a phone: shown here before the
  // layout's code was in, it jumped from its corner into the header (a layout shift).
  const inLayout = useMatches().some((match) => match.handle === LAYOUT_SHOWS_REPORT_ISSUE);
  // Mounted while the session check's view stood in for the page, it put a reloaded page's scroll position on
  // that short view, where it was cut to nothing; mounted with the page, it restores it there (lazy-page.tsx).
  const started = useRouterStarted();
  return (
    <>
      <SkipLink />
      <PageOnItsWay />
      <Outlet />
      {device.data || inLayout ? null : <ReportIssueWidget />}
      {started ? <ScrollRestoration /> : null}
    </>
  );
}
