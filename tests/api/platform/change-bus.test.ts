import { seedDbForThisFile } from "../../support/api";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { openChangeBus, type ChangeBus } from "~api/changes/bus";
import { LISTENER_NAME } from "~api/changes/postgres-bus";
import type { ChangeTopic } from "~contract/system/changes";
import { stretched } from "../../support/time-limits";

/**
 * The bus between the API's processes (api/changes/bus.ts) on a real PostgreSQL (LISTEN/NOTIFY)
 * and a real Redis (pub/sub): two buses with two process ids stand for two processes.
 */
const { db } = seedDbForThisFile();

/** Where a bus is: PostgreSQL or Redis (with this file's key prefix, tests/support/database-per-file.ts). */
type BusEnv = { DATABASE_URL?: string; REDIS_URL?: string; REDIS_KEY_PREFIX?: string };

/** A bus as one process has it, with what it heard. */
function processOnBus(env: BusEnv, id: string) {
  const heard: ChangeTopic[][] = [];
  let missed = 0;
  const bus = openChangeBus({ changed: (topics) => heard.push(topics), missed: () => missed++ }, env, id);
  opened.push(bus);
  return { bus, heard, missed: () => missed };
}
const opened: ChangeBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

async function until(condition: () => boolean, ms: number): Promise<number> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

/** Cuts every connection the bus listens on; it must open them again by itself. */
type Cut = () => Promise<void>;

function busTests(env: BusEnv, cut: Cut) {
  it("another process hears a change at once; the one that announced it ignores its echo", async () => {
    const [a, b] = [processOnBus(env, "a"), processOnBus(env, "b")];
    await Promise.all([a.bus.listen(), b.bus.listen()]);
    a.bus.publish(["seats"]);
    const elapsed = await until(() => b.heard.length > 0, stretched(1_000));
    console.log(JSON.stringify({ bus: env.REDIS_URL ? "redis" : "postgres", heardInMs: Math.round(elapsed) }));
    expect(b.heard).toEqual([["seats"]]);
    b.bus.publish(["catalog", "user"]);
    await until(() => a.heard.length > 0, stretched(1_000));
    expect(a.heard).toEqual([["catalog", "user"]]);
    expect(b.heard).toEqual([["seats"]]);
  });

  it("a listening connection that drops is opened again, and says that something may have been missed", async () => {
    const [a, b] = [processOnBus(env, "a"), processOnBus(env, "b")];
    await b.bus.listen();
    expect(b.missed()).toBe(1);
    await cut();
    await until(() => b.missed() === 2, stretched(10_000));
    a.bus.publish(["catalog"]);
    await until(() => b.heard.length > 0, stretched(1_000));
    expect(b.heard).toEqual([["catalog"]]);
  });
}

describe.skipIf(!process.env.DATABASE_URL)("the change bus on PostgreSQL (LISTEN/NOTIFY)", () => {
  busTests({ DATABASE_URL: process.env.DATABASE_URL }, async () => {
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
  });
});

describe.skipIf(!process.env.REDIS_URL)("the change bus on Redis (pub/sub)", () => {
  const env = { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX };
  busTests(env, async () => {
    const admin = new Redis(process.env.REDIS_URL!);
    try {
      // This file's listeners only (by their name): other files side by side keep theirs.
      const name = `${(env.REDIS_KEY_PREFIX ?? "wf:").replace(/[^A-Za-z0-9_.-]/g, "_")}changes`;
      const clients = String(await admin.call("CLIENT", "LIST", "TYPE", "pubsub")).split("\n");
      for (const line of clients.filter((client) => client.includes(` name=${name} `)))
        await admin.call("CLIENT", "KILL", "ID", /id=(\d+)/.exec(line)![1]);
    } finally {
      await admin.quit();
    }
  });

  it("another deployment on the same Redis (another REDIS_KEY_PREFIX) is not heard", async () => {
    const ours = processOnBus(env, "a");
    const theirs = processOnBus({ ...env, REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX ?? "wf:"}staging:` }, "b");
    const neighbour = processOnBus(env, "c");
    await Promise.all([ours.bus.listen(), theirs.bus.listen(), neighbour.bus.listen()]);
    theirs.bus.publish(["seats"]);
    ours.bus.publish(["catalog"]);
    await until(() => neighbour.heard.length > 0, stretched(1_000));
    // Published after theirs on the same server: had theirs reached us, it would be here already.
    expect(neighbour.heard).toEqual([["catalog"]]);
    expect(ours.heard).toEqual([]);
    expect(theirs.heard).toEqual([]);
  });
});
