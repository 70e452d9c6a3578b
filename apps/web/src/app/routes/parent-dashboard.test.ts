import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { prefetch } from './parent-dashboard.tsx';

const FAMILY = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

/** A fetch that answers `gated` (my-families) only when `release` is called, and every other call with an empty list. */
function stubApi(families: { id: string; name: string }[], gated = '/api/family/my-families') {
  const asked: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path);
    if (path === gated) await gate;
    const body = path === '/api/family/my-families' ? { families: families.map((f) => ({ ...f, role: 'parent', is_admin: true })) } : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { asked, release };
}

function stubStorage(initial: Record<string, string>) {
  const store = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  return store;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.unstubAllGlobals());

describe('parent dashboard prefetch', () => {
  it('asks for the family this browser showed last beside the families, not after them', async () => {
    stubStorage({ currentFamilyId: FAMILY });
    const api = stubApi([{ id: FAMILY, name: 'Garcia' }]);
    void prefetch(new QueryClient(), {}, { url: new URL('http://localhost/parent-dashboard'), comingBack: false });
    await flush();
    expect(api.asked).toContain('/api/family/my-families');
    expect(api.asked).toContain(`/api/family/${FAMILY}`);
    expect(api.asked).toContain(`/api/family/${FAMILY}/readers`);
    api.release();
    await flush();
    // The remembered family is the current one: nothing is asked for twice.
    expect(api.asked.filter((p) => p === `/api/family/${FAMILY}`)).toHaveLength(1);
  });

  it('with nothing remembered, waits for the families and remembers the one it shows', async () => {
    const store = stubStorage({});
    const api = stubApi([{ id: FAMILY, name: 'Garcia' }]);
    let settled = false;
    const done = prefetch(new QueryClient(), {}, { url: new URL('http://localhost/parent-dashboard'), comingBack: false }).then(() => (settled = true));
    await flush();
    // The families, and beside them the libraries' first pages and the plan, which need no family.
    expect(api.asked).toEqual([
      '/api/books?page=1&per_page=15',
      '/api/premium-books?page=1&per_page=15',
      '/api/user/premium-status',
      '/api/family/my-families',
    ]);
    // It settles once the first data is in (what a loader that waits would wait for): not before the family's.
    expect(settled).toBe(false);
    api.release();
    await done;
    expect(api.asked).toContain(`/api/family/${FAMILY}`);
    expect(api.asked.some((p) => p.startsWith(`/api/playback/family/${FAMILY}/stats?`))).toBe(true);
    expect(store.get('currentFamilyId')).toBe(FAMILY);
  });

  it('for a reader coming back, settles only once the libraries are in too', async () => {
    const PREMIUM_BOOKS = '/api/premium-books?page=1&per_page=15';
    const url = new URL('http://localhost/parent-dashboard');
    stubStorage({ currentFamilyId: FAMILY });
    stubApi([{ id: FAMILY, name: 'Garcia' }], PREMIUM_BOOKS);
    await prefetch(new QueryClient(), {}, { url, comingBack: false });
    let settled = false;
    const api = stubApi([{ id: FAMILY, name: 'Garcia' }], PREMIUM_BOOKS);
    const done = prefetch(new QueryClient(), {}, { url, comingBack: true }).then(() => (settled = true));
    await vi.waitFor(() => expect(api.asked.some((p) => p.startsWith(`/api/playback/family/${FAMILY}/stats?`))).toBe(true));
    await flush();
    expect(settled).toBe(false);
    api.release();
    await done;
  });

  it('a remembered family the user left gives way to their first family', async () => {
    const store = stubStorage({ currentFamilyId: OTHER });
    const api = stubApi([{ id: FAMILY, name: 'Garcia' }]);
    const done = prefetch(new QueryClient(), {}, { url: new URL('http://localhost/parent-dashboard'), comingBack: false });
    api.release();
    await done;
    expect(api.asked).toContain(`/api/family/${FAMILY}`);
    expect(store.get('currentFamilyId')).toBe(FAMILY);
  });
});
