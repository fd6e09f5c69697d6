import { z } from "~/platform/form.server";

/** The gift card code form (/gift-cards): any text up to 64 characters; the API judges it. */
export const CodeForm = z.object({ code: z.string({ required_error: "giftCards.codeRequired" }).trim().max(64) });
