import { createTransport } from "nodemailer";
import { getApiEnv } from "../env";

/** What the outbox needs from a mail transport (a nodemailer Transporter fits). */
export interface MailTransport {
  sendMail(message: {
    from: string | { name: string; address: string };
    to: string;
    subject: string;
    text: string;
    html?: string;
    attachments?: { filename: string; contentType: string; content: string; encoding: "base64" }[];
    messageId?: string;
    /** List-Unsubscribe (nodemailer's `list` option). */
    list?: { unsubscribe: string };
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

let cached: MailTransport | null | undefined;
let override: MailTransport | null | undefined;

/** The SMTP transport from SMTP_URL, or null when it is unset (messages are then kept). */
export function mailTransport(): MailTransport | null {
  if (override !== undefined) return override;
  if (cached === undefined) {
    const url = getApiEnv().SMTP_URL;
    cached = url
      ? createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
      : null;
  }
  return cached;
}

/** Tests: use this transport instead of SMTP_URL (null = none; undefined = back to SMTP_URL). */
export function setMailTransportForTests(transport: MailTransport | null | undefined): void {
  override = transport;
}
