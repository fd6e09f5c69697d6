import { z } from "zod";

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

/** The password policy the server announces (GET /v1/auth/password-policy). */
export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: true,
  requireNonAlphanumeric: false,
};

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

export function toDisplayPhone(phone: string | null | undefined): string {
  return (phone ?? "").replace(/^\+1/, "");
}

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
  state: z
    .string({ required_error: "validation.stateRequired" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "validation.stateInvalid"),
  zipcode: z
    .string()
    .trim()
    .regex(/^(\d{5}(-\d{4})?)?$/, "validation.zipcodeInvalid")
    .optional()
    .default(""),
};

export const SignInSchema = z.object({
  intent: z.literal("password"),
  email: emailField,
  password: z.string({ required_error: "validation.passwordRequired" }).min(1).max(4096),
});
export const EmailLinkSchema = z.object({ intent: z.literal("link"), email: emailField });

export function signUpSchema(policy: PasswordPolicy) {
  return z.object({
    intent: z.literal("signup"),
    email: emailField,
    firstName: firstNameField,
    lastName: lastNameField,
    phone: phoneField,
    ...locationFields,
    password: passwordField(policy),
  });
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

/** An address that is an emailed sign-in link (spec section 2). */
export function isEmailSignInLink(query: URLSearchParams): boolean {
  return query.get("mode") === "signIn" && Boolean(query.get("oobCode"));
}
