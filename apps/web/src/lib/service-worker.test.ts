import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenDataSettled } from './service-worker.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A query whose answer arrives when the test says so. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: (value: string) => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  return (value: string) => answer(value);
}

describe('whenDataSettled', () => {
  it('waits until no query has been fetching for a second', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    const answerFamily = pendingQuery(client, 'family');
    whenDataSettled(client, then);
    await vi.advanceTimersByTimeAsync(3000);
    expect(then).not.toHaveBeenCalled();

    answerFamily('Bench Family');
    await vi.advanceTimersByTimeAsync(500);
    // A request started within the quiet second starts the wait again.
    const answerBooks = pendingQuery(client, 'books');
    await vi.advanceTimersByTimeAsync(900);
    expect(then).not.toHaveBeenCalled();
    answerBooks('[]');
    await vi.advanceTimersByTimeAsync(999);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(20_000);
    expect(then).toHaveBeenCalledOnce();
  });

  it('is not held back by components starting and stopping to read an answer', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    const answerFamily = pendingQuery(client, 'family');
    whenDataSettled(client, then);
    answerFamily('Bench Family');
    await vi.advanceTimersByTimeAsync(600);
    const stop = new QueryObserver(client, { queryKey: ['family'], enabled: false }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(300);
    stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(then).toHaveBeenCalledOnce();
  });

  it('goes ahead after ten seconds on a page that keeps asking', async () => {
    const client = new QueryClient();
    const then = vi.fn();
    pendingQuery(client, 'never answered');
    whenDataSettled(client, then);
    await vi.advanceTimersByTimeAsync(9999);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledOnce();
  });

  it('goes ahead a second after a page that asks nothing', async () => {
    const then = vi.fn();
    whenDataSettled(new QueryClient(), then);
    await vi.advanceTimersByTimeAsync(1000);
    expect(then).toHaveBeenCalledOnce();
  });
});
