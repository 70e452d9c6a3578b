// The public pages rendered ahead at build time in Node (scripts/prerender.mjs, decision 008), their HTML sent
// inside the page so that a phone paints it before any JavaScript has arrived, and the app then hydrates it
// (app/start.tsx): a visitor's first view, the session not yet known (the landing page's signed-out header, the
// sign-in form), exactly what the browser's first render shows.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app-frame.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/router.tsx';
import { CHECK_SESSION_URL } from './lib/api/auth/check-session.ts';
import { ME_URL } from './lib/api/auth/get-me.ts';
import { PAYMENTS_CONFIG_URL } from './features/billing/api/get-payments-config.ts';
import { paths } from './lib/paths.ts';

/**
 * What every signed-in page reads before it can draw (the session check, the user and their families, the
 * payment provider): the loading view's HTML asks for them as it arrives (scripts/prerender.mjs), beside the
 * scripts, where the app would ask only once its scripts had run.
 */
export const signedInPageReads = [CHECK_SESSION_URL, ME_URL, PAYMENTS_CONFIG_URL];

/**
 * The signed-in pages a family opens first (the dashboards, a kid's stories), by route, with each page's module:
 * the loading view sent for them asks for the page's code as well (scripts/prerender.mjs), which the router
 * would otherwise ask for only once the app's scripts had run.
 */
export const firstSignedInPages: Record<string, string> = {
  [paths.parentDashboard]: 'src/app/routes/parent-dashboard.tsx',
  [paths.grandparentDashboard]: 'src/app/routes/grandparent-dashboard.tsx',
  [paths.child]: 'src/app/routes/child.tsx',
};

/** A page rendered: its HTML, to go inside `<div id="root">`, and the `<title>` it sets, to go in the head. */
export type Rendered = { html: string; title: string };

/** The app at `pathname` drawn for a visitor whose session is not yet known. */
export async function prerender(pathname: string): Promise<Rendered> {
  const client = createQueryClient();
  const handler = createStaticHandler(appRoutes(client));
  // No loader runs here: a signed-in page's loaders need the browser and its session, so the page is drawn as
  // the browser first draws it, with the session check's view (the route's HydrateFallback).
  const context = await handler.query(new Request(`http://localhost${pathname}`), { filterMatchesToLoad: () => false });
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame client={client}>
        {/* No hydration data script: no loader ran, and the page allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return withTitleLifted(html);
}

/** React writes a page's `<title>` where the page renders it; it is lifted out, for the head. */
function withTitleLifted(rendered: string): Rendered {
  let title = '';
  const html = rendered.replace(/<title>[^<]*<\/title>/, (found) => ((title = found), ''));
  return { html, title };
}
