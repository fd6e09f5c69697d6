import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** A card the guest kept for later bookings (never its number: brand, last 4, expiry). */
export type SavedCard = z.infer<typeof out.savedCard>;

export const cardParams = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_-]{8,64}$/, said("cardId.invalid")),
});
