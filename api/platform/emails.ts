import type { EmailInput } from "~contract/system/outbox";
import type { OperatorApplicationRow } from "../db/schema";
import { composeEmail, platformBrand } from "../outbox/email-layout";

/** The applicant's news: their operator exists, they are its owner; the link opens its console. */
export function applicationApprovedEmail(input: {
  to: string;
  application: OperatorApplicationRow;
  /** The new storefront's origin. */
  origin: string;
}): EmailInput {
  const brand = platformBrand();
  const link = new URL("/console", input.origin).toString();
  return composeEmail({
    to: input.to,
    subject: `${input.application.businessName} is on ${brand.name}`,
    kind: "operator_application_approved",
    meta: { link, slug: input.application.slug, applicationId: input.application.id },
    brand,
    paragraphs: [
      ["Hello,"],
      [`Your application to sell on ${brand.name} is approved: ${input.application.businessName} has its storefront.`],
      [
        "You are its owner. Sign in to its console with this email address to add your experiences, their departures and your team.",
      ],
    ],
    action: { label: "Open your console", href: link, spellOut: true },
  });
}

/** The applicant's news: no, and why; they may apply again. */
export function applicationRejectedEmail(input: {
  to: string;
  application: OperatorApplicationRow;
  /** The marketplace's origin. */
  origin: string;
}): EmailInput {
  const brand = platformBrand();
  const link = new URL("/account", input.origin).toString();
  return composeEmail({
    to: input.to,
    subject: `Your application to sell on ${brand.name}`,
    kind: "operator_application_rejected",
    meta: { link, applicationId: input.application.id, reason: input.application.rejectionReason ?? "" },
    brand,
    paragraphs: [
      ["Hello,"],
      [`Thank you for applying to sell ${input.application.businessName}'s experiences on ${brand.name}.`],
      ["We cannot approve this application. The reason:"],
      (input.application.rejectionReason ?? "").split("\n"),
      ["You may send a new application once you have addressed it."],
    ],
    action: { label: "See your application", href: link },
  });
}
