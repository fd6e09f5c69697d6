import { z } from "zod";
import {
  emailAddress,
  firstName,
  lastName,
  locationFields,
  typedPhoneNumber,
  verificationCode,
} from "~contract/fields";

/** The personal-info page's forms: one schema each, shared by the form and the action. */
export const NameSchema = z.object({ intent: z.literal("name"), firstName, lastName });
export const PhoneSchema = z.object({ intent: z.literal("phone"), phone: typedPhoneNumber });
export const EmailSchema = z.object({ intent: z.literal("email"), email: emailAddress });
export const LocationSchema = z.object({ intent: z.literal("location"), ...locationFields });

export const PhoneCodeSchema = z.object({ intent: z.literal("phone-confirm"), code: verificationCode });
export const EmailCodeSchema = z.object({ intent: z.literal("email-confirm"), code: verificationCode });
/** "Send the code again": the pending number or address comes back with the form. */
export const PhoneResendSchema = z.object({ intent: z.literal("phone-resend"), phone: typedPhoneNumber });
export const EmailResendSchema = z.object({ intent: z.literal("email-resend"), email: emailAddress });

export const PERSONAL_INFO_SCHEMAS = {
  name: NameSchema,
  phone: PhoneSchema,
  "phone-confirm": PhoneCodeSchema,
  "phone-resend": PhoneResendSchema,
  email: EmailSchema,
  "email-confirm": EmailCodeSchema,
  "email-resend": EmailResendSchema,
  location: LocationSchema,
} as const;

export type PersonalInfoIntent = keyof typeof PERSONAL_INFO_SCHEMAS;
