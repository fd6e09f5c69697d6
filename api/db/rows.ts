import type { SQL } from "drizzle-orm";
import type { Db } from "./types";

/**
 * Runs a raw statement (a `sql` template) and gives its rows, typed as the caller names them.
 * Both drivers behind `Db` (PGlite and node-postgres) answer `{ rows }`; this is the one place
 * that knows it.
 */
export async function queryRows<T>(db: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}
