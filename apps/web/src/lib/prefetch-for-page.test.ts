import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchForPage } from './prefetch-for-page.ts';

// Each call's own later task, released by the test.
const tasks: (() => void)[] = [];
vi.mock('./next-task.ts', () => ({ nextTask: () => new Promise<void>((resolve) => tasks.push(resolve)) }));

describe('prefetchForPage', () => {
  it('asks each request in a later task of its own, and answers the data', async () => {
    const client = new QueryClient();
    const asked: string[] = [];
    const query = (key: string) => ({ queryKey: [key], queryFn: () => (asked.push(key), Promise.resolve(`${key} data`)) });
    const family = prefetchForPage(client, query('family'));
    const books = prefetchForPage(client, query('books'));
    await Promise.resolve();
    expect(asked).toEqual([]);
    expect(tasks).toHaveLength(2);
    tasks.shift()!();
    await vi.waitFor(() => expect(asked).toEqual(['family']));
    tasks.shift()!();
    await vi.waitFor(() => expect(asked).toEqual(['family', 'books']));
    expect(await family).toBe('family data');
    expect(await books).toBe('books data');
  });

  it('answers undefined for a request that failed', async () => {
    const client = new QueryClient();
    const answer = prefetchForPage(client, { queryKey: ['refused'], queryFn: () => Promise.reject(new Error('403')), retry: false });
    await vi.waitFor(() => expect(tasks).toHaveLength(1));
    tasks.shift()!();
    expect(await answer).toBeUndefined();
    expect(client.getQueryData(['refused'])).toBeUndefined();
  });
});
