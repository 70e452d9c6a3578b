import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  /** Whether the database answers a trivial statement (health check); throws when it does not. */
  ping(): Promise<void>;
  close: () => Promise<void>;
};

// A statement running longer than this is cancelled by PostgreSQL, and one whose answer does not arrive
// within a little more (a stalled server or network) is given up by the client: the request answers 503
// instead of hanging (issue 27.8). PGlite runs in the process and has no statement timeout.
export const QUERY_TIMEOUT_MS_DEFAULT = 15_000;
const CLIENT_GRACE_MS = 2000;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant: serialises migrations when several app instances start at once.
const MIGRATION_LOCK = 7_270_701;

/** Told the text of every statement the app sends after the migrations (the query-count test listens). */
export type QueryObserver = (text: string) => void;

/** The observer of a database's statements, if any: drizzle's logger and the plain SQL executor tell it. */
function queryObservers(observer: QueryObserver | undefined) {
  return {
    logger: observer ? { logQuery: observer } : undefined,
    watch: (sql: SqlExecutor): SqlExecutor =>
      observer
        ? (text, values) => {
            observer(text);
            return sql(text, values);
          }
        : sql,
  };
}

/**
 * Opens the database the configuration names: PostgreSQL at `url`, else embedded PGlite in `pgliteDir`
 * (or in memory when `pgliteDir` is null), and applies the migrations.
 */
export async function openDatabase(opts: {
  url: string | null;
  pgliteDir: string | null;
  /** An in-memory PGlite starts from this dump (migratedPgliteDump) rather than empty. */
  pgliteDump?: Blob;
  onQuery?: QueryObserver;
  queryTimeoutMs?: number;
}): Promise<Database> {
  const queries = queryObservers(opts.onQuery);
  if (opts.url) return openPostgres(opts.url, queries, opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS_DEFAULT);
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true, mode: 0o700 });
  const client = opts.pgliteDir ? await PGlite.create(opts.pgliteDir) : await PGlite.create(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {});
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger: queries.logger });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    sql: queries.watch(pgliteExecutor(client)),
    ping: async () => void (await client.query('SELECT 1')),
    close: () => client.close(),
  };
}

/**
 * An in-memory PGlite with every migration applied, dumped (uncompressed tar). Tests open their databases from
 * it: loading takes ~1.5 s where creating one and migrating it takes ~5 s.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
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

async function openPostgres(url: string, queries: ReturnType<typeof queryObservers>, queryTimeoutMs: number): Promise<Database> {
  // Migrations on a connection of their own, without the timeouts: waiting for another instance's
  // migrations, or a long one, is expected at start.
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await conn.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    statement_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_GRACE_MS,
  });
  // A client losing its server must not crash the process; the query it runs (or the next) reports it.
  // The pool reports idle clients; a checked-out one between two statements (a transaction) emits on itself.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema, logger: queries.logger });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    sql: queries.watch(poolExecutor(pool)),
    ping: async () => void (await pool.query('SELECT 1')),
    close: () => pool.end(),
  };
}
