import { afterDrain, provideLifecycleLog, provideReadiness } from "~runtime/process-lifecycle.mjs";
import { signInDomainProblems } from "./auth/sign-in-domains";
import { closeDb, getDb } from "./db/client";
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
 * once, here (./auth/sign-in-domains.ts).
 */
export async function startApi(): Promise<void> {
  provideLifecycleLog((level, message, fields) => logger[level](fields ?? {}, message));
  provideReadiness(checkReadiness);
  afterDrain("database", closeDb);
  try {
    warnOfSignInDomains();
    watchBusiness(await getDb());
    void startJobs();
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
