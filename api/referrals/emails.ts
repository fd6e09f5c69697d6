import type { EmailInput } from "~contract/system/outbox";
import { formatPercent } from "~contract/percent";
import { REFERRAL_REWARD_PERCENT } from "./service";
import { composeEmail, platformBrand } from "../outbox/email-layout";
import type { UnsubscribeLinks } from "../outbox/email-parts";

/** The inviter's reward: a promo code for their next booking (invitations are the platform's). */
export function referralRewardEmail(input: {
  to: string;
  firstName: string | null;
  code: string;
  origin: string;
  unsubscribe: UnsubscribeLinks;
}): EmailInput {
  const link = new URL("/", input.origin).toString();
  const brand = platformBrand();
  return composeEmail({
    to: input.to,
    subject: `Your invitation paid off: ${formatPercent(REFERRAL_REWARD_PERCENT)} off your next booking`,
    kind: "referral_rewarded",
    meta: { code: input.code, link },
    brand,
    paragraphs: [
      [input.firstName ? `Hello ${input.firstName},` : "Hello,"],
      [`A friend you invited to ${brand.name} has been on their trip. Thank you for spreading the word!`],
      [
        `Here is ${formatPercent(REFERRAL_REWARD_PERCENT)} off your next booking: use the code ${input.code} at checkout (valid for a year, once).`,
      ],
    ],
    action: { label: "Find your next experience", href: link },
    unsubscribe: input.unsubscribe,
  });
}
