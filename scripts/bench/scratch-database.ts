import pg from "pg";

/**
 * A scratch database beside `baseUrl`'s (`<name>_<suffix>`), so a bench never touches real data:
 * created afresh, or reused when `keep` and it exists (for EXPLAIN). DATABASE_URL then points at
 * it, with the seed on start, the jobs off and quiet logs. `close()` drops it (unless `keep`).
 */
export async function openScratchDatabase(baseUrl: string, suffix: string, keep: boolean) {
  const scratch = new URL(baseUrl);
  const scratchName = `${scratch.pathname.slice(1) || "postgres"}_${suffix}`;
  scratch.pathname = `/${scratchName}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [scratchName])).rowCount === 1;
  if (!keep || !exists) {
    await admin.query(`drop database if exists "${scratchName}"`);
    await admin.query(`create database "${scratchName}"`);
  }

  process.env.DATABASE_URL = scratch.toString();
  process.env.SEED_ON_START = "true";
  process.env.JOBS_ENABLED = "false";
  process.env.LOG_LEVEL ??= "warn";

  return {
    async close() {
      if (!keep) await admin.query(`drop database if exists "${scratchName}" with (force)`);
      await admin.end();
    },
  };
}
