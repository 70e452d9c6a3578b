import { describe, expect, it } from 'vitest';
import { ALL_TABLES, type ChangeFeed } from '../../db/change-feed.ts';
import { testClock } from '../../../test/context.ts';
import { createReadCache } from './read-cache.ts';

/** A change feed the test drives: `change(table)` is a committed change, `live` can be switched off. */
function fakeFeed() {
  const subscribers: ((table: string) => void)[] = [];
  return {
    live: true as boolean,
    subscribe: (s: (table: string) => void) => void subscribers.push(s),
    sync: async () => {},
    close: async () => {},
    change: (table: string) => subscribers.forEach((s) => s(table)),
  } satisfies ChangeFeed & { change(table: string): void };
}

function setup(ttlMs = 10_000) {
  const changes = fakeFeed();
  const clock = testClock();
  const cache = createReadCache<{ text: string }>({
    changes,
    clock,
    ttlMs,
    dependsOn: (table) => table !== 'sessions',
    maxSize: 100,
    sizeOf: (v) => v.text.length,
  });
  return { changes, clock, cache };
}

describe('read cache', () => {
  it('answers a kept copy until a table it depends on changes', () => {
    const { changes, cache } = setup();
    cache.set('a', { text: 'one' }, cache.begin());
    expect(cache.get('a')).toEqual({ text: 'one' });
    changes.change('sessions');
    expect(cache.get('a')).toEqual({ text: 'one' });
    changes.change('kids');
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', { text: 'two' }, cache.begin());
    changes.change(ALL_TABLES);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing read before a change that came in while the read ran', () => {
    const { changes, cache } = setup();
    const begun = cache.begin();
    changes.change('play_events');
    cache.set('a', { text: 'stale' }, begun);
    expect(cache.get('a')).toBeUndefined();
    // A change to a table the cache does not depend on leaves the read good.
    const again = cache.begin();
    changes.change('sessions');
    cache.set('a', { text: 'fresh' }, again);
    expect(cache.get('a')).toEqual({ text: 'fresh' });
  });

  it('drops a copy read from some tables only when one of those changes', () => {
    const { changes, cache } = setup();
    cache.set('books', { text: 'catalogue' }, cache.begin(), new Set(['books', 'users']));
    cache.set('stats', { text: 'plays' }, cache.begin(), new Set(['play_events', 'kids', 'users']));
    cache.set('all', { text: 'anything' }, cache.begin());
    changes.change('play_events');
    expect(cache.get('books')).toEqual({ text: 'catalogue' });
    expect(cache.get('stats')).toBeUndefined();
    expect(cache.get('all')).toBeUndefined();
    changes.change('users');
    expect(cache.get('books')).toBeUndefined();
    // Read again, then replaced by a read of other tables: only the new tables count.
    cache.set('books', { text: 'catalogue' }, cache.begin(), new Set(['books']));
    cache.set('books', { text: 'catalogue 2' }, cache.begin(), new Set(['premium_books']));
    changes.change('books');
    expect(cache.get('books')).toEqual({ text: 'catalogue 2' });
    changes.change(ALL_TABLES);
    expect(cache.get('books')).toBeUndefined();
  });

  it('keeps a read that a change to another table raced, and nothing of one a change to its own raced', () => {
    const { changes, cache } = setup();
    const begun = cache.begin();
    changes.change('play_events');
    cache.set('books', { text: 'catalogue' }, begun, new Set(['books']));
    cache.set('stats', { text: 'plays' }, begun, new Set(['play_events']));
    cache.set('all', { text: 'anything' }, begun);
    expect(cache.get('books')).toEqual({ text: 'catalogue' });
    expect(cache.get('stats')).toBeUndefined();
    expect(cache.get('all')).toBeUndefined();
    // After the feed was lost, every read that began before is suspect.
    const before = cache.begin();
    changes.change(ALL_TABLES);
    cache.set('books', { text: 'catalogue' }, before, new Set(['books']));
    expect(cache.get('books')).toBeUndefined();
  });

  it('counts a read of tables it does not depend on as a read of every table', () => {
    const { changes, cache } = setup();
    cache.set('a', { text: 'one' }, cache.begin(), new Set(['sessions']));
    changes.change('kids');
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a copy once it is ttlMs old by the app clock', () => {
    const { clock, cache } = setup(1000);
    cache.set('a', { text: 'one' }, cache.begin());
    clock.advance(999);
    expect(cache.get('a')).toEqual({ text: 'one' });
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('answers nothing, and keeps nothing, while the feed is down', () => {
    const { changes, cache } = setup();
    cache.set('a', { text: 'one' }, cache.begin());
    changes.live = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', { text: 'two' }, cache.begin());
    changes.live = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps the most recently used copies within its size', () => {
    const { cache } = setup();
    for (let i = 0; i < 30; i++) cache.set(`k${i}`, { text: 'x'.repeat(10) }, cache.begin());
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k29')).toEqual({ text: 'x'.repeat(10) });
  });
});
