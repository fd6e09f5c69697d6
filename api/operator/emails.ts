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

/**
 * To a member whose second factors an owner of `account` removed (issue 43): they sign in with
 * their password alone until they set up two-step sign-in again (which the team may require).
 */
export function secondFactorResetEmail(input: { to: string; account: AccountRow; origin: string }): EmailInput {
  const link = new URL("/account/security", input.origin).toString();
  return composeEmail({
    to: input.to,
    subject: `Your two-step sign-in was reset by ${input.account.name}`,
    kind: "second_factor_reset",
    meta: { link, account: input.account.slug },
    brand: operatorBrand(input.account, input.origin),
    paragraphs: [
      ["Hello,"],
      [
        `An owner of ${input.account.name}'s team reset your two-step sign-in: your authenticator app, passkeys and recovery codes no longer work.`,
      ],
      [
        input.account.requireTwoStep
          ? `${input.account.name} requires two-step sign-in: set it up again before you use the console.`
          : "Set up two-step sign-in again to keep your account safe.",
      ],
    ],
    action: { label: "Set up two-step sign-in", href: link },
    notes: ["If you did not ask for this, reply to this email or contact the team's owner at once."],
  });
}
