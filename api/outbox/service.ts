import { desc, eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { deliverMessage } from "./delivery";
import { mailTransport } from "./mailer";
import { smsTransport } from "./sms";
import type { EmailInput, OutboxMessage } from "~contract/system/outbox";
import { errorFields, logger } from "../logger";

export interface Enqueued {
  message: OutboxRow;
}

/**
 * Who delivers a message once it is written: the job runner (api/jobs/runner.ts) when it runs;
 * otherwise (tests, JOBS_ENABLED=false) this process, a moment later, outside the writer's
 * transaction.
 */
type DeliveryRequester = (id: string) => Promise<void>;
let requester: DeliveryRequester | null = null;
export function setDeliveryRequester(next: DeliveryRequester | null): void {
  requester = next;
}

/** Without a runner: tries after the writer's transaction has likely committed, then again. */
const FALLBACK_DELAYS_MS = [300, 2_000, 10_000];

/** Asks for a message to be delivered: by the job runner when it runs, else by this process shortly. */
export function deliverLater(id: string): void {
  const current = requester;
  if (current) {
    setTimeout(() => {
      current(id).catch((error: unknown) =>
        logger.error({ outboxId: id, err: errorFields(error) }, "delivery request failed"),
      );
    }, 0);
    return;
  }
  const attempt = (index: number) => {
    setTimeout(() => {
      void getDb()
        .then((db) => deliverMessage(db, id, { finalAttempt: true }))
        .then((outcome) => {
          if (outcome === "skipped" && index + 1 < FALLBACK_DELAYS_MS.length) attempt(index + 1);
        })
        .catch((error: unknown) => logger.error({ outboxId: id, err: errorFields(error) }, "delivery failed"));
    }, FALLBACK_DELAYS_MS[index]).unref();
  };
  attempt(0);
}

/**
 * Writes an email to the outbox — in the caller's transaction when it passes one, so the message
 * exists exactly when the change it announces does (a transactional outbox). With SMTP_URL it is
 * `pending` and delivered by a job (retried with backoff, then parked as `failed`); without, it
 * is `kept`: the dev mailbox shows it. Never waits for SMTP.
 */
export async function enqueueEmail(db: Db, input: EmailInput): Promise<Enqueued> {
  const transport = mailTransport();
  const [message] = await db
    .insert(outbox)
    .values({
      channel: "email",
      recipient: input.to.trim().toLowerCase(),
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html ?? null,
      attachments: input.attachments ?? [],
      kind: input.kind,
      meta: input.meta ?? {},
      senderName: input.senderName ?? null,
      status: transport ? "pending" : "kept",
    })
    .returning();
  if (transport) deliverLater(message.id);
  return { message };
}

/**
 * Writes a text message to the outbox (the SMS port), in the caller's transaction when it passes
 * one. With Twilio configured it is `pending` and delivered by a job like an email; without, it is
 * `kept` and readable in the dev outbox.
 */
export async function enqueueSms(
  db: Db,
  input: { to: string; text: string; kind: string; meta?: Record<string, unknown> },
): Promise<OutboxRow> {
  const [message] = await db
    .insert(outbox)
    .values({
      channel: "sms",
      recipient: input.to,
      subject: "",
      textBody: input.text,
      kind: input.kind,
      meta: input.meta ?? {},
      status: smsTransport() ? "pending" : "kept",
    })
    .returning();
  if (message.status === "pending") deliverLater(message.id);
  return message;
}

async function findRow(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
  return row;
}

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    textBody: row.textBody,
    htmlBody: row.htmlBody,
    senderName: row.senderName,
    attachments: row.attachments,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    kind: row.kind,
    meta: row.meta,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** Newest first, optionally for one recipient. */
export async function listOutbox(db: Db, options: { to?: string; limit: number }): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.to ? eq(outbox.recipient, options.to) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit);
  return rows.map(toOutboxMessage);
}

export async function getOutboxMessage(db: Db, id: string): Promise<OutboxMessage | null> {
  const row = await findRow(db, id);
  return row ? toOutboxMessage(row) : null;
}
