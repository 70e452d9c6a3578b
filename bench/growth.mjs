#!/usr/bin/env node
// Growth benchmark (issue 9): the parent dashboard's calls for one family, timed with 10 families in the
// database and again with 10,000 families (20,000 accounts, 20,000 kids, 100,000 recordings, 1,000 books,
// 1,000,000 play events), seeded with generate_series into a scratch PostgreSQL database. Prints each
// call's p50 in both states and their ratio. Goal: every p50 grows by less than 1.5x.
// Run with `npm run bench:growth` (BENCH_FAMILIES to change the size, BENCH_REQUESTS per call;
// BENCH_KEEP_DATABASE=1 keeps the seeded database afterwards, to EXPLAIN queries on it).
import pg from 'pg';
import { dashboardCalls, fmt, percentile, removeDir, scratchDatabase, seedDashboardFamily, startApp, tempDir } from './lib.mjs';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 1_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const GOAL = 1.5;

/**
 * Families `from`..`to` (each: a parent, a grandparent reader, two kids, ten ready recordings of the
 * catalogue's regular books, each played five times through), as set-based inserts.
 */
const seedFamilies = `
  INSERT INTO users (id, first_name, last_name, email, password_hash, role)
    SELECT md5('gp' || i)::uuid, 'Parent', 'Grown' || i, 'grown-parent-' || i || '@example.com', 'not-a-hash', 'parent' FROM generate_series($1::int, $2::int) i
    UNION ALL
    SELECT md5('gg' || i)::uuid, 'Gran', 'Grown' || i, 'grown-gran-' || i || '@example.com', 'not-a-hash', 'grandparent' FROM generate_series($1::int, $2::int) i;
  INSERT INTO families (id, name, code, created_by)
    SELECT md5('gf' || i)::uuid, 'Grown Family ' || i, 'Z' || lpad(i::text, 7, '0'), md5('gp' || i)::uuid FROM generate_series($1::int, $2::int) i;
  INSERT INTO family_members (family_id, user_id, family_role)
    SELECT md5('gf' || i)::uuid, md5('gp' || i)::uuid, 'admin' FROM generate_series($1::int, $2::int) i
    UNION ALL
    SELECT md5('gf' || i)::uuid, md5('gg' || i)::uuid, 'reader' FROM generate_series($1::int, $2::int) i;
  INSERT INTO kids (id, family_id, first_name, age)
    SELECT md5('gk' || i || '_' || k)::uuid, md5('gf' || i)::uuid, 'Kid' || k, 2 + k FROM generate_series($1::int, $2::int) i, generate_series(1, 2) k;
  INSERT INTO recordings (id, reader_id, book_id, recording_type, media_key, mime, size_bytes, duration_seconds, status, is_premium, created_at, processed_at)
    SELECT md5('gr' || i || '_' || r)::uuid, md5('gg' || i)::uuid, (b.ids)[1 + ((i * 10 + r) % cardinality(b.ids))], 'webcam_only',
           'recordings/grown/video.mp4', 'video/mp4', 50000000, 600, 'ready', false, now() - ((i * 10 + r) % 50000) * interval '1 minute', now()
    FROM generate_series($1::int, $2::int) i, generate_series(1, 10) r, (SELECT array_agg(id ORDER BY id) AS ids FROM books WHERE NOT is_premium) b;
  INSERT INTO recording_kids (recording_id, kid_id, assigned_by)
    SELECT md5('gr' || i || '_' || r)::uuid, md5('gk' || i || '_' || (1 + r % 2))::uuid, md5('gg' || i)::uuid FROM generate_series($1::int, $2::int) i, generate_series(1, 10) r;
  INSERT INTO play_events (recording_id, kid_id, user_id, event, position_seconds, created_at)
    SELECT md5('gr' || i || '_' || r)::uuid, md5('gk' || i || '_' || (1 + r % 2))::uuid, md5('gp' || i)::uuid,
           CASE WHEN e % 2 = 1 THEN 'start' ELSE 'complete' END, CASE WHEN e % 2 = 1 THEN 0 ELSE 600 END, now() - e * interval '1 day' - r * interval '1 hour'
    FROM generate_series($1::int, $2::int) i, generate_series(1, 10) r, generate_series(1, 10) e;
`;

/** Catalogue books up to `total` (their files are never fetched by these calls). */
const seedBooks = `
  INSERT INTO books (id, title, author, description, pdf_key, attribution_key, is_premium, token_cost, page_count)
    SELECT md5('gb' || n)::uuid, 'Grown Book ' || lpad(n::text, 4, '0'), 'Author ' || n, 'A book of the grown catalogue',
           'books/grown/book.pdf', 'books/grown/attribution.txt', n % 5 = 0, CASE WHEN n % 5 = 0 THEN 1 ELSE 0 END, 12
    FROM generate_series(1, GREATEST(0, $1::int - (SELECT count(*) FROM books)::int)) n;
`;

async function sql(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several statements with the same parameters: run them one by one.
    for (const statement of text
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean))
      await client.query(statement, values);
  } finally {
    await client.end();
  }
}

async function counts(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async (t) => Number((await client.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
    return { families: await q('families'), recordings: await q('recordings'), books: await q('books'), play_events: await q('play_events') };
  } finally {
    await client.end();
  }
}

/** p50 and p99 (ms) of `REQUESTS` sequential requests, after a warm-up. */
async function time(url, cookie) {
  const get = async () => {
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 30; i++) await get();
  const ms = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await get();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

async function measure(app, family) {
  const out = {};
  for (const [name, url] of dashboardCalls(family)) out[name] = await time(`${app.url}${url}`, family.parentCookie);
  return out;
}

async function main() {
  console.log(`Growth benchmark: 10 families vs ${FAMILIES.toLocaleString('en')} families on PostgreSQL, ${REQUESTS} sequential requests per call`);
  const db = await scratchDatabase('fst_growth');
  const dataDir = await tempDir();
  let app;
  let failed = false;
  try {
    app = await startApp({ dataDir, databaseUrl: db.url });
    const family = await seedDashboardFamily(app.url);
    await sql(db.url, seedFamilies, [1, 9]);
    await sql(db.url, 'ANALYZE');
    // A first pass warms the server (JIT, pools, caches) so the small state is not measured cold.
    await measure(app, family);
    const small = await measure(app, family);
    console.log('small:', JSON.stringify(await counts(db.url)));

    const started = Date.now();
    await sql(db.url, seedBooks, [BOOKS]);
    await sql(db.url, seedFamilies, [10, FAMILIES - 1]);
    await sql(db.url, 'VACUUM ANALYZE');
    console.log(`large: ${JSON.stringify(await counts(db.url))} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const large = await measure(app, family);

    console.log('\ncall            p50 small  p50 large  p50 ratio   p99 small  p99 large');
    for (const [name] of dashboardCalls(family)) {
      const ratio = large[name].p50 / small[name].p50;
      if (!(ratio < GOAL)) failed = true;
      console.log(
        `${name.padEnd(14)} ${fmt(small[name].p50).padStart(9)}  ${fmt(large[name].p50).padStart(9)}  ${fmt(ratio).padStart(9)}   ${fmt(small[name].p99).padStart(9)}  ${fmt(large[name].p99).padStart(9)}`,
      );
    }
  } finally {
    await app?.stop();
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nkept: ${db.url}`);
    else await db.drop().catch(() => {});
    await removeDir(dataDir);
  }
  console.log(failed ? `\nFAIL: a p50 grew by ${GOAL}x or more` : `\nPASS: every p50 grew by less than ${GOAL}x`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
