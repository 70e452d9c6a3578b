import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOOK_PAGE_SIZE_DEFAULT, SESSION_COOKIE } from '@fst/shared/constants';
import { isJson } from './platform/http.ts';

/**
 * A signed-in page's first data, sent inside its HTML (decision 010). On a phone's slow network each round
 * trip costs about half a second, and a signed-in page used to make three in a row after its code arrived:
 * the session check, the family list, then the family's sections. The server now asks its own API for those
 * answers while it sends the page (`app.inject` with the visitor's cookie: the same checks, the same kept
 * copies, nothing a visitor could not ask for) and writes the ones that succeeded into it; the web app
 * (apps/web/src/lib/first-view.ts) takes each answer once, in place of its request.
 */

/** Asks the API for `url` as the visitor: its JSON answer (also kept for the page), or undefined when it did not succeed. */
type Get = (url: string) => Promise<unknown>;
/**
 * What the browser told through its `fst_view` cookie: the family picked last, its time zone's offset and
 * name, and the language it writes dates in.
 */
export type ViewHints = { familyId: string | null; tzOffsetMinutes: number | null; timeZone: string | null; locale: string | null };
type PageCalls = (get: Get, params: string[], hints: ViewHints) => Promise<unknown>;

const id = encodeURIComponent;
const decodePart = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

type Me = { user?: { role?: string } } | undefined;
type MyFamilies = { families?: Array<{ id: string; my_role?: string }> } | undefined;
/** A dashboard is for one role (the web's RequireRole): another role's visit is sent on, so gets nothing more. */
const forRole = async (get: Get, role: string) => ((await get('/api/auth/me')) as Me)?.user?.role === role;

/**
 * Both dashboards' libraries: the first page of each, and the plan and tokens they show. The parent
 * dashboard asks for them itself only once its sections are painted; in the page they cost no round trip.
 */
const LIBRARIES = [`/api/books?page=1&per_page=${BOOK_PAGE_SIZE_DEFAULT}`, `/api/premium-books?page=1&per_page=${BOOK_PAGE_SIZE_DEFAULT}`, '/api/user/premium-status'];

/** What a page asks for first, after the session (apps/web/src/app/routes/*: each page's `prefetch`). */
const PAGES: Array<[RegExp, PageCalls]> = [
  [
    /^\/parent-dashboard\/?$/,
    async (get, _params, hints) => {
      if (!(await forRole(get, 'parent'))) return;
      const sections = async () => {
        const mine = (await get('/api/family/my-families')) as MyFamilies;
        // The family the browser picked last when it is still one of the user's, else the first (pickCurrentFamily).
        const family = mine?.families?.find((f) => f.id === hints.familyId) ?? mine?.families?.[0];
        if (!family) return;
        const base = `/api/family/${id(family.id)}`;
        const calls = [base, `${base}/readers`, `${base}/recent-recordings`, `${base}/recent-ai-recordings`, `${base}/all-recordings`, `${base}/requests`];
        if (hints.tzOffsetMinutes !== null) calls.push(`/api/playback/family/${id(family.id)}/stats?tz_offset_minutes=${hints.tzOffsetMinutes}`);
        await Promise.all(calls.map(get));
      };
      await Promise.all([sections(), ...LIBRARIES.map(get)]);
    },
  ],
  [
    /^\/grandparent-dashboard\/?$/,
    async (get) => {
      if (!(await forRole(get, 'grandparent'))) return;
      const calls = ['/api/playback/reader/stats', '/api/voice/consent', '/api/recording/my-recordings', '/api/queue/for-reader', '/api/reactions/for-reader', ...LIBRARIES];
      const families = (async () => {
        const mine = (await get('/api/family/my-families')) as MyFamilies;
        // Kids You Read To: each family where the user reads, with its kids.
        const reading = (mine?.families ?? []).filter((family) => family.my_role === 'reader');
        await Promise.all(reading.map((family) => get(`/api/family/${id(family.id)}`)));
      })();
      await Promise.all([...calls.map(get), families]);
    },
  ],
  [/^\/child\/([^/]+)\/?$/, (get, [kidId = '']) => Promise.all([`/api/recording/kid/${id(kidId)}`, `/api/playback/kid/${id(kidId)}/playlist`].map(get))],
];

// Time zones run from UTC-12 to UTC+14: Date.getTimezoneOffset() between -840 and 720 minutes.
const TZ_OFFSET = /^-?\d{1,3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// An IANA time zone name ("Europe/London", "America/Argentina/Buenos_Aires", "UTC") and a BCP 47 language tag.
const ZONE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,6}$/;

/** The time zone when this server's Intl knows it. */
function knownZone(zone: string | null): string | null {
  if (zone === null || !ZONE.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The language when this server's Intl writes dates in it as the browser does (not some fallback). */
function knownLocale(locale: string | null): string | null {
  if (locale === null || !LOCALE.test(locale)) return null;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length === 1 ? locale : null;
  } catch {
    return null;
  }
}

/** The `fst_view` cookie's hints, each dropped when it is not what the web app writes. */
export function viewHints(cookie: string | undefined): ViewHints {
  const hints = new URLSearchParams(cookie ?? '');
  const family = hints.get('family');
  const tz = hints.get('tz');
  const offset = tz !== null && TZ_OFFSET.test(tz) ? Number(tz) : NaN;
  return {
    familyId: family !== null && UUID.test(family) ? family : null,
    tzOffsetMinutes: Number.isInteger(offset) && offset >= -840 && offset <= 720 ? offset : null,
    timeZone: knownZone(hints.get('zone')),
    locale: knownLocale(hints.get('lang')),
  };
}

/** What every signed-in page asks for first: the session check and the user. */
const SESSION_CALLS = ['/api/auth/check-session', '/api/auth/me'];

/** Whether the answers hold the page's own data beyond the session (its calls ran, and some succeeded). */
export const hasPageData = (answers: ReadonlyMap<string, unknown>): boolean => [...answers.keys()].some((url) => !SESSION_CALLS.includes(url));

/**
 * The API answers (URL → JSON) the page at `pathname` (the request's path) asks for first, for the visitor's
 * session and what its browser told (`hints`, the fst_view cookie); empty when the request carries no session.
 * Only successful answers are kept: any other the page asks for itself.
 */
export async function firstViewAnswers(app: FastifyInstance, req: FastifyRequest, pathname: string, hints: ViewHints): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const cookie = req.headers.cookie;
  if (!req.cookies[SESSION_COOKIE] || !cookie) return answers;
  const asked = new Map<string, Promise<unknown>>();
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie, accept: 'application/json' }, remoteAddress: req.ip });
    if (res.statusCode !== 200 || !isJson(res.headers['content-type'])) return undefined;
    const body: unknown = res.json();
    answers.set(url, body);
    return body;
  };
  // Each URL is asked once, however many of the page's calls need its answer.
  const get: Get = (url) => {
    if (!asked.has(url)) asked.set(url, ask(url));
    return asked.get(url)!;
  };
  const page = PAGES.map(([pattern, calls]) => [pattern.exec(pathname), calls] as const).find(([match]) => match);
  const session = Promise.all(SESSION_CALLS.map(get));
  await Promise.all([session, page?.[1](get, page[0]!.slice(1).map(decodePart), hints)]);
  return answers;
}

/** The page's HTML with the answers written in, as JSON that no text in it can end early (`<` escaped). */
export function withFirstView(html: string, answers: Map<string, unknown>): string {
  const json = JSON.stringify(Object.fromEntries(answers)).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="first-view">${json}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + script : html.slice(0, at) + script + html.slice(at);
}
