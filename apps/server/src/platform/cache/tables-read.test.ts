import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { createTablesRead, tableNamesOf } from './tables-read.ts';

describe('tables read', () => {
  it('finds every table of the schema', () => {
    const names = tableNamesOf(schema);
    expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'families', 'family_members', 'kids', 'books', 'play_events', 'recordings']));
    expect(new Set(names).size).toBe(names.length);
  });

  it('records the tables a piece of work names, quoted or not, and only inside that work', async () => {
    const tables = createTablesRead(['books', 'premium_books', 'kids', 'family_members']);
    const read = new Set<string>();
    tables.observe('select 1 from "kids"'); // outside any work: nobody records it
    await tables.run(read, async () => {
      await Promise.resolve();
      tables.observe('select "books"."id" from "books" left join "family_members" "fm" on true');
      tables.observe('SELECT * FROM premium_books WHERE book_id = $1');
    });
    expect([...read].sort()).toEqual(['books', 'family_members', 'premium_books']);
    // A name inside another word is not that table ("kids" in "kidsnames" or "kid_id").
    const other = new Set<string>();
    tables.run(other, () => tables.observe('select kid_id, kidsnames from "x"'));
    expect([...other]).toEqual([]);
  });
});
