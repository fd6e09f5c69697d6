/**
 * The database of a command run by hand (`npm run admin`, `npm run rates`): the API's own, read
 * from its settings (api/env.ts) as the server reads them — DATABASE_URL, or the PGlite directory
 * PGLITE_DIR, which one process at a time may open (stop the server first). Migrations are applied
 * as the server would (MIGRATE_ON_START: locally yes, in production no); a database that still
 * lacks some is refused, naming `npm run db:migrate`.
 */
import { getApiEnv } from "../env";
import { openDb, type OpenedDb } from "../db/client";
import { DirectoryInUseError } from "../db/dir-lock";
import { pendingMigrations } from "../db/migration-status";

/** A failure the person running the command can act on: its message is printed as it is (exit 1). */
export class CommandFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CommandFailure";
  }
}

/** Opens the API's database, runs `work` on it and closes it, whatever `work` does. */
export async function withCommandDatabase<T>(work: (opened: OpenedDb) => Promise<T>): Promise<T> {
  const env = getApiEnv();
  const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.PGLITE_DIR}`;
  let opened: OpenedDb;
  try {
    opened = await openDb({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.PGLITE_DIR,
      seedOnStart: false,
      migrate: env.MIGRATE_ON_START,
    });
  } catch (error) {
    if (error instanceof DirectoryInUseError) {
      throw new CommandFailure(
        `${error.message}: stop the server first (the PGlite database has one writer), then run this again`,
      );
    }
    throw new CommandFailure(`could not open ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const pending = await pendingMigrations(opened);
    if (pending.length > 0) {
      throw new CommandFailure(
        `${target} lacks ${pending.length} migration(s) (${pending.join(", ")}): run npm run db:migrate first`,
      );
    }
    return await work(opened);
  } finally {
    await opened.close();
  }
}
