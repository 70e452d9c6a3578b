import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { FIRST_DATA_WAIT_MS, loadPage, type LazyPage, type PageLoaderData, type PageModule } from './lazy-page.tsx';

/** A lazy page whose code and first data arrive when the test says so. */
function fakePage() {
  let code = (_module: PageModule) => {};
  let data = () => {};
  const dataIn = new Promise<void>((resolve) => (data = resolve));
  const prefetch = vi.fn(() => dataIn);
  const codeIn = new Promise<PageModule>((resolve) => (code = resolve));
  const page = Object.assign(() => null, { preload: () => codeIn }) as unknown as LazyPage;
  return { page, prefetch, sendCode: () => code({ default: () => null, prefetch }), sendData: () => data() };
}

const args = { params: { kidId: 'k1' } } as unknown as LoaderFunctionArgs;
const run = async (loader: ReturnType<typeof loadPage>) => (await loader(args)) as PageLoaderData;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a lazy page loader', () => {
  it('answers at once; its first data settles once the code and the data its prefetch asks for are in', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const { page, prefetch, sendCode, sendData } = fakePage();
    const client = new QueryClient();
    const { firstData } = await run(loadPage(page, client));
    expect(firstData.settled).toBeUndefined();
    sendCode();
    await flush();
    expect(prefetch).toHaveBeenCalledWith(client, { kidId: 'k1' });
    expect(firstData.settled).toBeUndefined();
    sendData();
    await firstData;
    expect(firstData.settled).toBe(true);
  });

  it('with wait (the layout), answers only once its first data is in', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const { page, sendCode, sendData } = fakePage();
    let answered = false;
    const loading = run(loadPage(page, new QueryClient(), { wait: true })).then((data) => ((answered = true), data));
    sendCode();
    await flush();
    expect(answered).toBe(false);
    sendData();
    expect((await loading).firstData.settled).toBe(true);
  });

  it('offline, waits for the code only: the page then shows what it has', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { page, prefetch, sendCode } = fakePage();
    const { firstData } = await run(loadPage(page, new QueryClient()));
    sendCode();
    await firstData;
    expect(prefetch).toHaveBeenCalled();
    expect(firstData.settled).toBe(true);
  });

  it('data that does not come is waited for at most FIRST_DATA_WAIT_MS', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const { page, sendCode } = fakePage();
    const { firstData } = await run(loadPage(page, new QueryClient()));
    sendCode();
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(firstData.settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(firstData.settled).toBe(true);
  });
});
