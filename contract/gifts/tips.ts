import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** A tip link's access key: 32 URL-safe characters (192 random bits). */
export const TIP_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const tipKeyParams = z.object({ accessKey: z.string() });

export const tipBody = z
  .object({
    /** In minor units (cents). */
    amount: z
      .number({ required_error: said("amount.required"), invalid_type_error: said("tip.cents") })
      .int(said("tip.wholeCents"))
      .positive(said("tip.positive")),
  })
  .strict();
export type TipBody = z.output<typeof tipBody>;

export type TipPreset = z.infer<typeof out.tipPreset>;

export type TipView = z.infer<typeof out.tipView>;

/** GET /v1/gratuity/{accessKey} */
export type TipPage = z.infer<typeof out.tipPage>;

/** POST /v1/gratuity/{accessKey}: where to pay. */
export type TipStarted = z.infer<typeof out.tipStarted>;

/** GET /v1/user/tips: the guest's paid tips, newest first. */
export type TipListItem = z.infer<typeof out.tipList>[number];
