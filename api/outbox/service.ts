import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { getApiEnv } from "../env";
import { mailTransport } from "./mailer";
import type { EmailInput, OutboxMessage } from "~contract/outbox";
import { errorFields, logger } from "../logger";

export interface Enqueued {
  message: OutboxRow;
  /**
   * Settles when the delivery attempt is over, with the row as it then is (status `sent` or
   * `failed`; the same row at once when it was `kept`). Never rejects.
   */
  delivery: Promise<OutboxRow>;
}

/**
 * Stores an email in the outbox, then, when a transport is configured (SMTP_URL), starts
 * delivering it without waiting: the caller's answer neither waits for SMTP nor fails
 * with it. Without a transport the message is stored as `kept` (read it in the dev outbox).
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
      status: transport ? "pending" : "kept",
    })
    .returning();
  const delivery = transport
    ? deliverEmail(db, message.id).catch((error: unknown) => {
        // Nobody awaits this promise in a request: it must never reject.
        logger.error({ outboxId: message.id, err: errorFields(error) }, "email delivery crashed");
        return message;
      })
    : Promise.resolve(message);
  return { message, delivery };
}

/**
 * Stores a text message in the outbox. No SMS provider is wired yet: the message is `kept` and
 * readable in the dev outbox (locally, and by the tests), like an email without SMTP.
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
      status: "kept",
    })
    .returning();
  return message;
}

/** One delivery attempt of a pending or failed email; records the outcome on the row. */
export async function deliverEmail(db: Db, id: string): Promise<OutboxRow> {
  const transport = mailTransport();
  const [claimed] = await db
    .update(outbox)
    .set({ status: "pending" })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"])))
    .returning()
    .catch(logAndReturn([] as OutboxRow[], id));
  if (!claimed) {
    const row = await findRow(db, id);
    if (!row) throw new Error(`outbox message ${id} not found`);
    return row;
  }
  if (!transport) return claimed;
  try {
    await transport.sendMail({
      from: getApiEnv().SMTP_FROM,
      to: claimed.recipient,
      subject: claimed.subject,
      text: claimed.textBody,
      ...(claimed.htmlBody ? { html: claimed.htmlBody } : {}),
      attachments: claimed.attachments.map((file) => ({
        filename: file.name,
        contentType: file.contentType,
        content: file.content,
        encoding: "base64" as const,
      })),
    });
    return await record(db, id, {
      status: "sent",
      attempts: claimed.attempts + 1,
      lastError: null,
      sentAt: new Date(),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ outboxId: id, error: message }, "email delivery failed");
    return await record(db, id, {
      status: "failed",
      attempts: claimed.attempts + 1,
      lastError: message.slice(0, 1000),
    });
  }
}

async function record(db: Db, id: string, values: Partial<typeof outbox.$inferInsert>): Promise<OutboxRow> {
  const [row] = await db
    .update(outbox)
    .set(values)
    .where(eq(outbox.id, id))
    .returning()
    .catch(logAndReturn([] as OutboxRow[], id));
  return row;
}

function logAndReturn<T>(fallback: T, id: string) {
  return (error: unknown) => {
    logger.error({ outboxId: id, err: errorFields(error) }, "outbox update failed");
    return fallback;
  };
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
