import { z } from "zod";
import { emailAddress, said } from "../fields";
import type * as out from "../outputs";
import { pageParam } from "../query";

import { OPERATOR_ROLES, type OperatorRole } from "../statuses";

export { OPERATOR_ROLES, type OperatorRole };

const role = z.enum(OPERATOR_ROLES, {
  errorMap: () => ({ message: said("role.invalid") }),
});

/** POST /v1/operator/invitations: who to invite, with which role. */
export const inviteMemberBody = z.object({ email: emailAddress, role });

/** PATCH /v1/operator/members/{userId} */
export const updateMemberBody = z.object({ role });

export const memberParams = z.object({ userId: z.string().min(1).max(128) });

/** An invitation's id (a UUID) in the console's paths. */
export const invitationParams = z.object({ invitationId: z.string().uuid() });

/** The invitation link's token: 43 characters of base64url (32 random bytes). */
export const invitationTokenParams = z.object({ token: z.string().min(1).max(128) });

export const auditLogQuery = z.object({ page: pageParam });

/** Invitations are valid this long. */
export const INVITATION_DAYS = 7;
/** An invitation not accepted stays listed (and can be sent again) this long after it expired; then it is purged. */
export const EXPIRED_INVITATION_DAYS = 30;

export type OperatorMe = z.infer<typeof out.operatorMe>;
export type OperatorMember = z.infer<typeof out.operatorMember>;
export type OperatorTeam = z.infer<typeof out.operatorTeam>;
export type OperatorInvitation = z.infer<typeof out.operatorInvitation>;
export type AuditEntry = z.infer<typeof out.auditEntry>;
export type AuditLogPage = z.infer<typeof out.auditLogPage>;
