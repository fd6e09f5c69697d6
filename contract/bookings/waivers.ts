import { z } from "zod";
import type * as out from "../outputs";
import { signedName, said } from "../fields";

export const signWaiverBody = z.object({
  signedName,
  agree: z.literal(true, { errorMap: () => ({ message: said("waiver.agree") }) }),
  textVersion: z
    .number({ required_error: said("waiverVersion.required"), invalid_type_error: said("number.whole") })
    .int(said("number.whole"))
    .positive(said("number.whole")),
});
export type SignWaiverBody = z.output<typeof signWaiverBody>;

/** The waiver that applies in the current scope. */
export interface CurrentWaiver {
  /** null: the platform waiver. */
  accountId: string | null;
  accountName: string;
  textVersion: number;
  text: string;
}

/** Answer of GET /v1/user/waiver. */
export type WaiverView = z.infer<typeof out.waiver>;

/** The web app's waiver page (relative: the storefront's host carries the operator). */
export const WAIVER_PAGE = "/waiver";

/** Answer of GET /v1/user/waiver/link: where the web app shows the waiver to sign. */
export const waiverLink = z.object({ waiverUrl: z.string() });
