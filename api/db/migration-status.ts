import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { OpenedDb, SqlExecutor } from "./types";

/**
 * Which migrations a database still lacks, the way drizzle's migrator decides it: drizzle records
 * each applied migration in drizzle.__drizzle_migrations with its journal timestamp (`when`, as
 * created_at), and applies every migration of the journal newer than the newest recorded one.
 */

/** Defaults to <cwd>/api/db/migrations (the code is bundled, so not relative to this file). */
export function defaultMigrationsFolder(): string {
  return path.resolve(process.cwd(), "api/db/migrations");
}

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string().min(1), when: z.number().int() })),
});

/** The migrations of the journal (meta/_journal.json), oldest first. */
export function journalMigrations(migrationsFolder = defaultMigrationsFolder()): Array<{ tag: string; when: number }> {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")),
  );
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

/** The newest applied migration's journal timestamp, or null when none is (or drizzle's table is absent). */
async function newestApplied(sql: SqlExecutor): Promise<number | null> {
  const table = await sql.executeSql("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  const [presence] = table.rows as Array<{ present: boolean }>;
  if (!presence?.present) return null;
  const newest = await sql.executeSql("select max(created_at) as newest from drizzle.__drizzle_migrations");
  const [row] = newest.rows as Array<{ newest: string | number | null }>;
  return row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
}

/** The tags of the migrations `sql`'s database lacks, oldest first (what drizzle's migrate would apply). */
export async function pendingMigrationsIn(
  sql: SqlExecutor,
  migrationsFolder = defaultMigrationsFolder(),
): Promise<string[]> {
  const newest = await newestApplied(sql);
  return journalMigrations(migrationsFolder)
    .filter((migration) => newest === null || migration.when > newest)
    .map((migration) => migration.tag);
}

/** The tags of the migrations an open database lacks, oldest first; [] when it is current. */
export function pendingMigrations(opened: OpenedDb, migrationsFolder = defaultMigrationsFolder()): Promise<string[]> {
  return pendingMigrationsIn(opened.sql, migrationsFolder);
}
