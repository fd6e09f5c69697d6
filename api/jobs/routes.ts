import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { endpoints } from "~contract/endpoints";
import type { DevClock, DevJobs } from "~contract/system/jobs";
import { clockNow, clockOffsetMs, setClock, syncClock } from "../clock";
import { getDb, getOpenedDb } from "../db/client";
import { identityEnv } from "../env";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { devOnly } from "../outbox/routes";
import { runDueWorkNow, runningBoss, startJobs } from "./runner";
import { deliverDueWebhooks } from "../webhooks/delivery";

/**
 * On every request: the job runner is started with the first one (idempotent, not awaited), and
 * locally the test clock's offset is read again when another process may have moved it.
 */
export const jobsAndClock = createMiddleware<AppEnv>(async (_c, next) => {
  void startJobs();
  // A database that cannot be opened is the route's own 503 (or its 400 first): not this one's.
  if (!identityEnv.production)
    await getDb().then(
      (db) => syncClock(db),
      () => undefined,
    );
  await next();
});

function clockView(): DevClock {
  return { now: clockNow().toISOString(), offsetMinutes: Math.round(clockOffsetMs() / 60_000) };
}

export const devJobRoutes = new Hono<AppEnv>();
devJobRoutes.use("/dev/clock", devOnly());
devJobRoutes.use("/dev/jobs", devOnly());

handle(devJobRoutes, endpoints.devClock, async (c) => {
  await syncClock(c.get("db"), true);
  return clockView();
});

/** Moves the test clock forward and runs, here and now, whatever became due. */
handle(devJobRoutes, endpoints.moveDevClock, async (c, { body }) => {
  const db = c.get("db");
  await syncClock(db, true);
  const target = body.now ? new Date(body.now) : new Date(clockNow().getTime() + body.advanceMinutes! * 60_000);
  await setClock(db, target);
  const ran = await runDueWorkNow();
  // Webhook retries the move made due are sent too (their own queue's work, here and now).
  await deliverDueWebhooks(db);
  return { ...clockView(), ran };
});

interface CountRow {
  name: string;
  state: string;
  n: number;
}

handle(devJobRoutes, endpoints.devJobs, async () => {
  const boss = runningBoss();
  const view: DevJobs = { running: boss !== null, clock: clockView(), queues: [], recent: [] };
  const opened = await getOpenedDb();
  const exists = await opened.sql.executeSql("select to_regclass('pgboss.job') is not null as present");
  if ((exists.rows[0] as { present: boolean }).present) {
    const counts = (
      await opened.sql.executeSql(
        "select name, state::text as state, count(*)::int as n from pgboss.job group by name, state order by name",
      )
    ).rows as CountRow[];
    const byName = new Map<string, DevJobs["queues"][number]>();
    for (const row of counts) {
      const queue = byName.get(row.name) ?? {
        name: row.name,
        created: 0,
        retry: 0,
        active: 0,
        completed: 0,
        failed: 0,
      };
      if (row.state in queue) (queue as unknown as Record<string, number>)[row.state] += row.n;
      byName.set(row.name, queue);
    }
    view.queues = [...byName.values()];
    const recent = (
      await opened.sql.executeSql(
        `select id::text as id, name, state::text as state, retry_count as "retryCount", created_on as "createdOn",
                completed_on as "completedOn", output::text as output
         from pgboss.job order by created_on desc limit 30`,
      )
    ).rows as Array<
      Omit<DevJobs["recent"][number], "createdOn" | "completedOn"> & { createdOn: Date; completedOn: Date | null }
    >;
    view.recent = recent.map((job) => ({
      ...job,
      createdOn: new Date(job.createdOn).toISOString(),
      completedOn: job.completedOn ? new Date(job.completedOn).toISOString() : null,
      output: job.output ? job.output.slice(0, 500) : null,
    }));
  }
  return view;
});
