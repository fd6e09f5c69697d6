import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~api/db/client";
import { purgeOld } from "~api/jobs/purge";

/** Runs the nightly purge; answers the values of `column` left in `table` after it. */
export async function leftAfterPurge(db: Db, table: PgTable, column: AnyPgColumn): Promise<unknown[]> {
  await purgeOld(db);
  const rows = await db.select({ value: column }).from(table);
  return rows.map((row) => row.value);
}
