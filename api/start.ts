import { getDb } from "./db/client";
import { startJobs } from "./jobs/runner";
import { errorFields, logger } from "./logger";

/** Open the database now (migrations, first seed); a server that cannot open it must not keep running. */
export async function startApi(): Promise<void> {
  try {
    await getDb();
    void startJobs();
  } catch (error) {
    logger.fatal({ err: errorFields(error) }, "could not open the database");
    process.exit(1);
  }
}
