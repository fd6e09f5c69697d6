/** What an email is made of: email-layout.ts makes its text version and sends it, email-html.tsx draws it. */
import type { OutboxAttachment } from "../db/schema";

export interface EmailBrand {
  /** Named at the top and at the bottom of the message. */
  name: string;
  /** Buttons and links: readable on white (4.5:1). */
  color: string;
  /** Absolute address of the logo, or null. */
  logoUrl: string | null;
  /** The From display name; null keeps SMTP_FROM's. */
  senderName: string | null;
}

/** A message's unsubscribe page (web) and its one-click POST address (API, RFC 8058). */
export interface UnsubscribeLinks {
  page: string;
  oneClick: string;
}

export interface EmailParts {
  to: string;
  subject: string;
  kind: string;
  meta?: Record<string, unknown>;
  brand: EmailBrand;
  /** The message's title above its paragraphs (an h1; the text version's first line), when it has one. */
  heading?: string;
  /** Paragraphs, each a list of lines. */
  paragraphs: string[][];
  /** The button; `textLabel` replaces its label in the text version; `spellOut` prints the address under it. */
  action?: { label: string; href: string; textLabel?: string; spellOut?: boolean };
  /** Further links after the button, e.g. the meeting point's map: "label: href" in the text version. */
  links?: { label: string; href: string }[];
  /** The line mail clients show after the subject in the inbox; the subject by default. */
  preview?: string;
  /** Small print after the button. */
  notes?: string[];
  /** Only for messages that are not transactional. */
  unsubscribe?: UnsubscribeLinks | null;
  attachments?: OutboxAttachment[];
}
