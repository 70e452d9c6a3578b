import { VIEW_COOKIE } from '@fst/shared/constants';
import { browserDates } from './view.ts';

/**
 * The API answers a signed-in page came with (decision 010, written by the server's first-view.ts): each is
 * used once, in place of its request, while the page first loads. Those still unused ten seconds on, or once
 * anything is changed, are dropped: a later look at the same data asks the server.
 */
const FIRST_VIEW_MS = 10_000;
let answers: Map<string, unknown> | undefined;
let markDropped = () => {};
/** Settles when the answers the page came with are dropped (FIRST_VIEW_MS after they were read). */
const dropped = new Promise<void>((resolve) => (markDropped = resolve));

function answersInPage(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const script = typeof document === 'undefined' ? null : document.getElementById('first-view');
  if (!script) return answers;
  script.remove();
  try {
    const written: unknown = JSON.parse(script.textContent ?? '');
    if (typeof written === 'object' && written !== null) answers = new Map(Object.entries(written));
  } catch {
    // A page cut short: its requests go to the server as usual.
  }
  const loaded = answers;
  setTimeout(() => {
    loaded.clear();
    markDropped();
  }, FIRST_VIEW_MS);
  return loaded;
}

/** Whether the page came with answers (a signed-in page, decision 010). */
export function hasFirstView(): boolean {
  return answersInPage().size > 0;
}

/** Settles when `work` has, or when the answers the page came with are dropped, whichever is first. */
export function whileFirstViewKept(work: Promise<unknown>): Promise<void> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([settled, dropped]);
}

/** On the server, the answers of the request whose page is being drawn (src/prerender.tsx, decision 011). */
let answersOfRender: (() => ReadonlyMap<string, unknown> | undefined) | undefined;

/** Draws pages on the server with the answers `source` gives for the page being drawn. */
export function drawWithAnswersOf(source: () => ReadonlyMap<string, unknown> | undefined): void {
  answersOfRender = source;
}

/**
 * The answer the page came with for `path`, taken (so used only once), if there is one; a request that may
 * change something (any but GET) drops them all, as they may no longer be true. On the server, drawing a
 * page, a call it did not come with is never answered there: that part is drawn loading, as the browser
 * draws it while asking.
 */
export function takeFirstViewAnswer(method: string, path: string): { body: unknown } | undefined {
  if (answersOfRender) {
    const answers = answersOfRender();
    return { body: answers?.has(path) ? answers.get(path) : new Promise(() => {}) };
  }
  const inPage = answersInPage();
  if (method !== 'GET') inPage.clear();
  if (!inPage.has(path)) return undefined;
  const body = inPage.get(path);
  inPage.delete(path);
  return { body };
}

/**
 * Tells the server, through the `fst_view` cookie, what it cannot know to answer and draw a page's first
 * view: this device's time zone (its offset, for the family's stats, and its name), the language it writes
 * dates in and, when given, the family picked last.
 */
export function tellView({ familyId }: { familyId?: string | null } = {}): void {
  if (typeof document === 'undefined') return;
  const current = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${VIEW_COOKIE}=`))
    ?.slice(VIEW_COOKIE.length + 1);
  let view: URLSearchParams;
  try {
    view = new URLSearchParams(decodeURIComponent(current ?? ''));
  } catch {
    view = new URLSearchParams();
  }
  const { locale, timeZone } = browserDates();
  view.set('tz', String(new Date().getTimezoneOffset()));
  view.set('zone', timeZone);
  view.set('lang', locale);
  if (familyId) view.set('family', familyId);
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${VIEW_COOKIE}=${encodeURIComponent(view.toString())}; path=/; max-age=31536000; samesite=lax${secure}`;
}
