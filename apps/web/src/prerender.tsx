// The public pages rendered ahead, at build time (scripts/prerender.mjs): their HTML is in the page the
// server sends, so a phone paints the landing page or the sign-in form before any JavaScript has arrived,
// and the app then hydrates it (main.tsx). Rendered as a visitor's first view: the session not yet known
// (the landing page's signed-out header, the sign-in form), exactly what the browser's first render shows.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from './app/app-frame.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';

/** The HTML of the app at `pathname`, to go inside `<div id="root">`. */
export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppFrame client={createQueryClient()}>
        {/* No hydration data script: the routes have no loaders, and the page allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}
