import { z } from "zod";
import { said } from "../fields";
import type { OutboxAttachment } from "../statuses";
import type * as out from "../outputs";

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

const singleString = z.string({ invalid_type_error: said("param.single") });

export const devOutboxQuery = z.object({
  to: singleString.trim().toLowerCase().max(254, said("text.tooLong")).optional(),
  limit: singleString
    .trim()
    .regex(/^\d{1,3}$/, said("number.whole"))
    .transform(Number)
    .pipe(z.number().min(1, said("number.atLeast")).max(100, said("number.atMost")))
    .optional()
    .transform((value) => value ?? 20),
});

export const devOutboxParams = z.object({ id: z.string().uuid(said("messageId.invalid")) });
