import { INK, readableOnWhite, textOn } from "~contract/colors";
import type { EmailInput } from "~contract/outbox";
import { escapeMarkup } from "~contract/text";
import type { OutboxAttachment } from "../db/schema";
import { getApiEnv } from "../env";

/**
 * The one shape of every email the product sends: a text version and an HTML one from the same
 * parts, the sender's branding (the platform, or the operator for what was done on their
 * storefront), the action as a button, and — for anything not transactional — the unsubscribe link
 * in the body and in List-Unsubscribe.
 */

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

const PLATFORM_COLOR = "#1d4ed8";

export function platformBrand(): EmailBrand {
  return { name: getApiEnv().PUBLIC_APP_NAME, color: PLATFORM_COLOR, logoUrl: null, senderName: null };
}

/** An operator's branding, for messages about what was done on their storefront (account mode). */
export function operatorBrand(
  account: { name: string; logoUrl: string | null; primaryColor: string; inkColor: string },
  origin: string,
): EmailBrand {
  return {
    name: account.name,
    color: readableOnWhite(account.primaryColor, readableOnWhite(account.inkColor, INK)),
    logoUrl: account.logoUrl ? new URL(account.logoUrl, origin).toString() : null,
    senderName: account.name,
  };
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
  /** Paragraphs, each a list of lines. */
  paragraphs: string[][];
  /** The button; `textLabel` replaces its label in the text version; `spellOut` prints the address under it. */
  action?: { label: string; href: string; textLabel?: string; spellOut?: boolean };
  /** Small print after the button. */
  notes?: string[];
  /** Only for messages that are not transactional. */
  unsubscribe?: UnsubscribeLinks | null;
  attachments?: OutboxAttachment[];
}

const block = (lines: string[]) => lines.join("\n");

function textVersion(parts: EmailParts): string {
  const sections = parts.paragraphs.map(block);
  if (parts.action) sections.push(`${parts.action.textLabel ?? parts.action.label}: ${parts.action.href}`);
  sections.push(...(parts.notes ?? []));
  if (parts.unsubscribe) sections.push(`Stop these emails: ${parts.unsubscribe.page}`);
  sections.push(`— ${parts.brand.name}`);
  return `${sections.join("\n\n")}\n`;
}

function header(brand: EmailBrand): string {
  const name = `<span style="font-size: 18px; font-weight: 700; color: ${INK};">${escapeMarkup(brand.name)}</span>`;
  const logo = brand.logoUrl
    ? `<img src="${escapeMarkup(brand.logoUrl)}" alt="" width="32" height="32" style="vertical-align: middle; margin-right: 8px; border-radius: 8px;">`
    : "";
  return `<p style="margin: 0 0 24px;">${logo}${name}</p>`;
}

function htmlVersion(parts: EmailParts): string {
  const { brand, action } = parts;
  const out = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeMarkup(parts.subject)}</title></head>`,
    `<body style="margin: 0; padding: 24px; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 16px; line-height: 1.5; color: ${INK}; background: #ffffff;">`,
    header(brand),
    ...parts.paragraphs.map((lines) => `<p>${lines.map(escapeMarkup).join("<br>")}</p>`),
  ];
  if (action) {
    const href = escapeMarkup(action.href);
    out.push(
      `<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: ${brand.color}; color: ${textOn(brand.color)}; text-decoration: none; border-radius: 6px; font-weight: 600;">${escapeMarkup(action.label)}</a></p>`,
    );
    if (action.spellOut)
      out.push(`<p style="font-size: 14px; color: #475569;">Or paste this address into your browser:<br>${href}</p>`);
  }
  out.push(
    ...(parts.notes ?? []).map((note) => `<p style="font-size: 14px; color: #475569;">${escapeMarkup(note)}</p>`),
  );
  const footer = [`Sent by ${escapeMarkup(brand.name)}.`];
  if (parts.unsubscribe)
    footer.push(
      `<a href="${escapeMarkup(parts.unsubscribe.page)}" style="color: #475569;">Unsubscribe from these emails</a>`,
    );
  out.push(`<p style="margin-top: 32px; font-size: 12px; color: #475569;">${footer.join(" ")}</p>`, "</body></html>");
  return out.join("\n");
}

/** The outbox input of a message built from its parts. */
export function composeEmail(parts: EmailParts): EmailInput {
  return {
    to: parts.to,
    subject: parts.subject,
    text: textVersion(parts),
    html: htmlVersion(parts),
    ...(parts.attachments ? { attachments: parts.attachments } : {}),
    ...(parts.brand.senderName ? { senderName: parts.brand.senderName } : {}),
    kind: parts.kind,
    meta: {
      ...parts.meta,
      ...(parts.unsubscribe
        ? { unsubscribeUrl: parts.unsubscribe.page, listUnsubscribe: parts.unsubscribe.oneClick }
        : {}),
    },
  };
}
