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
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
  return {
    kind: "pglite",
    query: (text, params) => run(db, text, params),
    transaction: (work) => db.transaction((tx) => work({ query: (t, p) => run(tx, t, p) })),
    close: () => db.close(),
  };
}

/** A PostgreSQL server at `url` (postgres://user:pass@host:port/db). */
export async function openPostgres(url: string, poolSize = 10): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Fail at start, with the server's own message, rather than at the first request.
  const client = await pool.connect();
  client.release();
  return {
    kind: "postgresql",
    query: async (text, params) => (await pool.query(text, params)).rows,
    transaction: async (work) => {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        const result = await work({
          query: async <T>(t: string, p?: unknown[]) => (await c.query(t, p)).rows as T[],
        });
        await c.query("COMMIT");
        return result;
      } catch (error) {
        await c.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL at DATABASE_URL when it is set, else PGlite in `dataDir`. */
export function openStore(dataDir: string, databaseUrl = process.env.DATABASE_URL): Promise<Store> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
