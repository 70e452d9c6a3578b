import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LAYOUT_SHOWS_REPORT_ISSUE, RootLayout } from './layout/root-layout.tsx';
import { GuestOnly, RequireAdmin, RequireAuth, RequireRole, SessionLoading } from './guards.tsx';
import { DeviceGate } from './device-gate.tsx';
import { lazyPage, loadPage, type LazyPage } from './lazy-page.tsx';
import { sessionQueryOptions } from '../lib/api/auth/get-me.ts';
import { RouteError } from './route-error.tsx';
import { nextTask } from '../lib/next-task.ts';
import { paths } from '../lib/paths.ts';
import { LandingRoute } from './routes/landing.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

// Only the landing page (and the not-found page) come with the entry; every other page loads on demand
// with the libraries only it needs (issue 9: the landing page's JavaScript within 150 KB gzipped). Login
// and signup share one small chunk (the form library and schemas). The signed-in pages' layout (header,
// and the contexts it fills with billing, books and playback parts) is a chunk of its own.
const loadAppLayout = () => import('./layout/app-layout.tsx');
const AppLayout = lazyPage(() => loadAppLayout().then((m) => ({ default: m.AppLayout, prefetch: m.prefetch })));
const ParentDashboardRoute = lazyPage(() => import('./routes/parent-dashboard.tsx'));
const GrandparentDashboardRoute = lazyPage(() => import('./routes/grandparent-dashboard.tsx'));
const ProfileRoute = lazyPage(() => import('./routes/profile.tsx'));
// Signing in or up leads to a signed-in page: once the visitor starts on the form (the first focus in the
// page, by tap, click or Tab), their pages fetch its layout ahead, while the visitor types. Not on arrival:
// on a slow phone it would compete with the form's own code and keep the main thread busy evaluating it, and
// a visitor who leaves would have paid for it. The download is shared; a failure here is left to the
// layout's own load, which shows Retry.
const prefetchAppLayout = <T,>(page: T): T => {
  // (No document when the page is rendered ahead at build time: apps/web/src/prerender.tsx.)
  if (typeof document !== 'undefined') document.addEventListener('focusin', () => void loadAppLayout().catch(() => undefined), { once: true });
  return page;
};
const LoginRoute = lazyPage(() => import('./routes/auth/login.tsx').then(prefetchAppLayout));
const SignupRoute = lazyPage(() => import('./routes/auth/signup.tsx').then(prefetchAppLayout));
const ForgotPasswordRoute = lazyPage(() => import('./routes/auth/forgot-password.tsx'));
const ResetPasswordRoute = lazyPage(() => import('./routes/auth/reset-password.tsx'));
const VerifyEmailRoute = lazyPage(() => import('./routes/auth/verify-email.tsx'));
const UndoEmailChangeRoute = lazyPage(() => import('./routes/auth/undo-email-change.tsx'));
const FamilyRoute = lazyPage(() => import('./routes/family.tsx'));
const PrivacyRoute = lazyPage(() => import('./routes/privacy.tsx'));
const SubscriptionRoute = lazyPage(() => import('./routes/subscription.tsx'));
const BillingCheckoutRoute = lazyPage(() => import('./routes/billing-checkout.tsx'));
const BillingPortalRoute = lazyPage(() => import('./routes/billing-portal.tsx'));
const BookLibraryRoute = lazyPage(() => import('./routes/book-library.tsx'));
const BookRoute = lazyPage(() => import('./routes/book.tsx'));
const RecordRoute = lazyPage(() => import('./routes/record.tsx'));
const RecordingRoute = lazyPage(() => import('./routes/recording.tsx'));
const StoryRoute = lazyPage(() => import('./routes/story.tsx'));
const ChildRoute = lazyPage(() => import('./routes/child.tsx'));
const AdminBooksRoute = lazyPage(() => import('./routes/admin/books.tsx'));
const AdminIssuesRoute = lazyPage(() => import('./routes/admin/issues.tsx'));
const PairRoute = lazyPage(() => import('./routes/pair.tsx'));

/**
 * Every route of spec section 2, plus /admin/issues (decisions.md "Issue reports"). The signed-in pages have
 * loaders (`loadPage`): the router asks for their code and first data beside the session check, and draws
 * the layout once the session and the layout's own are in, each page at once with its own loading views (or
 * whole, where the reader comes back to it). The public pages have none: they come rendered ahead and are
 * hydrated (decision 008). `firstLoad`: whether the router is on its first navigation, the document's own.
 */
export function appRoutes(client: QueryClient, firstLoad = (): boolean => false): RouteObject[] {
  const page = (path: string, Page: LazyPage): RouteObject => ({ path, element: <Page />, loader: loadPage(Page, client, { firstLoad }) });
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // A kid device's pages are its kid's only (issue 26): the gate stands before every route.
          element: <DeviceGate />,
          children: [
            { path: paths.home, element: <LandingRoute /> },
            { path: paths.pair, element: <PairRoute /> },
            {
              element: <GuestOnly />,
              children: [
                { path: paths.login, element: <LoginRoute /> },
                { path: paths.signup, element: <SignupRoute /> },
              ],
            },
            { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
            { path: paths.resetPassword, element: <ResetPasswordRoute /> },
            { path: paths.verifyEmail, element: <VerifyEmailRoute /> },
            { path: paths.undoEmailChange, element: <UndoEmailChangeRoute /> },
            { path: paths.privacy, element: <PrivacyRoute /> },
            {
              element: <RequireAuth />,
              // Until the session and the layout's code and data are in, the session check's view stays (the loading view's HTML).
              HydrateFallback: SessionLoading,
              // In a task of its own: the page's first fetch() costs a few milliseconds, and the router's start is long enough.
              loader: () =>
                nextTask()
                  .then(() => client.ensureQueryData(sessionQueryOptions()))
                  .then(nothing, nothing),
              children: [
                {
                  element: <AppLayout />,
                  loader: loadPage(AppLayout, client, { wait: true, firstLoad }),
                  handle: LAYOUT_SHOWS_REPORT_ISSUE,
                  children: [
                    { element: <RequireRole role="parent" />, children: [page(paths.parentDashboard, ParentDashboardRoute)] },
                    {
                      element: <RequireRole role="grandparent" />,
                      children: [page(paths.grandparentDashboard, GrandparentDashboardRoute)],
                    },
                    page(paths.family, FamilyRoute),
                    page(paths.profile, ProfileRoute),
                    page(paths.subscription, SubscriptionRoute),
                    // The local payment provider's test-mode pages (decisions.md "Payments").
                    page(paths.billingCheckout, BillingCheckoutRoute),
                    page(paths.billingPortal, BillingPortalRoute),
                    page(paths.bookLibrary, BookLibraryRoute),
                    page(paths.book, BookRoute),
                    page(paths.record, RecordRoute),
                    page(paths.recording, RecordingRoute),
                    page(paths.story, StoryRoute),
                    page(paths.child, ChildRoute),
                    {
                      element: <RequireAdmin />,
                      children: [page(paths.adminBooks, AdminBooksRoute), page(paths.adminIssues, AdminIssuesRoute)],
                    },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundRoute /> },
          ],
        },
      ],
    },
  ];
}

const nothing = () => null;

/** The app's router: its loaders start at once, beside the session check. */
export function createAppRouter(client: QueryClient) {
  // Not yet made while it starts its first navigation, and uninitialised until that one is done.
  let router: ReturnType<typeof createBrowserRouter> | undefined = undefined;
  router = createBrowserRouter(appRoutes(client, () => !router?.state.initialized));
  return router;
}
