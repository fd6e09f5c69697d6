import { INK, PLATFORM_COLORS, readableOnWhite } from "~contract/operator/colors";
import type { EmailInput } from "~contract/system/outbox";
import { getApiEnv } from "../env";
import { emailHtml } from "./email-html";
import type { EmailBrand, EmailParts } from "./email-parts";

/**
 * The one shape of every email the product sends: a text version and an HTML one from the same
 * parts, the sender's branding (the platform, or the operator for what was done on their
 * storefront), the action as a button, further links (a map), and — for anything not transactional — the unsubscribe link
 * in the body and in List-Unsubscribe.
 */

/** The address every email is sent from: SMTP_FROM's, whatever display name it goes under. */
export function senderAddress(): string {
  const from = getApiEnv().SMTP_FROM;
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

export function platformBrand(): EmailBrand {
  return { name: getApiEnv().PUBLIC_APP_NAME, color: PLATFORM_COLORS.primary, logoUrl: null, senderName: null };
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

const block = (lines: string[]) => lines.join("\n");

function textVersion(parts: EmailParts): string {
  const sections = [...(parts.heading ? [parts.heading] : []), ...parts.paragraphs.map(block)];
  if (parts.action) sections.push(`${parts.action.textLabel ?? parts.action.label}: ${parts.action.href}`);
  for (const link of parts.links ?? []) sections.push(`${link.label}: ${link.href}`);
  sections.push(...(parts.notes ?? []));
  if (parts.unsubscribe) sections.push(`Stop these emails: ${parts.unsubscribe.page}`);
  sections.push(`— ${parts.brand.name}`);
  return `${sections.join("\n\n")}\n`;
}

/** The outbox input of a message built from its parts. */
export function composeEmail(parts: EmailParts): EmailInput {
  return {
    to: parts.to,
    subject: parts.subject,
    text: textVersion(parts),
    html: emailHtml(parts),
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
