import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { expect, test as base, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_DATA_DIR } from '../playwright.config.ts';

export type Account = { first_name: string; last_name: string; email: string; password: string; role: 'parent' | 'grandparent' };

export const newAccount = (role: Account['role'] = 'parent', overrides: Partial<Account> = {}): Account => ({
  first_name: role === 'parent' ? 'Paula' : 'Grace',
  last_name: 'Tester',
  email: `${role}-${randomBytes(5).toString('hex')}@e2e.test`,
  password: 'bedtime1',
  role,
  ...overrides,
});

/** Creates an account through the API (fast path for journeys that are not about signup). */
export async function createAccount(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/signup', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/** The newest outbox e-mail sent to `to` (and holding `contains`, when given), polled until it arrives. */
export async function latestMailTo(to: string, timeoutMs = 10_000, contains?: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      const decoded = text.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`) && (!contains || decoded.includes(contains))) return decoded;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} in ${dir}`);
}

/** Fails on any serious or critical accessibility violation of the current page. */
export async function expectAccessible(page: Page) {
  // Axe reads colours as drawn: a toast fading in failed the contrast rule once. Fades and slides under way
  // end first; endless (spinners) and delayed or long ones (a hint shown after 8 s) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          const left = Number(timing?.endTime) - Number(timing?.localTime);
          return animation.playState === 'running' && timing?.progress != null && left > 0 && left < 1000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The site admin of the e2e server (ADMIN_EMAILS); every spec uses the same password. */
export const e2eAdmin: Account = {
  first_name: 'Site',
  last_name: 'Admin',
  email: E2E_ADMIN_EMAIL,
  password: 'admin-pass',
  role: 'parent',
};

/** The path of the newest `/verify-email/…` (or other `kind`) link mailed to `to`, polled until it arrives. */
export async function mailedLink(to: string, kind: 'verify-email' | 'undo-email-change' | 'reset-password' = 'verify-email'): Promise<string> {
  const mail = await latestMailTo(to, 15_000, `/${kind}/`);
  return new URL(mail.match(new RegExp(`https?://[^\\s]+/${kind}/[\\w-]+`))![0]).pathname;
}

/** Opens the verification link mailed to `email` through the API (ADMIN_EMAILS counts only for a verified address). */
export async function verifyByMail(request: APIRequestContext, email: string) {
  const token = (await mailedLink(email)).split('/').pop();
  const res = await request.post('/api/auth/verify-email', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs the site admin up and verifies its address from the outbox (ADMIN_EMAILS counts only for a verified one). */
export async function createAdmin(request: APIRequestContext): Promise<void> {
  const signup = await request.post('/api/auth/signup', { data: e2eAdmin });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyByMail(request, e2eAdmin.email);
}

/**
 * Signs `request` in as the site admin, made once per run by the setup project (admin.setup.ts). Pass
 * `page.request` to sign the page in as well (it shares the page's cookies).
 */
export async function signInAdmin(request: APIRequestContext): Promise<Account> {
  const login = await request.post('/api/auth/login', { data: { email: e2eAdmin.email, password: e2eAdmin.password } });
  expect(login.status(), await login.text()).toBe(200);
  expect(((await login.json()) as { user: { is_admin: boolean } }).user.is_admin).toBe(true);
  return e2eAdmin;
}

/**
 * The first `method` request to `url` reaches the server and is answered there, but the answer is lost on the
 * way back (the connection resets); later requests go through.
 */
export async function loseFirstAnswer(page: Page, url: string, method: 'POST' | 'PUT') {
  let lost = false;
  await page.route(url, async (route) => {
    if (lost || route.request().method() !== method) return route.fallback();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

export const test = base;
export { expect };

/**
 * Waits until each recording is processed (`ready`), asked for through `request`, a context that may see them:
 * ffmpeg may take a while on a busy machine, and each gets `timeout` of its own.
 */
export async function expectRecordingsReady(
  request: APIRequestContext,
  ids: readonly string[],
  { timeout = 90_000, intervals }: { timeout?: number; intervals?: number[] } = {},
) {
  for (const id of ids) {
    await expect
      .poll(
        async () => ((await (await request.get(`/api/recording/${id}`)).json()) as { recording: { processing_status: string } }).recording.processing_status,
        {
          timeout,
          ...(intervals ? { intervals } : {}),
        },
      )
      .toBe('ready');
  }
}

export type UploadedBook = { id: string; title: string };

/**
 * A small illustrated picture book drawn with pdf-lib: a coloured panel and a line of text per page
 * (`pageText` decides the line; by default "{title}: page {n}").
 */
export async function makePdf(
  title: string,
  pageCount = 3,
  pageText = (n: number) => `${title}: page ${n}`,
  pageSize = (_n: number): [number, number] => [600, 450],
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pageCount; n++) {
    const [width, height] = pageSize(n);
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 40, y: 140, width: width - 80, height: height - 190, color: rgb(0.2 + 0.15 * (n % 4), 0.5, 0.7) });
    const text = pageText(n);
    page.drawText(text, { x: 30, y: 90, size: text.length > 40 ? 14 : 22, font, color: rgb(0.1, 0.1, 0.1) });
  }
  return Buffer.from(await doc.save());
}

export const attributionText = (title: string) => Buffer.from(`${title}: written for the Family Story Time end-to-end tests. Public domain.\n`);

/** Uploads a regular (free) book as the signed-in admin of `request`; answers the stored book. */
export async function uploadBook(
  request: APIRequestContext,
  title: string,
  {
    pages = 3,
    author = 'E2E Author',
    pageText,
    pageSize,
  }: { pages?: number; author?: string; pageText?: (n: number) => string; pageSize?: (n: number) => [number, number] } = {},
): Promise<UploadedBook> {
  const res = await request.post('/api/admin/books', {
    multipart: {
      title,
      author,
      description: `A test story called ${title}.`,
      is_premium: 'false',
      token_cost: '0',
      pdf_file: { name: 'story.pdf', mimeType: 'application/pdf', buffer: await makePdf(title, pages, pageText, pageSize) },
      attribution_file: { name: 'attribution.txt', mimeType: 'text/plain', buffer: attributionText(title) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { book: UploadedBook }).book;
}

/**
 * Answers the session check three seconds late: a page's own requests for its data, some of which wait for
 * another answer (the family for the family list), can then be seen to leave before the check answers, even
 * on a busy machine. `sessionAnsweredAt` is when the check last answered since `reset` (Infinity before).
 */
export async function lateSession(page: Page) {
  let answeredAt = Infinity;
  const late = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  };
  await page.route('**/api/auth/check-session', late);
  page.on('requestfinished', (req) => {
    if (req.url().endsWith('/api/auth/check-session')) answeredAt = Date.now();
  });
  return {
    sessionAnsweredAt: () => answeredAt,
    reset: () => {
      answeredAt = Infinity;
    },
    undo: () => page.unroute('**/api/auth/check-session', late),
  };
}

/**
 * The page's layout shifts so far (Lighthouse's CLS), each with the elements that moved; `since` (the page's
 * `performance.now()`, see `pageClock`) leaves out those before it.
 */
export const layoutShifts = (page: Page, since = 0) =>
  page.evaluate(
    (since) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        new PerformanceObserver((list) => {
          for (const shift of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
            startTime: number;
            sources: { node: Node | null }[];
          }[]) {
            // As in CLS: a shift within half a second of a tap or a key is the user's doing.
            if (shift.hadRecentInput || shift.startTime < since) continue;
            const nodes = shift.sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : '(text or gone)'));
            seen.push(`${shift.value.toFixed(3)}: ${nodes.join(' | ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 300);
      }),
    since,
  );

/** The page's clock now (`performance.now()`), to look at what happens after this point. */
export const pageClock = (page: Page) => page.evaluate(() => performance.now());
