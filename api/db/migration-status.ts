import { readFileSync } from "node:fs";
import path from "node:path";
import { defaultMigrationsFolder, type OpenedDb } from "./client";

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

/** The migrations this code knows (drizzle's journal), read once. */
function knownMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(defaultMigrationsFolder(), "meta/_journal.json"), "utf8")) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * The tags of the migrations this code knows that the database has not applied, oldest first.
 * Drizzle's migrator applies those newer than the last it recorded (drizzle.__drizzle_migrations,
 * `created_at` = the journal's `when`), so the same comparison is made here; no table yet: all.
 */
export async function pendingMigrations(opened: OpenedDb): Promise<string[]> {
  let last = -1;
  try {
    const { rows } = await opened.sql.executeSql(
      "select coalesce(max(created_at), -1)::text as last from drizzle.__drizzle_migrations",
    );
    last = Number((rows[0] as { last: string }).last);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "42P01" && (error as { code?: unknown }).code !== "3F000") throw error;
  }
  return knownMigrations()
    .filter((entry) => entry.when > last)
    .map((entry) => entry.tag);
}
