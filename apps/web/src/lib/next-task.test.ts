import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task.ts';

afterEach(() => vi.unstubAllGlobals());

describe('nextTask', () => {
  it('settles after the tasks already queued, not in the same task', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    queueMicrotask(() => order.push('microtask'));
    await nextTask();
    order.push('after nextTask');
    expect(order).toEqual(['microtask', 'queued task', 'after nextTask']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledOnce();
  });
});
