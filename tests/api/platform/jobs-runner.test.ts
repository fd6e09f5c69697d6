import "../../support/env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOpenedDb } from "~api/db/client";
import { runningBoss, startJobs, stopJobs } from "~api/jobs/runner";
import { deliverMessage } from "~api/outbox/delivery";
import { setMailTransportForTests, type MailTransport } from "~api/outbox/mailer";
import { enqueueEmail } from "~api/outbox/service";
import { seedDbForThisFile } from "../../support/api";
import { uniqueEmail } from "../../support/identity";
import { v1 } from "../../support/client";
import { stretched } from "../../support/time-limits";

const { db } = seedDbForThisFile();
const sent: Array<Parameters<MailTransport["sendMail"]>[0]> = [];
let failing = false;

beforeAll(async () => {
  setMailTransportForTests({
    sendMail: async (message) => {
      if (failing) throw new Error("451 try later");
      sent.push(message);
    },
  });
  process.env.JOBS_ENABLED = "true";
  expect(await startJobs()).not.toBeNull();
}, stretched(60_000));

afterAll(async () => {
  await stopJobs();
  delete process.env.JOBS_ENABLED;
  setMailTransportForTests(undefined);
});

async function outboxRow(id: string) {
  return (await v1.devOutboxMessage({ params: { id } })).body.data;
}

describe("the job runner on the embedded database (pg-boss)", () => {
  it("delivers a message written in a transaction through a job, once", async () => {
    const to = uniqueEmail("runner");
    const { message } = await db().transaction((tx) =>
      enqueueEmail(tx, { to, subject: "Hi", text: "hello", kind: "test" }),
    );
    let row = await outboxRow(message.id);
    for (let i = 0; i < 100 && row.status !== "sent"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await outboxRow(message.id);
    }
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    // Asking again (a duplicate or retried job) sends nothing more.
    expect(await deliverMessage(db(), message.id, { finalAttempt: false })).toBe("skipped");
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);

    const opened = await getOpenedDb();
    const jobs = await opened.sql.executeSql(
      "select state::text as state from pgboss.job where name = 'outbox-deliver' and data->>'id' = $1",
      [message.id],
    );
    expect(jobs.rows).toEqual([{ state: "completed" }]);
  });

  it("puts a failed attempt back for a retry, then parks the message after the last", async () => {
    failing = true;
    try {
      const { message } = await enqueueEmail(db(), { to: uniqueEmail("park"), subject: "x", text: "y", kind: "test" });
      // Taken by the runner's job at once, or by us: either way the attempts are counted.
      const first = await deliverMessage(db(), message.id, { finalAttempt: false });
      expect(["retry", "skipped"]).toContain(first);
      let row = await outboxRow(message.id);
      for (let i = 0; i < 50 && row.status === "sending"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await outboxRow(message.id);
      }
      expect(row).toMatchObject({ status: "pending", lastError: "451 try later" });
      expect(await deliverMessage(db(), message.id, { finalAttempt: true })).toBe("failed");
      expect(await outboxRow(message.id)).toMatchObject({ status: "failed", lastError: "451 try later" });
    } finally {
      failing = false;
    }
  });

  it("shows its queues on the dev jobs endpoint", async () => {
    expect(runningBoss()).not.toBeNull();
    const view = await v1.devJobs();
    expect(view.status).toBe(200);
    expect(view.body.data.running).toBe(true);
    expect(view.body.data.queues.map((queue: { name: string }) => queue.name)).toContain("outbox-deliver");
    expect(view.body.data.recent.length).toBeGreaterThan(0);
  });
});
