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
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant: serialises migrations when several app instances start at once.
const MIGRATION_LOCK = 7_270_701;

/**
 * Opens the database the configuration names: PostgreSQL at `url`, else embedded PGlite in `pgliteDir`
 * (or in memory when `pgliteDir` is null), and applies the migrations.
 */
export async function openDatabase(opts: { url: string | null; pgliteDir: string | null }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  if (opts.pgliteDir) await mkdir(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? await PGlite.create(opts.pgliteDir) : await PGlite.create();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    conn.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
