import type { OutboxAttachment } from "~contract/statuses";

/** What the dev mailbox lists of an attachment (its content stays on the server). */
export interface AttachmentSummary {
  name: string;
  contentType: string;
  size: number;
}

/** The decoded size of a base64 attachment, in bytes. */
export function base64Size(content: string): number {
  const clean = content.replace(/\s/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

export function summarizeAttachment(file: OutboxAttachment): AttachmentSummary {
  return { name: file.name, contentType: file.contentType, size: base64Size(file.content) };
}

/** The dev mailbox's download address of a message's attachment. */
export const attachmentHref = (messageId: string, index: number) => `/dev/mailbox/${messageId}/attachments/${index}`;

/**
 * Content-Disposition for a download of a file by its (sender-chosen) name: an ASCII fallback
 * without quotes, backslashes, control characters or path separators, and the name itself in
 * RFC 5987 form.
 */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function downloadDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/]/g, "_").trim() || "attachment";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
