import type { EmailInput } from "~contract/system/outbox";
import type { AccountRow } from "../db/schema";
import { composeEmail, operatorBrand, platformBrand } from "../outbox/email-layout";
import type { UnsubscribeLinks } from "../outbox/email-parts";

/** The one reminder of a booking left unfinished: back to the experience, seats were left when sent. */
export function checkoutReminderEmail(input: {
  to: string;
  firstName: string | null;
  experienceTitle: string;
  link: string;
  origin: string;
  /** The operator, when the visit was on their storefront (their branding); else the platform's. */
  operator: AccountRow | null;
  unsubscribe: UnsubscribeLinks;
}): EmailInput {
  const brand = input.operator ? operatorBrand(input.operator, input.origin) : platformBrand();
  return composeEmail({
    to: input.to,
    subject: `Still thinking about ${input.experienceTitle}?`,
    kind: "checkout_reminder",
    meta: { link: input.link },
    brand,
    paragraphs: [
      [input.firstName ? `Hello ${input.firstName},` : "Hello,"],
      [
        `You were about to book ${input.experienceTitle}. There are still seats left, but we cannot hold them for you: they go to whoever books first.`,
      ],
    ],
    action: { label: "Pick up where you left off", href: input.link },
    notes: ["We send this once. You get it because you allowed news and offers by email."],
    unsubscribe: input.unsubscribe,
  });
}
