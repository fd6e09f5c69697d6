import { z } from "zod";

/** A card the guest kept for later bookings (never its number: brand, last 4, expiry). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  /** Past its expiry month: listed, but not offered at checkout. */
  expired: boolean;
  createdAt: string;
}

export const cardParams = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_-]{8,64}$/, "Not a valid card id."),
});
