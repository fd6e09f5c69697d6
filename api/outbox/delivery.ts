import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { getApiEnv } from "../env";
import { errorFields, logger } from "../logger";
import { senderAddress } from "./email-layout";
import { mailTransport } from "./mailer";
import { smsTransport } from "./sms";

/** How long one delivery attempt owns a message before another may take it (a crash, a hang). */
const LEASE_SECONDS = 120;
/** A pending message older than this was not delivered by its own job: queue it again. */
const STRANDED_AFTER_SECONDS = 30;

export type DeliveryOutcome = "sent" | "retry" | "failed" | "skipped";

/**
 * Takes the message for one attempt: only a pending one, or one whose attempt crashed (its lease
 * ran out). A message already sent is never taken again, so a retried or duplicated job does not
 * send it twice.
 */
async function claim(db: Db, id: string): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      leaseUntil: sql`app_now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(
      and(
        eq(outbox.id, id),
        or(eq(outbox.status, "pending"), and(eq(outbox.status, "sending"), lt(outbox.leaseUntil, sql`app_now()`))),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * SMTP_FROM, or its address under the message's own display name (an operator's storefront
 * messages): the address stays ours, so SPF/DKIM keep passing.
 */
function senderOf(message: OutboxRow): string | { name: string; address: string } {
  if (!message.senderName) return getApiEnv().SMTP_FROM;
  return { name: message.senderName, address: senderAddress() };
}

/**
 * One delivery attempt of an email (SMTP_URL): `sent`; `retry` (back to pending, the job is
 * retried with backoff); on the last attempt `failed` (parked, visible in the dev outbox and the
 * jobs page). `skipped` when there was nothing to send (sent already, or not committed yet).
 */
export async function deliverMessage(db: Db, id: string, options: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  const transport = mailTransport();
  const sms = smsTransport();
  if (!transport && !sms) return "skipped";
  const message = await claim(db, id);
  if (!message) return "skipped";
  try {
    if (message.channel === "sms") {
      if (!sms) throw new Error("no SMS provider is configured");
      await sms.send({ to: message.recipient, body: message.textBody });
    } else {
      if (!transport) throw new Error("no mail transport is configured");
      await transport.sendMail({
        from: senderOf(message),
        to: message.recipient,
        subject: message.subject,
        text: message.textBody,
        ...(message.htmlBody ? { html: message.htmlBody } : {}),
        attachments: message.attachments.map((file) => ({
          filename: file.name,
          contentType: file.contentType,
          content: file.content,
          encoding: "base64" as const,
        })),
        // The same id on every attempt: a receiving server may drop a copy it already has.
        messageId: `<${message.id}@wayfarer.outbox>`,
        ...(typeof message.meta.listUnsubscribe === "string"
          ? {
              list: { unsubscribe: message.meta.listUnsubscribe },
              // RFC 8058: mail clients may unsubscribe in one click (a POST to that address).
              headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
            }
          : {}),
      });
    }
    await db
      .update(outbox)
      .set({ status: "sent", sentAt: sql`app_now()`, lastError: null, leaseUntil: null })
      .where(eq(outbox.id, id));
    return "sent";
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    logger.warn({ outboxId: id, attempt: message.attempts, err: errorFields(error) }, "message delivery failed");
    const status = options.finalAttempt ? "failed" : "pending";
    await db.update(outbox).set({ status, lastError: text, leaseUntil: null }).where(eq(outbox.id, id));
    return options.finalAttempt ? "failed" : "retry";
  }
}

/**
 * Emails whose delivery job never ran or whose attempt died with its process: pending for a
 * while, or sending past their lease. The due work queues them again.
 */
export async function requeueUndelivered(db: Db): Promise<string[]> {
  if (!mailTransport() && !smsTransport()) return [];
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        or(
          and(
            eq(outbox.status, "pending"),
            lt(outbox.createdAt, sql`app_now() - make_interval(secs => ${STRANDED_AFTER_SECONDS})`),
          ),
          and(eq(outbox.status, "sending"), lt(outbox.leaseUntil, sql`app_now()`)),
        ),
      ),
    )
    .limit(200);
  return rows.map((row) => row.id);
}
