import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { comingBack, FIRST_DATA_WAIT_MS, loadPage, type LazyPage, type PageModule } from './lazy-page.tsx';

/** A lazy page whose code and first data arrive when the test says so. */
function fakePage() {
  let code = (_module: PageModule) => {};
  let data = () => {};
  const dataIn = new Promise<void>((resolve) => (data = resolve));
  const prefetch = vi.fn(() => dataIn);
  const codeIn = new Promise<PageModule>((resolve) => (code = resolve));
  const preload = vi.fn(() => codeIn);
  const page = Object.assign(() => null, { preload }) as unknown as LazyPage;
  return { page, preload, prefetch, sendCode: () => code({ default: () => null, prefetch }), sendData: () => data() };
}

const KID_PAGE = 'http://localhost/child/k1';
const args = { params: { kidId: 'k1' }, request: new Request(KID_PAGE) } as unknown as LoaderFunctionArgs;

/** The browser at `href`, its document opened by a navigation of `type` (a link, a reload, back or forward). */
function browserAt(href: string, type: NavigationTimingType = 'navigate') {
  vi.stubGlobal('window', { location: { href } });
  vi.stubGlobal('performance', { getEntriesByType: () => [{ type }] });
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Runs the loader; `answered()` says whether it has answered yet. */
function run(loader: ReturnType<typeof loadPage>) {
  let answered = false;
  const done = Promise.resolve(loader(args)).then((data: unknown) => {
    answered = true;
    return data;
  });
  return { done, answered: () => answered };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a lazy page loader', () => {
  it('answers at once, then starts the page’s code in a task of its own, and its first data in the next', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    browserAt('http://localhost/parent-dashboard');
    const { page, preload, prefetch, sendCode } = fakePage();
    const client = new QueryClient();
    const loading = run(loadPage(page, client));
    await expect(loading.done).resolves.toEqual({ comingBack: false });
    expect(preload).not.toHaveBeenCalled();
    await flush();
    expect(preload).toHaveBeenCalledOnce();
    sendCode();
    await flush();
    expect(prefetch).not.toHaveBeenCalled();
    await flush();
    expect(prefetch).toHaveBeenCalledWith(client, { kidId: 'k1' }, { url: new URL(KID_PAGE), comingBack: false });
  });

  it('when the reader comes back to the page, answers once its first data is in, and says so', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    browserAt(KID_PAGE, 'reload');
    const { page, prefetch, sendCode, sendData } = fakePage();
    const loading = run(loadPage(page, new QueryClient(), { firstLoad: () => true }));
    sendCode();
    await flush();
    await flush();
    expect(prefetch).toHaveBeenCalledWith(expect.anything(), { kidId: 'k1' }, { url: new URL(KID_PAGE), comingBack: true });
    expect(loading.answered()).toBe(false);
    sendData();
    await expect(loading.done).resolves.toEqual({ comingBack: true });
  });

  it('with wait (the layout), answers only once the code and the first data are in', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    browserAt('http://localhost/parent-dashboard');
    const { page, sendCode, sendData } = fakePage();
    const loading = run(loadPage(page, new QueryClient(), { wait: true }));
    sendCode();
    await flush();
    expect(loading.answered()).toBe(false);
    sendData();
    await loading.done;
  });

  it('with wait offline, waits for the code only: the page then shows what it has', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    browserAt('http://localhost/parent-dashboard');
    const { page, prefetch, sendCode } = fakePage();
    const loading = run(loadPage(page, new QueryClient(), { wait: true }));
    sendCode();
    await loading.done;
    expect(prefetch).toHaveBeenCalled();
  });

  it('with wait, data that does not come is waited for at most FIRST_DATA_WAIT_MS', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    browserAt('http://localhost/parent-dashboard');
    const { page, sendCode } = fakePage();
    const loading = run(loadPage(page, new QueryClient(), { wait: true }));
    sendCode();
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(loading.answered()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(loading.answered()).toBe(true);
  });
});

describe('coming back to a page', () => {
  const request = new Request(KID_PAGE);

  it('is a reload, or back and forward, of the document the page opened', () => {
    browserAt(KID_PAGE, 'reload');
    expect(comingBack(request, true)).toBe(true);
    browserAt(`${KID_PAGE}#main`, 'back_forward');
    expect(comingBack(request, true)).toBe(true);
    browserAt(KID_PAGE, 'navigate');
    expect(comingBack(request, true)).toBe(false);
  });

  it('is back or forward within the app: the browser shows the page already', () => {
    browserAt(KID_PAGE, 'navigate');
    expect(comingBack(request, false)).toBe(true);
  });

  it('is not a link followed: the browser still shows the page before', () => {
    browserAt('http://localhost/parent-dashboard', 'reload');
    expect(comingBack(request, false)).toBe(false);
    expect(comingBack(request, true)).toBe(false);
  });
});
