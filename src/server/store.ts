// The collection server's storage: PostgreSQL, either embedded (PGlite, in a folder: one
// command runs a study on one machine) or a PostgreSQL server (node-postgres, DATABASE_URL).
// Both are used through this small interface, and the same SQL migrations run on both.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Store extends Sql {
  readonly kind: "pglite" | "postgresql";
  /** How many connections (each a PostgreSQL backend of its own) it holds at most. */
  readonly connections: number;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction that is always rolled back: what it wrote never stays
   * (the connections' warm-up, warmConnections.ts). Throws what `work` throws.
   */
  rolledBack<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The tables the participants' calls read (migrations 7 and 8): the ones whose statistics
 * decide their plans. Not the whole database: a plain ANALYZE also samples PostgreSQL's own
 * catalogs, several times the work of these tables' (docs/server.md), and PGlite does nothing
 * else meanwhile.
 */
const ANALYZED = "ANALYZE studies, clips, participants, sessions, assignments, submissions";

/**
 * Keeps the planner's statistics fresh as the tables grow: ANALYZE after 50 calls (statements
 * or transactions; most are a participant's writes), then 100, 200, 400 … (each doubling), as
 * autovacuum's "analyze after 10% changed" would. PGlite has no autovacuum at all, and a
 * server's comes a minute late for a study that has just started; without statistics the
 * planner guesses one row per table and picks plans that scan a study's every participant per
 * submission. The plans
 * PL/pgSQL keeps are made again after an ANALYZE of their tables.
 */
function autoAnalyze(store: Store): Store {
  let calls = 0;
  let next = 50;
  const counted = <T>(result: T): T => {
    if (++calls >= next) {
      next *= 2;
      // In the background: the answer does not wait; a failure only leaves old statistics.
      store.query(ANALYZED).catch(() => undefined);
    }
    return result;
  };
  return {
    ...store,
    query: async (text, params) => counted(await store.query(text, params)),
    transaction: async (work) => counted(await store.transaction(work)),
  };
}

/** Embedded PostgreSQL in `dir` (created on first use). */
export async function openPglite(dir: string): Promise<Store> {
  mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir);
  // PGlite runs one query at a time; transactions are queued behind each other, so they are
  // serial by construction.
  const run = async <T>(
    q: { query: PGlite["query"] },
    text: string,
    params?: unknown[],
  ): Promise<T[]> => (await q.query<T>(text, params as unknown[])).rows;
  return autoAnalyze({
    kind: "pglite",
    connections: 1,
    query: (text, params) => run(db, text, params),
    transaction: (work) => db.transaction((tx) => work({ query: (t, p) => run(tx, t, p) })),
    rolledBack: (work) =>
      db.transaction(async (tx) => {
        const result = await work({ query: (t, p) => run(tx, t, p) });
        await tx.rollback();
        return result;
      }),
    close: () => db.close(),
  });
}

/** `work` on one connection of `pool` between BEGIN and `end`; rolled back when it throws. */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (tx: Sql) => Promise<T>,
  end: "COMMIT" | "ROLLBACK",
): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    const result = await work({
      query: async <R>(t: string, p?: unknown[]) => (await c.query(t, p)).rows as R[],
    });
    await c.query(end);
    return result;
  } catch (error) {
    await c.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    c.release();
  }
}

/** A PostgreSQL server at `url` (postgres://user:pass@host:port/db). */
export async function openPostgres(url: string, poolSize = 10): Promise<Store> {
  // Connections are kept however long they are idle (node-postgres closes them after 10 s by
  // default): each backend keeps its compiled functions and their plans (warmConnections.ts), and a
  // study's participants come in bursts after quiet minutes.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // Fail at start, with the server's own message, rather than at the first request.
  const client = await pool.connect();
  client.release();
  return autoAnalyze({
    kind: "postgresql",
    connections: poolSize,
    query: async (text, params) => (await pool.query(text, params)).rows,
    transaction: (work) => inTransaction(pool, work, "COMMIT"),
    rolledBack: (work) => inTransaction(pool, work, "ROLLBACK"),
    close: () => pool.end(),
  });
}

/** PostgreSQL at DATABASE_URL when it is set, else PGlite in `dataDir`. */
export function openStore(dataDir: string, databaseUrl = process.env.DATABASE_URL): Promise<Store> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

/**
 * State a server process keeps per store (several stores live side by side in tests and
 * benchmarks) and per study: the map of `store`, made at its first use.
 */
export function perStore<V>(): (store: object) => Map<string, V> {
  const maps = new WeakMap<object, Map<string, V>>();
  return (store) => {
    let map = maps.get(store);
    if (!map) {
      map = new Map();
      maps.set(store, map);
    }
    return map;
  };
}
