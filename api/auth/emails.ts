import type { EmailBrand, EmailParts } from "../outbox/email-parts";

/** The emails the auth endpoints send: the parts the email layout turns into text and HTML. */
export type AuthEmailParts = Pick<EmailParts, "subject" | "paragraphs" | "action" | "notes">;

export function signInLinkEmail(link: string, brand: EmailBrand): AuthEmailParts {
  return {
    subject: "Your sign-in link",
    paragraphs: [["Hello,"], [`Use the link below to sign in to ${brand.name}.`]],
    action: { label: `Sign in to ${brand.name}`, textLabel: "Sign in", href: link, spellOut: true },
    notes: [
      "The link works once. If you did not ask for it, you can ignore this email: nobody can sign in without it.",
    ],
  };
}

export function passwordResetEmail(link: string, brand: EmailBrand): AuthEmailParts {
  return {
    subject: "Reset your password",
    paragraphs: [
      ["Hello,"],
      [`Someone asked to reset the password of your ${brand.name} account. Use the link below to choose a new one.`],
    ],
    action: { label: "Choose a new password", href: link, spellOut: true },
    notes: ["The link works once. If you did not ask for it, you can ignore this email: your password stays the same."],
  };
}
