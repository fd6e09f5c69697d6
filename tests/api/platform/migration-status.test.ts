import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { usingPostgres } from "../../support/env";
import { MEMORY_DIR } from "~api/env";
import { openDb } from "~api/db/client";
import { pendingMigrations } from "~api/db/migration-status";

const journal = JSON.parse(readFileSync(path.resolve("api/db/migrations/meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string; when: number }>;
};
const allTags = journal.entries.map((entry) => entry.tag);

describe("pendingMigrations (what a database lacks, as drizzle's migrator decides it)", () => {
  it("lists every migration of the journal, in order, for an empty database that was not migrated", async () => {
    const opened = await openDb({ pgliteDir: MEMORY_DIR, migrate: false });
    try {
      expect(opened.applied).toEqual([]);
      expect(await pendingMigrations(opened)).toEqual(allTags);
    } finally {
      await opened.close();
    }
  });

  it("lists none once the database is migrated (the suite's template: nothing left to apply)", async () => {
    const opened = await openDb({
      databaseUrl: process.env.DATABASE_URL,
      pgliteDir: MEMORY_DIR,
      template: process.env.PGLITE_TEMPLATE ? new Blob([readFileSync(process.env.PGLITE_TEMPLATE)]) : undefined,
    });
    try {
      // PostgreSQL: the suite's database, which this open migrated if it was the first.
      if (!usingPostgres) expect(opened.applied).toEqual([]);
      expect(await pendingMigrations(opened)).toEqual([]);
      if (usingPostgres) return; // the shared database stays as it is
      // The database as it was before the last two migrations were written.
      const kept = journal.entries.at(-3)!.when;
      await opened.sql.executeSql("delete from drizzle.__drizzle_migrations where created_at > $1", [kept]);
      expect(await pendingMigrations(opened)).toEqual(allTags.slice(-2));
    } finally {
      await opened.close();
    }
  });
});
