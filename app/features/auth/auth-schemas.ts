import { z } from "zod";
import {
  currentPassword,
  emailAddress,
  firstName,
  lastName,
  locationFields,
  newPassword,
  typedPhoneNumber,
  signedName,
  type FieldMessageCode,
  type PasswordPolicy,
} from "~contract/fields";

/**
 * Form schemas shared by the sign-in forms (conform, in the browser) and their actions. The fields'
 * rules are the contract's (their codes become locale keys in parseWithZod); the forms' own
 * messages are locale keys, translated where they are shown.
 */

/**
 * The address at sign-up: optional, as no booking needs one (NOT_NEEDED_TO_BOOK in the contract);
 * once a street or a city is given, both are needed (what the API keeps as a location).
 */
const optionalAddressFields = {
  ...locationFields,
  address: locationFields.address.optional(),
  city: locationFields.city.optional(),
};

function requireStreetWithCity(value: { address?: string; city?: string }, ctx: z.RefinementCtx) {
  const missing = (field: "address" | "city", message: FieldMessageCode) =>
    ctx.addIssue({ code: "custom", path: [field], message });
  if (value.address && !value.city) missing("city", "city.required");
  if (value.city && !value.address) missing("address", "address.required");
}

export const SignInSchema = z.object({ intent: z.literal("password"), email: emailAddress, password: currentPassword });
export const EmailLinkSchema = z.object({ intent: z.literal("link"), email: emailAddress });
/** Ask for a password-reset email. */
export const ResetRequestSchema = z.object({ email: emailAddress });
/** An emailed sign-in link opened in another browser: the address typed again. */
export const ConfirmEmailSchema = z.object({ email: emailAddress, oobCode: z.string().min(1).max(2048) });

/** The waiver, signed with a name. */
export const WaiverSignSchema = z.object({
  signedName,
  agree: z.literal("on", { errorMap: () => ({ message: "validation.agreeRequired" }) }),
  textVersion: z.coerce.number().int().positive(),
});

export function signUpSchema(policy: PasswordPolicy) {
  return z
    .object({
      intent: z.literal("signup"),
      email: emailAddress,
      firstName,
      lastName,
      phone: typedPhoneNumber.optional(),
      ...optionalAddressFields,
      password: newPassword(policy),
    })
    .superRefine(requireStreetWithCity);
}

export function newPasswordSchema(policy: PasswordPolicy) {
  return z
    .object({
      password: newPassword(policy),
      confirmPassword: z.string({ required_error: "validation.confirmRequired" }),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ["confirmPassword"],
      message: "validation.passwordsDiffer",
    });
}
