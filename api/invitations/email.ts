import type { EmailInput } from "~contract/system/outbox";
import type { OperatorRole } from "~contract/operator/team";
import type { AccountRow } from "../db/schema";
import { composeEmail, operatorBrand } from "../outbox/email-layout";

const ROLE_WORDS: Record<OperatorRole, string> = {
  owner: "an owner",
  manager: "a manager",
  guide: "a guide",
};

/** The invitation to an operator's team: a single-use link to the console on their storefront. */
export function invitationEmail(input: {
  to: string;
  account: AccountRow;
  role: OperatorRole;
  link: string;
  origin: string;
  days: number;
}): EmailInput {
  return composeEmail({
    to: input.to,
    subject: `You are invited to join ${input.account.name}'s team`,
    kind: "operator_invitation",
    meta: { link: input.link, role: input.role, account: input.account.slug },
    brand: operatorBrand(input.account, input.origin),
    paragraphs: [
      ["Hello,"],
      [`You are invited to join ${input.account.name}'s team as ${ROLE_WORDS[input.role]}.`],
      [
        `Sign in (or create an account) with this email address, then accept the invitation. The link works once, for ${input.days} days.`,
      ],
    ],
    action: { label: "Accept the invitation", href: input.link },
  });
}
