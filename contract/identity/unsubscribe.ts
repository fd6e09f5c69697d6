import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

export const unsubscribeParams = z.object({ token: z.string().max(300, said("unsubscribe.invalid")) });

/** GET and POST /v1/unsubscribe/{token} */
export type UnsubscribeView = z.infer<typeof out.unsubscribeView>;
