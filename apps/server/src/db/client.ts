import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * Plain SQL for libraries that bring their own queries (the pg-boss job queue): with `values`, one
 * parameterised statement; without, a script of any number of statements. After a failed script an
 * explicit transaction it opened is rolled back, so the connection is fit for the next caller.
 */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  /** Committed changes, table by table, of every process on this database (for caches). */
  changes: ChangeFeed;
  /** Tells `observer` the text of every statement sent from now on. */
  observeQueries(observer: QueryObserver): void;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant: serialises migrations when several app instances start at once.
const MIGRATION_LOCK = 7_270_701;

/** Told the text of every statement the app sends after the migrations (the query-count test listens). */
export type QueryObserver = (text: string) => void;

/** The observers of a database's statements: drizzle's logger and the plain SQL executor tell them. */
function queryObservers(first: QueryObserver | undefined) {
  const observers: QueryObserver[] = first ? [first] : [];
  const tell = (text: string) => {
    for (const observer of observers) observer(text);
  };
  return {
    observe: (observer: QueryObserver) => void observers.push(observer),
    logger: { logQuery: tell },
    watch: (sql: SqlExecutor): SqlExecutor => (text, values) => {
      tell(text);
      return sql(text, values);
    },
  };
}

/**
 * Opens the database the configuration names: PostgreSQL at `url`, else embedded PGlite in `pgliteDir`
 * (or in memory when `pgliteDir` is null), and applies the migrations.
 */
export async function openDatabase(opts: { url: string | null; pgliteDir: string | null; onQuery?: QueryObserver }): Promise<Database> {
  const queries = queryObservers(opts.onQuery);
  if (opts.url) return openPostgres(opts.url, queries);
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? await PGlite.create(opts.pgliteDir) : await PGlite.create();
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger: queries.logger });
  const changes = await pgliteChangeFeed(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    sql: queries.watch(pgliteExecutor(client)),
    changes,
    observeQueries: queries.observe,
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return async (text, values) => {
    if (values?.length) {
      const r = await client.query<Record<string, unknown>>(text, values);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    }
    try {
      const results = await client.exec(text);
      // A script answers the rows of its last statement that returns any (not those of its COMMIT).
      const last = results.findLast((r) => r.fields.length > 0) ?? results.at(-1);
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    } catch (err) {
      // PGlite has one connection: a script that failed inside BEGIN would leave it in an aborted transaction.
      await client.exec('ROLLBACK').catch(() => {});
      throw err;
    }
  };
}

function poolExecutor(pool: pg.Pool): SqlExecutor {
  return async (text, values) => {
    const conn = await pool.connect();
    try {
      const r = await conn.query(text, values?.length ? values : undefined);
      // A script's result is one entry per statement.
      const last = Array.isArray(r) ? ((r as pg.QueryResult[]).findLast((x) => x.fields?.length) ?? (r as pg.QueryResult[]).at(-1)) : r;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    } catch (err) {
      if (!values?.length) await conn.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      conn.release();
    }
  };
}

async function openPostgres(url: string, queries: ReturnType<typeof queryObservers>): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A client losing its server must not crash the process; the query it runs (or the next) reports it.
  // The pool reports idle clients; a checked-out one between two statements (a transaction) emits on itself.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    conn.release();
  }
  const db = drizzlePg({ client: pool, schema, logger: queries.logger });
  const changes = await postgresChangeFeed(url);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    sql: queries.watch(poolExecutor(pool)),
    changes,
    observeQueries: queries.observe,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
