import { z } from "zod";
import { adminReason, operatorParams } from "~contract/platform/applications";

/**
 * The platform admins' forms (issue 44), one schema each, shared by the form and the action; the
 * reason's rule is the contract's (`adminReason`).
 */
export const ApproveSchema = z.object({ intent: z.literal("approve") });
export const RejectSchema = z.object({ intent: z.literal("reject"), reason: adminReason });

export const APPLICATION_SCHEMAS = { approve: ApproveSchema, reject: RejectSchema };

const accountId = operatorParams.shape.accountId;
export const SuspendSchema = z.object({ intent: z.literal("suspend"), accountId, reason: adminReason });
export const ReinstateSchema = z.object({ intent: z.literal("reinstate"), accountId });

export const OPERATOR_SCHEMAS = { suspend: SuspendSchema, reinstate: ReinstateSchema };
