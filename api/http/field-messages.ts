import type { z } from "zod";
import type { FieldMessageCode } from "~contract/fields";

/**
 * The English of each field rule's message code (contract/fields.ts), as the error envelope
 * writes it. `{minimum}` and `{maximum}` are the bounds the failing check names.
 */
export const FIELD_MESSAGES: Record<FieldMessageCode, string> = {
  "email.required": "Enter an email address.",
  "email.invalid": "Enter a valid email address.",
  "password.required": "Enter a password.",
  "password.tooShort": "Use at least {minimum} characters.",
  "password.tooLong": "Use at most {maximum} characters.",
  "password.lowercase": "Include a lowercase letter.",
  "password.uppercase": "Include an uppercase letter.",
  "password.numeric": "Include a number.",
  "password.symbol": "Include a symbol.",
  "firstName.required": "Enter a first name.",
  "lastName.required": "Enter a last name.",
  "phone.required": "Enter a phone number.",
  "phone.invalid": "Use +1 followed by 10 digits.",
  "address.required": "Enter an address.",
  "city.required": "Enter a city.",
  "region.invalid": "Enter a region.",
  "zipcode.invalid": "Use letters, digits, spaces and hyphens (at most 15).",
  "country.invalid": "Choose a country.",
  "code.invalid": "Enter the 6-digit code.",
  "signedName.required": "Type your full name.",
  "signedName.tooShort": "Use at least {minimum} characters.",
  "text.tooLong": "Use at most {maximum} characters.",
  "text.invalid": "Remove the line breaks and control characters.",
};

/** An issue's message in English: a field rule's code in words, any other message as it is. */
export function fieldMessage(issue: z.ZodIssue): string {
  if (!Object.hasOwn(FIELD_MESSAGES, issue.message)) return issue.message;
  const bounds: Record<string, unknown> = {
    minimum: issue.code === "too_small" ? issue.minimum : undefined,
    maximum: issue.code === "too_big" ? issue.maximum : undefined,
  };
  return FIELD_MESSAGES[issue.message as FieldMessageCode].replace(/\{(minimum|maximum)\}/g, (_, name: string) =>
    String(bounds[name]),
  );
}
