import { afterDrain, provideLifecycleLog, provideReadiness } from "~runtime/process-lifecycle.mjs";
import { closeDb, getDb } from "./db/client";
import { watchBusiness } from "./health/business-metrics";
import { checkReadiness } from "./health/readiness";
import { startJobs } from "./jobs/runner";
import { errorFields, logger } from "./logger";

/**
 * Open the database now (migrations, first seed); a server that cannot open it must not keep
 * running. Its business figures are read from it at each scrape of /metrics
 * (./health/business-metrics.ts). The process's readiness (/health/ready, server/health.mjs) is then the API's, and its
 * shutdown (runtime/process-lifecycle.mjs) closes the job runner, the buses and the database
 * once the requests in flight are done.
 */
export async function startApi(): Promise<void> {
  provideLifecycleLog((level, message, fields) => logger[level](fields ?? {}, message));
  provideReadiness(checkReadiness);
  afterDrain("database", closeDb);
  try {
    watchBusiness(await getDb());
    void startJobs();
  } catch (error) {
    logger.fatal({ err: errorFields(error) }, "could not open the database");
    process.exit(1);
  }
}
