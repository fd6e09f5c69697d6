import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~api/db/schema";
import { seedDbForThisFile } from "../../support/api";
import { uniqueEmail, withEmulatorUsers } from "../../support/identity";
import { startAppProcess, stopAppProcesses, type AppProcess } from "../../support/app-processes";
import { v1Path } from "../../support/client";
import { stretched } from "../../support/time-limits";

/**
 * A process killed (SIGKILL) in the middle of an SMTP delivery: after a restart the message is
 * delivered once. The mail server stands in for SMTP (smtp-server): it never answers the first
 * message's data, so that delivery is in flight when its process dies, and accepts the next.
 * PostgreSQL only (two processes on one database).
 */
describe.skipIf(!process.env.DATABASE_URL)("delivery across a crash (PostgreSQL)", () => {
  const { db } = seedDbForThisFile();
  withEmulatorUsers();
  const accepted: string[] = [];
  let dataSeen = 0;
  let smtp: SMTPServer;
  let port = 0;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // Closing waits this long at most for connections left open (the one the killed process had).
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        dataSeen++;
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString()));
        stream.on("end", () => {
          // The first message: no answer, ever (the sending process dies waiting).
          if (dataSeen === 1) return;
          accepted.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await stopAppProcesses(processes);
    await Promise.race([
      new Promise<void>((resolve) => smtp.close(() => resolve())),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });

  it(
    "killed mid-delivery, then restarted: the message is sent once",
    async () => {
      const env = { JOBS_ENABLED: "true", SMTP_URL: `smtp://127.0.0.1:${port}`, AUTH_EMAIL_LIMIT_PER_IP: "1000" };
      const first = await startAppProcess(env);
      processes.push(first);
      const email = uniqueEmail("crash");
      const asked = await fetch(`${first.url}${v1Path("sendAuthLink")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(200);
      for (let i = 0; i < 100 && dataSeen === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(dataSeen).toBe(1);
      const [inFlight] = await db().select().from(outbox).where(eq(outbox.recipient, email));
      expect(inFlight.status).toBe("sending");
      const exited = new Promise((resolve) => first.child.once("exit", resolve));
      first.child.kill("SIGKILL");
      await exited;
      // Gone: nothing to stop at the end (a killed child has no exit code to wait for).
      processes.splice(processes.indexOf(first), 1);

      const second = await startAppProcess(env);
      processes.push(second);
      // The dead attempt's lease (2 minutes) runs out on the test clock; the due work queues it again.
      const moved = await fetch(`${second.url}${v1Path("moveDevClock")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ advanceMinutes: 3 }),
      });
      expect(moved.status).toBe(200);
      let row = inFlight;
      for (let i = 0; i < 150 && row.status !== "sent"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        [row] = await db().select().from(outbox).where(eq(outbox.id, inFlight.id));
      }
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(accepted.filter((text) => text.includes(email))).toHaveLength(1);
    },
    stretched(60_000),
  );
});
