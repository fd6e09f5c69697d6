import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import type { Db } from "~api/db/client";
import { purgeOld } from "~api/jobs/purge";

/** Runs the nightly purge: `gone` is no longer among the values of `column` in `table`, `kept` still is. */
export async function expectPurge(
  db: Db,
  table: PgTable,
  column: AnyPgColumn,
  { gone, kept }: { gone: unknown; kept: unknown },
): Promise<void> {
  await purgeOld(db);
  const left = (await db.select({ value: column }).from(table)).map((row) => row.value);
  expect(left).toContain(kept);
  expect(left).not.toContain(gone);
}
