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
  /**
   * Keeps `value`, read from `tables` (a change to any other table leaves it); without `tables`, or with
   * none, it depends on every table the cache does.
   */
  set(key: string, value: V, begun: number, tables?: ReadonlySet<string>): void;
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
  // The keys of the copies read from each table; those that depend on every table are under ALL_TABLES.
  const readers = new Map<string, Set<string>>();
  const copies = new LRUCache<string, { value: V; at: number; tables: readonly string[] }>({
    maxSize: opts.maxSize,
    sizeCalculation: (entry) => Math.max(1, opts.sizeOf(entry.value)),
    dispose: (entry, key) => entry.tables.forEach((table) => readers.get(table)?.delete(key)),
  });
  // Every change is numbered: a read that began before a change to a table it read may have read what it
  // changed. `lastChange` holds the number of each table's latest change, ALL_TABLES that of any.
  let changesSeen = 0;
  let lastChangeToAll = 0;
  const lastChange = new Map<string, number>();
  const drop = (table: string) => {
    const keys = readers.get(table);
    readers.delete(table);
    keys?.forEach((key) => copies.delete(key));
  };
  opts.changes.subscribe((table) => {
    if (table !== ALL_TABLES && !opts.dependsOn(table)) return;
    changesSeen++;
    lastChange.set(ALL_TABLES, changesSeen);
    if (table === ALL_TABLES) {
      lastChangeToAll = changesSeen;
      copies.clear();
      readers.clear();
      return;
    }
    lastChange.set(table, changesSeen);
    drop(table);
    drop(ALL_TABLES);
  });
  const changedSince = (begun: number, tables: readonly string[]) =>
    lastChangeToAll > begun || tables.some((table) => (lastChange.get(table) ?? 0) > begun);
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
    set(key, value, begun, read) {
      const named = [...(read ?? [])].filter((table) => opts.dependsOn(table));
      const tables = named.length ? named : [ALL_TABLES];
      if (!opts.changes.live || changedSince(begun, tables)) return;
      copies.set(key, { value, at: opts.clock.now().getTime(), tables });
      for (const table of tables) {
        let keys = readers.get(table);
        if (!keys) readers.set(table, (keys = new Set()));
        keys.add(key);
      }
    },
  };
}

/** A cache that keeps nothing: for callers that want none. */
export const noReadCache = <V>(): ReadCache<V> => ({ get: () => undefined, begin: () => 0, set: () => {} });
