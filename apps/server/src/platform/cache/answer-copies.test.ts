import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { CHANGE_FEED_APPLICATION } from '../../db/change-feed.ts';

// Decision 009: sessions and the dashboards' reads are answered from copies, and no copy outlives a change
// committed by anyone. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the notices travel
// on a connection of their own).

let ctx: TestContext;
let statements: string[] | null = null;

beforeAll(async () => {
  ctx = await createTestContext({
    onQuery: (text) => {
      if (!text.includes('pgboss.')) statements?.push(text);
    },
  });
});
afterAll(() => ctx?.close());

/** A GET as `cookie`, with the statements it sent. */
async function get(url: string, cookie: string, headers: Record<string, string> = {}) {
  statements = [];
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const sent = statements;
  statements = null;
  return { res, sent };
}

describe('answers from copies', () => {
  it('answers a repeated dashboard read without the database, and the same read of another user from their own', async () => {
    const family = await ctx.newFamily();
    const outsider = await ctx.newUser();
    const reader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader, family);

    const first = await get(`/api/family/${family.id}`, family.admin.cookie);
    expect(first.res.statusCode).toBe(200);
    expect(first.sent.length).toBeGreaterThan(0);
    const again = await get(`/api/family/${family.id}`, family.admin.cookie);
    expect(again.res.statusCode).toBe(200);
    expect(again.sent).toEqual([]);
    expect(again.res.body).toBe(first.res.body);
    expect(again.res.headers['content-type']).toBe(first.res.headers['content-type']);
    expect(again.res.headers['content-security-policy']).toBeTruthy();

    // The admin's copy is theirs: an outsider is refused, a reader gets their own answer.
    const refused = await get(`/api/family/${family.id}`, outsider.cookie);
    expect(refused.res.statusCode).toBe(404);
    const asReader = await get(`/api/family/${family.id}`, reader.cookie);
    expect(asReader.res.json().family.my_role).toBe('reader');
    expect(first.res.json().family.my_role).toBe('admin');
  });

  it('shows a write at once to the writer and to the other members', async () => {
    const family = await ctx.newFamily();
    const parent = await ctx.newUser();
    await ctx.join(parent, family);
    for (const who of [family.admin, parent]) expect((await get(`/api/family/${family.id}`, who.cookie)).res.json().family.kids).toEqual([]);

    const kid = await ctx.newKid(family, 'Mia');
    for (const who of [family.admin, parent]) {
      expect((await get(`/api/family/${family.id}`, who.cookie)).res.json().family.kids.map((k: { id: string }) => k.id)).toEqual([kid.id]);
    }

    // Another user's write (a site admin adds a book) is seen in a parent's book list at once.
    const before = (await get('/api/books?per_page=50', parent.cookie)).res.json().books.length;
    await ctx.newBook({ title: 'A New Moon' });
    const after = (await get('/api/books?per_page=50', parent.cookie)).res.json().books;
    expect(after).toHaveLength(before + 1);
    expect(after.map((b: { title: string }) => b.title)).toContain('A New Moon');
  });

  it('ends a session at once when it is ended, here or by any other process', async () => {
    const user = await ctx.newUser();
    expect((await get('/api/auth/me', user.cookie)).res.statusCode).toBe(200);
    expect((await get('/api/auth/me', user.cookie)).sent).toEqual([]);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: user.cookie } });
    expect((await get('/api/auth/me', user.cookie)).res.statusCode).toBe(401);

    // Ended outside this app's requests (another instance, an operator): seen once its notice is in.
    const other = await ctx.newUser();
    expect((await get('/api/auth/me', other.cookie)).res.statusCode).toBe(200);
    await ctx.database.sql('DELETE FROM sessions WHERE user_id = $1', [other.id]);
    await ctx.database.changes.sync();
    expect((await get('/api/auth/me', other.cookie)).res.statusCode).toBe(401);
  });

  it('drops copies for a change made by another process, once its notice is in', async () => {
    const family = await ctx.newFamily();
    expect((await get(`/api/family/${family.id}`, family.admin.cookie)).res.json().family.name).toBe(family.name);
    await ctx.database.sql('UPDATE families SET name = $1 WHERE id = $2', ['Renamed Elsewhere', family.id]);
    await ctx.database.changes.sync();
    expect((await get(`/api/family/${family.id}`, family.admin.cookie)).res.json().family.name).toBe('Renamed Elsewhere');
    expect((await get('/api/family/my-families', family.admin.cookie)).res.json().families[0].name).toBe('Renamed Elsewhere');
  });

  it('keeps a copy through changes to tables it was not read from, and drops it for one it was', async () => {
    const parent = await ctx.newUser();
    const family = await ctx.newFamily(parent);
    const reader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader, family);
    const books = `/api/books?per_page=7`;
    const familyUrl = `/api/family/${family.id}`;
    expect((await get(books, family.admin.cookie)).sent.length).toBeGreaterThan(0);
    expect((await get(familyUrl, reader.cookie)).res.statusCode).toBe(200);

    // A kid added: the book list was not read from the kids, the family's detail was.
    const kid = await ctx.newKid(family, 'Mia');
    expect((await get(books, family.admin.cookie)).sent).toEqual([]);
    const family2 = await get(familyUrl, reader.cookie);
    expect(family2.sent.length).toBeGreaterThan(0);
    expect(family2.res.json().family.kids.map((k: { id: string }) => k.id)).toEqual([kid.id]);

    // A member removed by another process is refused at once: the copy was read from the memberships.
    await ctx.database.sql('DELETE FROM family_members WHERE user_id = $1 AND family_id = $2', [reader.id, family.id]);
    await ctx.database.changes.sync();
    expect((await get(familyUrl, reader.cookie)).res.statusCode).toBe(404);
    // A change to the user's own row (the session's user is part of every answer) drops theirs too.
    await ctx.database.sql('UPDATE users SET first_name = $1 WHERE id = $2', ['Renamed', parent.id]);
    await ctx.database.changes.sync();
    expect((await get(books, family.admin.cookie)).sent.length).toBeGreaterThan(0);
  });

  it('sends a copy compressed as the browser asks, as the first answer was', async () => {
    const parent = await ctx.newUser();
    for (let i = 0; i < 3; i++) await ctx.newBook({ title: `Compressed Tale ${i}` });
    const url = '/api/books?per_page=50';
    const plain = await get(url, parent.cookie);
    expect(plain.res.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const { res, sent } = await get(url, parent.cookie, { 'accept-encoding': accept });
        expect(sent).toEqual([]);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['vary']).toContain('accept-encoding');
        expect(decode(res.rawPayload).toString()).toBe(plain.res.body);
      }
    }
    // Small answers go as they are, as the plugin sends them.
    await get('/api/family/my-families', parent.cookie);
    const small = await get('/api/family/my-families', parent.cookie, { 'accept-encoding': 'br' });
    expect(small.sent).toEqual([]);
    expect(small.res.headers['content-encoding']).toBeUndefined();
  });

  it('does not keep an answer longer than 10 seconds by the app clock', async () => {
    const user = await ctx.newUser();
    await get('/api/family/my-families', user.cookie);
    expect((await get('/api/family/my-families', user.cookie)).sent).toEqual([]);
    ctx.clock.advance(10_000);
    expect((await get('/api/family/my-families', user.cookie)).sent.length).toBeGreaterThan(0);
  });

  it('has every table announce its changes (rate limits and idempotent requests excepted; sessions when they end)', async () => {
    const { rows } = await ctx.database.sql(
      `SELECT t.tablename AS table_name, string_agg(DISTINCT e.event_manipulation, ',' ORDER BY e.event_manipulation) AS events
         FROM pg_tables t
         LEFT JOIN information_schema.triggers e
           ON e.event_object_table = t.tablename AND e.trigger_schema = 'public' AND e.trigger_name = 'fst_changes'
        WHERE t.schemaname = 'public'
        GROUP BY t.tablename`,
      [],
    );
    const events = new Map(rows.map((r) => [String(r.table_name), r.events as string | null]));
    expect(events.size).toBeGreaterThan(20);
    for (const [table, on] of events) {
      // No answer is read from these (counters; the answers kept for Idempotency-Keys of POSTs).
      if (table === 'rate_limits' || table === 'idempotent_requests') expect(on, table).toBeNull();
      else if (table === 'sessions') expect(on).toBe('DELETE');
      else expect(on, table).toBe('DELETE,INSERT,UPDATE');
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('answers from the database while the notices cannot arrive, and keeps copies again once they can', async () => {
    const family = await ctx.newFamily();
    await get(`/api/family/${family.id}`, family.admin.cookie);
    expect((await get(`/api/family/${family.id}`, family.admin.cookie)).sent).toEqual([]);

    // The listening connection is cut: a change made meanwhile must still be seen.
    await ctx.database.sql('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [CHANGE_FEED_APPLICATION]);
    await expect.poll(() => ctx.database.changes.live, { timeout: 2000 }).toBe(false);
    await ctx.database.sql('UPDATE families SET name = $1 WHERE id = $2', ['Changed While Deaf', family.id]);
    const during = await get(`/api/family/${family.id}`, family.admin.cookie);
    expect(during.res.json().family.name).toBe('Changed While Deaf');
    expect(during.sent.length).toBeGreaterThan(0);

    await expect.poll(() => ctx.database.changes.live, { timeout: 5000 }).toBe(true);
    await get(`/api/family/${family.id}`, family.admin.cookie);
    expect((await get(`/api/family/${family.id}`, family.admin.cookie)).sent).toEqual([]);
  });
});
