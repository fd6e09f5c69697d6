import type { EmailBrand, EmailParts } from "../outbox/email-parts";

/** What each security event tells the user (security-events.ts sends it). */
export type SecurityAction =
  | "totp_enrolled"
  | "passkey_added"
  | "factor_removed"
  | "recovery_codes_made"
  | "recovery_code_used"
  | "second_step_locked"
  | "second_factor_reset";

export type SecurityEmailParts = Pick<EmailParts, "subject" | "paragraphs" | "notes">;

const NOT_YOU =
  "If this was not you, change your password now and check your two-step sign-in under Account → Security.";

/** The email of an event; `detail` holds its particulars (a passkey's name, the team's name). */
export function securityEmail(
  action: SecurityAction,
  detail: Record<string, string | null>,
  brand: EmailBrand,
): SecurityEmailParts {
  const hello = ["Hello,"];
  switch (action) {
    case "totp_enrolled":
      return {
        subject: "A new authenticator app was added",
        paragraphs: [
          hello,
          [`An authenticator app now gives the second step of signing in to your ${brand.name} account.`],
        ],
        notes: [NOT_YOU],
      };
    case "passkey_added":
      return {
        subject: "A new passkey was added",
        paragraphs: [
          hello,
          [`A passkey${detail.name ? ` named "${detail.name}"` : ""} was added to your ${brand.name} account.`],
        ],
        notes: [NOT_YOU],
      };
    case "factor_removed":
      return {
        subject: "A second factor was removed",
        paragraphs: [
          hello,
          [
            `${detail.factor === "totp" ? "The authenticator app" : `The passkey${detail.name ? ` "${detail.name}"` : ""}`} was removed from your ${brand.name} account.`,
          ],
        ],
        notes: [NOT_YOU],
      };
    case "recovery_codes_made":
      return {
        subject: "New recovery codes were made",
        paragraphs: [
          hello,
          [`New recovery codes were made for your ${brand.name} account; the old ones no longer work.`],
        ],
        notes: [NOT_YOU],
      };
    case "recovery_code_used":
      return {
        subject: "A recovery code was used",
        paragraphs: [
          hello,
          [
            `A recovery code was used to sign in to your ${brand.name} account. ${detail.left ?? "0"} of your recovery codes are left.`,
          ],
        ],
        notes: [NOT_YOU],
      };
    case "second_step_locked":
      return {
        subject: "Two-step sign-in locked",
        paragraphs: [
          hello,
          [
            `Too many wrong codes were given for the second step of signing in to your ${brand.name} account, so it is locked for ${detail.minutes ?? "15"} minutes.`,
          ],
        ],
        notes: [
          "Someone who knows your password may be trying to sign in: if it was not you, change your password now.",
        ],
      };
    case "second_factor_reset":
      return {
        subject: `Your two-step sign-in was reset by ${detail.team ?? "your team"}`,
        paragraphs: [
          hello,
          [
            `${detail.team ?? "Your team"}'s owner reset the two-step sign-in of your ${brand.name} account: your authenticator app, passkeys and recovery codes were removed. Set up a new one under Account → Security.`,
          ],
        ],
        notes: ["If you did not ask for this, contact the team's owner."],
      };
    default:
      return action satisfies never;
  }
}
