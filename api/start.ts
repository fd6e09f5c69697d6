import { afterDrain, provideLifecycleLog, provideReadiness } from "~runtime/process-lifecycle.mjs";
import { signInDomainProblems } from "./auth/sign-in-domains";
import { closeDb, getDb, type Db } from "./db/client";
import { zoneRuleDisagreements, zoneSampleInstants, zonesInUse } from "./db/zone-rules";
import { getApiEnv, identityEnv } from "./env";
import { watchBusiness } from "./health/business-metrics";
import { checkReadiness } from "./health/readiness";
import { startJobs } from "./jobs/runner";
import { errorFields, logger } from "./logger";

/**
 * Open the database now (migrations, first seed); a server that cannot open it must not keep
 * running. Its business figures are read from it at each scrape of /metrics
 * (./health/business-metrics.ts). The process's readiness (/health/ready, server/health.mjs) is then the API's, and its
 * shutdown (runtime/process-lifecycle.mjs) closes the job runner, the buses and the database
 * once the requests in flight are done. Public addresses that cannot sign anyone in are warned of
 * once, here (./auth/sign-in-domains.ts), and so are zones whose rules the database reads
 * otherwise than Node (./db/zone-rules.ts).
 */
export async function startApi(): Promise<void> {
  provideLifecycleLog((level, message, fields) => logger[level](fields ?? {}, message));
  provideReadiness(checkReadiness);
  afterDrain("database", closeDb);
  try {
    warnOfSignInDomains();
    const db = await getDb();
    watchBusiness(db);
    void startJobs();
    void warnOfZoneRules(db);
  } catch (error) {
    logger.fatal({ err: errorFields(error) }, "could not open the database");
    process.exit(1);
  }
}

/** Each reason the public addresses cannot sign anyone in, one warning line each. */
function warnOfSignInDomains(): void {
  const env = getApiEnv();
  const problems = signInDomainProblems({
    production: identityEnv.production,
    appPublicUrl: env.APP_PUBLIC_URL,
    storefrontPublicUrl: env.STOREFRONT_PUBLIC_URL,
  });
  for (const problem of problems) logger.warn({ docs: "docs/deploy.md#firebase" }, `sign-in: ${problem}`);
}

/** One error line if the database's zone rules differ from Node's for a zone in use (decision 055). */
async function warnOfZoneRules(db: Db): Promise<void> {
  try {
    const found = await zoneRuleDisagreements(db, await zonesInUse(db), zoneSampleInstants(new Date()));
    if (found.length === 0) return;
    const zones = [...new Set(found.map((row) => row.zone))];
    logger.error(
      { zones, first: found[0], docs: "docs/deploy.md#zone-rules" },
      "zone rules: the database reads these zones' local times otherwise than Node; update its tzdata",
    );
  } catch (error) {
    logger.warn({ err: errorFields(error) }, "zone rules: could not compare the database's with Node's");
  }
}
