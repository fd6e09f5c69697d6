import { z } from "zod";
import type { PasswordPolicy } from "~/features/auth/password-policy";

/**
 * Form schemas shared by the sign-in forms (conform, in the browser) and their actions.
 * Messages are locale keys, translated where they are shown.
 */
export const emailField = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .toLowerCase()
  .max(254, "validation.emailInvalid")
  .email("validation.emailInvalid");

export function passwordField(policy: PasswordPolicy) {
  let schema = z
    .string({ required_error: "validation.passwordRequired" })
    .min(policy.minLength, "validation.passwordTooShort")
    .max(policy.maxLength, "validation.passwordTooLong");
  if (policy.requireLowercase) schema = schema.regex(/[a-z]/, "validation.passwordLowercase");
  if (policy.requireUppercase) schema = schema.regex(/[A-Z]/, "validation.passwordUppercase");
  if (policy.requireNumeric) schema = schema.regex(/\d/, "validation.passwordNumeric");
  if (policy.requireNonAlphanumeric) schema = schema.regex(/[^A-Za-z0-9]/, "validation.passwordSymbol");
  return schema;
}

/** US phone numbers: 10 digits (an optional leading 1), sent as +1 followed by the digits. */
export const phoneField = z
  .string({ required_error: "validation.phoneRequired" })
  .trim()
  .transform((value) => value.replace(/\D/g, ""))
  .refine(
    (digits) => digits.length === 10 || (digits.length === 11 && digits.startsWith("1")),
    "validation.phoneInvalid",
  )
  .transform((digits) => `+1${digits.slice(-10)}`);

const nameField = (key: string) =>
  z
    .string({ required_error: `validation.${key}Required` })
    .trim()
    .min(1, `validation.${key}Required`)
    .max(80, "validation.tooLong");

export const firstNameField = nameField("firstName");
export const lastNameField = nameField("lastName");

export const locationFields = {
  address: z
    .string({ required_error: "validation.addressRequired" })
    .trim()
    .min(1, "validation.addressRequired")
    .max(200, "validation.tooLong"),
  city: z
    .string({ required_error: "validation.cityRequired" })
    .trim()
    .min(1, "validation.cityRequired")
    .max(100, "validation.tooLong"),
  state: z.string().trim().max(100, "validation.tooLong").optional().default(""),
  zipcode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9][A-Z0-9 -]{0,14})?$/, "validation.zipcodeInvalid")
    .optional()
    .default(""),
  // The select always sends one; a form without it (an old page) means the US, as the API does.
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "validation.countryInvalid")
    .optional()
    .default("US"),
};

/**
 * The address at sign-up: optional, as no booking needs one (NOT_NEEDED_TO_BOOK in the contract);
 * once a street or a city is given, both are needed (what the API keeps as a location).
 */
const optionalAddressFields = {
  ...locationFields,
  address: z.string().trim().max(200, "validation.tooLong").optional(),
  city: z.string().trim().max(100, "validation.tooLong").optional(),
};

function requireStreetWithCity(value: { address?: string; city?: string }, ctx: z.RefinementCtx) {
  if (value.address && !value.city)
    ctx.addIssue({ code: "custom", path: ["city"], message: "validation.cityRequired" });
  if (value.city && !value.address)
    ctx.addIssue({ code: "custom", path: ["address"], message: "validation.addressRequired" });
}

export const SignInSchema = z.object({
  intent: z.literal("password"),
  email: emailField,
  password: z.string({ required_error: "validation.passwordRequired" }).min(1).max(4096),
});
export const EmailLinkSchema = z.object({ intent: z.literal("link"), email: emailField });
/** Ask for a password-reset email. */
export const ResetRequestSchema = z.object({ email: emailField });
/** An emailed sign-in link opened in another browser: the address typed again. */
export const ConfirmEmailSchema = z.object({ email: emailField, oobCode: z.string().min(1).max(2048) });

/** The waiver, signed with a name. */
export const WaiverSignSchema = z.object({
  signedName: z
    .string({ required_error: "validation.signedNameRequired" })
    .trim()
    .min(2, "validation.signedNameRequired")
    .max(120, "validation.tooLong"),
  agree: z.literal("on", { errorMap: () => ({ message: "validation.agreeRequired" }) }),
  textVersion: z.coerce.number().int().positive(),
});

export function signUpSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("signup"),
      email: emailField,
      firstName: firstNameField,
      lastName: lastNameField,
      phone: phoneField.optional(),
      ...optionalAddressFields,
      password: passwordField(policy),
    })
    .superRefine(requireStreetWithCity);
}

export function newPasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      password: passwordField(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ["confirmPassword"],
      message: "validation.passwordsDiffer",
    });
}
