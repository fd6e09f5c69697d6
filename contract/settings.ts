import { z } from "zod";
import { emailAddress } from "./auth";
import { phoneNumber } from "./users";
import type * as out from "./outputs";

/** Account settings (spec section 7): personal info, and phone and email changes in two steps. */

const personName = (label: string) =>
  z
    .string({ required_error: `Enter ${label}.`, invalid_type_error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(80, "Use at most 80 characters.");

/** PUT /v1/user/settings/name */
export const nameBody = z.object({ firstName: personName("a first name"), lastName: personName("a last name") });

/** PUT /v1/user/settings/phone: the new number gets a code by SMS. */
export const phoneBody = z.object({ phone: phoneNumber });

/** PUT /v1/user/settings/email: the new address gets a code by email. */
export const emailBody = z.object({ email: emailAddress });

/** PUT /v1/user/settings/phone/confirm and …/email/confirm */
export const codeBody = z.object({
  code: z
    .string({ required_error: "Enter the 6-digit code.", invalid_type_error: "Enter the 6-digit code." })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code."),
});

/** Codes: 6 digits, valid this long, this many wrong tries before the change is cancelled. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

/** Answer of GET /v1/user/settings/personal-info. */
export type PersonalInfo = z.infer<typeof out.personalInfo>;
