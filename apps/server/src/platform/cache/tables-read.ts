import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

/**
 * Which tables a piece of work read: `run` starts it with an empty set, and `observe`, told every
 * statement the app sends (Database.observeQueries), adds each table a statement of that work names. A
 * name that is also a column's or an alias's can only add a table, never leave one out.
 * docs/decisions/009: a copy of an answer is dropped when one of the tables it was read from changes.
 */
export function createTablesRead(tableNames: readonly string[]) {
  const reading = new AsyncLocalStorage<Set<string>>();
  const names = new RegExp(`\\b(?:${[...tableNames].sort((a, b) => b.length - a.length).join('|')})\\b`, 'g');
  return {
    observe(text: string) {
      const read = reading.getStore();
      if (!read) return;
      for (const [name] of text.matchAll(names)) read.add(name);
    },
    /** Runs `work` (and all it starts) recording the tables it reads into `read`. */
    run: <T>(read: Set<string>, work: () => T): T => reading.run(read, work),
  };
}

/** The names of the tables among a Drizzle schema module's exports. */
export const tableNamesOf = (schema: Record<string, unknown>): string[] =>
  Object.values(schema)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table));
