import type { EmailInput } from "~contract/outbox";
import { escapeHtml } from "../auth/emails";

/** The inviter's reward: a promo code for their next booking. */
export function referralRewardEmail(input: {
  to: string;
  firstName: string | null;
  code: string;
  origin: string;
}): EmailInput {
  const link = new URL("/", input.origin).toString();
  const hello = input.firstName ? `Hello ${input.firstName},` : "Hello,";
  const lines = [
    hello,
    "A friend you invited to Wayfarer has been on their trip. Thank you for spreading the word!",
    `Here is 10 % off your next booking: use the code ${input.code} at checkout (valid for a year, once).`,
  ];
  return {
    to: input.to,
    subject: "Your invitation paid off: 10 % off your next booking",
    text: `${lines.join("\n\n")}\n\nFind your next experience: ${link}\n`,
    html: [
      "<!doctype html>",
      '<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #0f172a;">',
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Find your next experience</a></p>`,
      "</body></html>",
    ].join("\n"),
    kind: "referral_rewarded",
    meta: { code: input.code, link },
  };
}
