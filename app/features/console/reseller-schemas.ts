import { z } from "zod";
import { catalogId, emailAddress, requiredLine, typedPercent } from "~contract/fields";
import { RESELLER_NAME_MAX } from "~contract/operator/reseller-rules";
import { SELLS } from "./resellers/sells";

/**
 * The Resellers page's forms (issue 47, item 3): add a reseller, make an API key for one, revoke a
 * key. The name's and the email's rules are the contract's; the commission is typed as a percentage
 * (the API takes basis points), and what it may sell is every experience or the ones ticked.
 */
export const AddResellerSchema = z
  .object({
    intent: z.literal("add"),
    name: requiredLine("name.required", RESELLER_NAME_MAX),
    contactEmail: emailAddress,
    commission: typedPercent("resellers.commissionInvalid"),
    sells: z.enum(SELLS, { errorMap: () => ({ message: "resellers.sellsRequired" }) }),
    experienceIds: z.array(catalogId).max(500, "resellers.tooManyExperiences").optional(),
  })
  .superRefine((form, ctx) => {
    if (form.sells === "chosen" && !form.experienceIds?.length)
      ctx.addIssue({ code: "custom", path: ["experienceIds"], message: "resellers.chooseExperiences" });
  });

const resellerId = catalogId;
export const CreateKeySchema = z.object({ intent: z.literal("createKey"), resellerId });
export const RevokeKeySchema = z.object({ intent: z.literal("revokeKey"), resellerId, keyId: catalogId });

export const RESELLER_SCHEMAS = { add: AddResellerSchema, createKey: CreateKeySchema, revokeKey: RevokeKeySchema };
