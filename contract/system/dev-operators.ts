import { z } from "zod";
import { accountSlug } from "../catalog/accounts";
import { said } from "../fields";

/**
 * The development door to an operator's standing (issue 44), outside production only: what the
 * platform admin's suspend and reinstate do, for the end-to-end tests and a local look at a
 * suspended storefront. Production suspends through the admin console alone.
 */
export const devOperatorStatusParams = z.object({ slug: accountSlug });

export const devOperatorStatusBody = z.discriminatedUnion("status", [
  z.object({ status: z.literal("active") }),
  z.object({
    status: z.literal("suspended"),
    reason: z.string().trim().min(1, said("reason.required")).max(500, said("reason.tooLong")),
  }),
]);

export const devOperatorStatus = z.object({ slug: z.string(), status: z.enum(["active", "suspended"]) });
