import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

/** The database handle services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Plain SQL on the same database, for pg-boss (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** An open database: its handle, its driver, plain SQL on it, and how to close it. */
export interface OpenedDb {
  db: Db;
  driver: "pg" | "pglite";
  sql: SqlExecutor;
  close(): Promise<void>;
  /** PGlite: its whole data directory as a tar (what PGLITE_TEMPLATE loads). */
  dump?: () => Promise<Blob>;
  /** The migrations this open applied, oldest first (tags of the journal). */
  applied: string[];
}
