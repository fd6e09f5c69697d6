import { z } from "zod";
import { said, typedPercent } from "~contract/fields";
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

/**
 * An operator's commission as an admin types it: a percentage with at most two decimals ("15",
 * "12.5"), 0 to 100; empty for the platform's default. The API takes basis points (commissionBps).
 */
export const CommissionSchema = z.object({
  intent: z.literal("commission"),
  percent: typedPercent(said("commission.invalid")).optional(),
});

export const OPERATOR_MONEY_SCHEMAS = { commission: CommissionSchema };
