import { z } from "zod";
import { emailAddress } from "~contract/fields";
import { OPERATOR_ROLES } from "~contract/statuses";
import { idempotencyKey } from "./form-key";

const role = z.enum(OPERATOR_ROLES, { errorMap: () => ({ message: "console.roleRequired" }) });
const userId = z.string().min(1).max(128);

/** The Team page's forms: one schema each, shared by the form and the action. */
export const InviteSchema = z.object({ intent: z.literal("invite"), email: emailAddress, role, idempotencyKey });
export const RoleSchema = z.object({ intent: z.literal("role"), userId, role });
export const RemoveSchema = z.object({ intent: z.literal("remove"), userId });
const invitationId = z.string().uuid();
export const ResendSchema = z.object({ intent: z.literal("resend"), invitationId });
export const CancelInvitationSchema = z.object({ intent: z.literal("cancelInvitation"), invitationId });

/** The owner's desk setting: guides may take bookings (a checkbox: "on", or absent). */
export const BookingSettingsSchema = z.object({
  intent: z.literal("bookingSettings"),
  guidesMayBook: z.literal("on").optional(),
});

/** The owner's "Require two-step sign-in" (a checkbox: "on", or absent for off). */
export const RequireTwoStepSchema = z.object({
  intent: z.literal("requireTwoStep"),
  required: z.literal("on").optional(),
});

/** Removes a member's second factors and recovery codes (they enrol again); asked first. */
export const ResetTwoStepSchema = z.object({ intent: z.literal("resetTwoStep"), userId });

export const TEAM_SCHEMAS = {
  invite: InviteSchema,
  role: RoleSchema,
  remove: RemoveSchema,
  resend: ResendSchema,
  cancelInvitation: CancelInvitationSchema,
  bookingSettings: BookingSettingsSchema,
  requireTwoStep: RequireTwoStepSchema,
  resetTwoStep: ResetTwoStepSchema,
} as const;
export type TeamIntent = keyof typeof TEAM_SCHEMAS;

/** The invitation page's one button. */
export const AcceptSchema = z.object({ intent: z.literal("accept") });
