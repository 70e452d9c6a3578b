import { LRUCache } from 'lru-cache';
import { ALL_TABLES, type ChangeFeed } from '../../db/change-feed.ts';
import type { Clock } from '../clock.ts';

/**
 * Copies of what was read from the database, each dropped as soon as a change to a table it depends on is
 * committed by any process (the database's change feed), and in any case after `ttlMs` by the app's clock.
 * Nothing is answered from a copy while the feed is down. docs/decisions/009.
 */
export type ReadCache<V> = {
  get(key: string): V | undefined;
  /** Marks the start of a read: hand it to `set`, which keeps nothing if a change came in meanwhile. */
  begin(): number;
  set(key: string, value: V, begun: number): void;
};

type Options<V> = {
  changes: ChangeFeed;
  clock: Clock;
  ttlMs: number;
  /** Whether a change to `table` can make a copy wrong. */
  dependsOn: (table: string) => boolean;
  /** Bound on the copies' total size, in `sizeOf` units. */
  maxSize: number;
  sizeOf: (value: V) => number;
};

export function createReadCache<V extends object>(opts: Options<V>): ReadCache<V> {
  const copies = new LRUCache<string, { value: V; at: number }>({
    maxSize: opts.maxSize,
    sizeCalculation: (entry) => Math.max(1, opts.sizeOf(entry.value)),
  });
  // Counts the changes seen: a read that began before one may have read what it changed.
  let changesSeen = 0;
  opts.changes.subscribe((table) => {
    if (table !== ALL_TABLES && !opts.dependsOn(table)) return;
    changesSeen++;
    copies.clear();
  });
  return {
    get(key) {
      if (!opts.changes.live) return undefined;
      const copy = copies.get(key);
      if (!copy) return undefined;
      const age = opts.clock.now().getTime() - copy.at;
      if (age >= 0 && age < opts.ttlMs) return copy.value;
      copies.delete(key);
      return undefined;
    },
    begin: () => changesSeen,
    set(key, value, begun) {
      if (begun === changesSeen && opts.changes.live) copies.set(key, { value, at: opts.clock.now().getTime() });
    },
  };
}

/** A cache that keeps nothing: for callers that want none. */
export const noReadCache = <V>(): ReadCache<V> => ({ get: () => undefined, begin: () => 0, set: () => {} });
