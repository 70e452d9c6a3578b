import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/**
 * Which tables a piece of work read: `begin` starts it with an empty set, and `observe`, told every
 * statement the app sends (Database.observeQueries), adds each table a statement of that work names. A
 * name that is also a column's or an alias's can only add a table, never leave one out.
 * docs/decisions/009: a copy of an answer is dropped when one of the tables it was read from changes.
 */
export function createTablesRead(tableNames: readonly string[]) {
  const reading = new AsyncLocalStorage<Set<string>>();
  const names = new RegExp(`\\b(?:${[...tableNames].sort((a, b) => b.length - a.length).join('|')})\\b`, 'g');
  // An AsyncLocalStorage in use makes Node (before 22) run a hook for every promise the process makes: on
  // while some work is recording, off as soon as none is (AsyncLocalStorage.disable). A request answered
  // from a copy then pays nothing for it.
  let recording = 0;
  return {
    observe(text: string) {
      const read = reading.getStore();
      if (!read) return;
      for (const [name] of text.matchAll(names)) read.add(name);
    },
    /**
     * Runs `work` (and all it starts) recording the tables it reads into `read`, until the answered `end` is
     * called (once that work is over: what it starts afterwards may go unrecorded; calling `end` again does
     * nothing).
     */
    begin(read: Set<string>, work: () => void): () => void {
      recording++;
      let ended = false;
      reading.run(read, work);
      return () => {
        if (ended) return;
        ended = true;
        if (--recording === 0) reading.disable();
      };
    },
  };
}

/** The names of the tables among a Drizzle schema module's exports. */
export const tableNamesOf = (schema: Record<string, unknown>): string[] =>
  Object.values(schema)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table));
