import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the tables' triggers announce changes on (migration 0008, docs/decisions/009). */
export const CHANGES_CHANNEL = 'fst_changes';
/** Announced in place of a table when changes may have gone unseen (the feed was down): everything changed. */
export const ALL_TABLES = '*';

/**
 * The committed changes of every process on this database, table by table: what lets an instance keep
 * copies of answers and still never answer from one a change has made wrong.
 */
export type ChangeFeed = {
  /** Calls `onChange(table)` for each committed change, or with ALL_TABLES after changes may have been missed. */
  subscribe(onChange: (table: string) => void): void;
  /** False while changes could go unseen (the listening connection is down): nothing may be answered from a copy. */
  readonly live: boolean;
  /**
   * Resolves once every change committed before the call has been told to the subscribers. A request that
   * wrote waits for this before it answers, so its caller's next read, on this instance, sees the write.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
};

/** The feed's subscribers, and telling them all of a change. */
function subscribers() {
  const list: ((table: string) => void)[] = [];
  return {
    subscribe: (onChange: (table: string) => void) => void list.push(onChange),
    tell: (table: string) => list.forEach((s) => s(table)),
  };
}

/** PGlite runs in this process and tells its listeners of a commit before the committing call returns. */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const { subscribe, tell } = subscribers();
  const unlisten = await client.listen(CHANGES_CHANNEL, tell);
  return {
    subscribe,
    live: true,
    sync: async () => {},
    close: () => unlisten(),
  };
}

const RECONNECT_MS = 1000;
/** The listening connection's name in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION = 'fst-change-feed';

/**
 * PostgreSQL delivers notices on a connection of their own, which this keeps open (and opens again after it
 * is lost; until then the feed is not live, and once listening again it announces ALL_TABLES).
 */
export async function postgresChangeFeed(url: string): Promise<ChangeFeed> {
  const { subscribe, tell } = subscribers();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    tell(ALL_TABLES);
    void c.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
  };
  async function listen() {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, application_name: CHANGE_FEED_APPLICATION });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => n.channel === CHANGES_CHANNEL && tell(n.payload || ALL_TABLES));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      // Not live until a later attempt listens: copies are not used meanwhile.
      void c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), RECONNECT_MS);
      return;
    }
    if (closed) return void (await c.end().catch(() => {}));
    client = c;
    // What changed while nobody listened is unknown.
    tell(ALL_TABLES);
  }
  await listen();

  return {
    subscribe,
    get live() {
      return client !== null;
    },
    // The committing backend signals the listening one before its COMMIT returns, and a backend sends the
    // notices it holds before it answers its next statement: so a round trip on the listening connection
    // brings in every notice committed before it.
    async sync() {
      await client?.query('SELECT 1').catch(() => {});
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
