// Pages drawn in Node, their HTML sent inside the page so that a phone paints it before any JavaScript has
// arrived, and the app then hydrates it (main.tsx):
// - the public pages, rendered ahead at build time (scripts/prerender.mjs, decision 008), as a visitor's
//   first view: the session not yet known (the landing page's signed-out header, the sign-in form),
//   exactly what the browser's first render shows;
// - a signed-in page with its first data, drawn by the server for each visit (`drawSignedIn`, decision 011).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import type { Drawn } from '@fst/shared/http/drawn-page';
import { AppFrame } from './app/app-frame.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadPagesOf, routes } from './app/router.tsx';
import { sessionQueryKey } from './features/auth/api/get-me.ts';
import { drawWithAnswersOf } from './lib/first-view.ts';
import { drawFor, type View } from './lib/view.ts';


/** The app at `pathname` drawn for a visitor whose session is not yet known. */
export async function prerender(pathname: string): Promise<Drawn> {
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
  return withTitleLifted(html);
}

/** React writes a page's `<title>` where the page renders it; it is lifted out, for the head. */
function withTitleLifted(rendered: string): Drawn {
  let title = '';
  const html = rendered.replace(/<title>[^<]*<\/title>/, (found) => ((title = found), ''));
  return { html, title };
}

// The answers and view of the page being drawn (one page at a time: below).
let drawing: ReadonlyMap<string, unknown> | undefined;
drawWithAnswersOf(() => drawing);
let queue: Promise<unknown> = Promise.resolve();

/**
 * A signed-in page (`url`: its path and query) drawn for the visitor whose API answers (URL → JSON, the
 * server's first-view.ts) are `answers`, as the browser draws it with the same answers in its first render:
 * the session and the data each page's `prefetch` asks for, nothing else. Answers its HTML and the `<title>`
 * it sets, or undefined when the answers carry no signed-in user or the address is a redirect.
 */
export function drawSignedIn(url: string, answers: ReadonlyMap<string, unknown>, view: View): Promise<Drawn | undefined> {
  // One page at a time: the answers and the view are the module's while a page is drawn (its data taken
  // within a task or two, then drawn in one go).
  const drawn = queue.then(() => draw(url, answers, view));
  queue = drawn.catch(() => undefined);
  return drawn;
}

async function draw(url: string, answers: ReadonlyMap<string, unknown>, view: View) {
  const me = answers.get('/api/auth/me') as AuthResponse | undefined;
  const check = answers.get('/api/auth/check-session') as { authenticated?: unknown } | undefined;
  if (!me?.user || check?.authenticated !== true) return undefined;
  const client = createQueryClient();
  drawing = answers;
  drawFor(view);
  let html;
  try {
    // What the browser's getSession answers from the same two answers.
    client.setQueryData(sessionQueryKey, me);
    await preloadPagesOf(new URL(url, 'http://localhost').pathname, client);
    // The answers a prefetch took are settled within the task that took them; any other is never answered.
    await new Promise((resolve) => setTimeout(resolve));
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) return undefined;
    const router = createStaticRouter(handler.dataRoutes, context);
    html = renderToString(
      <StrictMode>
        <AppFrame client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>,
    );
  } finally {
    drawing = undefined;
    drawFor(undefined);
    client.clear();
  }
  return withTitleLifted(html);
}
