import { z } from "zod";
import { emailAddress, firstName, lastName, phoneNumber, verificationCode } from "../fields";
import type * as out from "../outputs";

/** Account settings (spec section 7): personal info, and phone and email changes in two steps. */

/** PUT /v1/user/settings/name */
export const nameBody = z.object({ firstName, lastName });

/** PUT /v1/user/settings/phone: the new number gets a code by SMS. */
export const phoneBody = z.object({ phone: phoneNumber });

/** PUT /v1/user/settings/email: the new address gets a code by email. */
export const emailBody = z.object({ email: emailAddress });

/** PUT /v1/user/settings/phone/confirm and …/email/confirm */
export const codeBody = z.object({ code: verificationCode });

/** Codes: 6 digits, valid this long, this many wrong tries before the change is cancelled. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

/** Answer of GET /v1/user/settings/personal-info. */
export type PersonalInfo = z.infer<typeof out.personalInfo>;
