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
    let work!: Promise<void>;
    const end = tables.begin(read, () => {
      work = (async () => {
        await Promise.resolve();
        tables.observe('select "books"."id" from "books" left join "family_members" "fm" on true');
        tables.observe('SELECT * FROM premium_books WHERE book_id = $1');
      })();
    });
    await work;
    end();
    expect([...read].sort()).toEqual(['books', 'family_members', 'premium_books']);
    // A name inside another word is not that table ("kids" in "kidsnames" or "kid_id").
    const other = new Set<string>();
    tables.begin(other, () => tables.observe('select kid_id, kidsnames from "x"'))();
    expect([...other]).toEqual([]);
  });

  it('records works that overlap, each until its end, and nothing once none is recording', async () => {
    const tables = createTablesRead(['books', 'kids', 'recordings']);
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const first = new Set<string>();
    const second = new Set<string>();
    let continueFirst!: Promise<void>;
    let continueSecond!: Promise<void>;
    const endFirst = tables.begin(first, () => {
      continueFirst = tick().then(() => tables.observe('select * from "books"'));
    });
    const endSecond = tables.begin(second, () => {
      continueSecond = tick()
        .then(tick)
        .then(() => tables.observe('select * from "kids"'));
    });
    // The first ends while the second still works: the second's later statement is still its own.
    await continueFirst;
    endFirst();
    await continueSecond;
    expect([...first]).toEqual(['books']);
    expect([...second]).toEqual(['kids']);
    // Once no work records (Node's per-promise hook off), what an ended work still starts is nobody's.
    let late!: Promise<void>;
    const third = new Set<string>();
    tables.begin(third, () => {
      late = tick().then(() => tables.observe('select * from "recordings"'));
    })();
    endSecond();
    endSecond(); // twice is harmless
    await late;
    expect([...third]).toEqual([]);
  });
});
