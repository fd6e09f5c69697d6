import { z } from "zod";
import type { OutboxAttachment } from "./statuses";
import type * as out from "./outputs";

export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /** The From display name (an operator's storefront messages); absent keeps SMTP_FROM's. */
  senderName?: string;
  /** What the message is, e.g. "auth_link", "password_reset". */
  kind: string;
  meta?: Record<string, unknown>;
}

/** An outbox message as the dev outbox shows it. */
export type OutboxMessage = z.infer<typeof out.outboxMessage>;

const singleString = z.string({ invalid_type_error: "Give this parameter only once." });

export const devOutboxQuery = z.object({
  to: singleString.trim().toLowerCase().max(254, "Use at most 254 characters.").optional(),
  limit: singleString
    .trim()
    .regex(/^\d{1,3}$/, "Must be a whole number.")
    .transform(Number)
    .pipe(z.number().min(1, "Must be at least 1.").max(100, "Must be at most 100."))
    .optional()
    .transform((value) => value ?? 20),
});

export const devOutboxParams = z.object({ id: z.string().uuid("Not a valid message id.") });
