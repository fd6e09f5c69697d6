import { z } from "zod";
import { said } from "../fields";
import type * as out from "../outputs";

/** A card the guest kept for later bookings (never its number: brand, last 4, expiry). */
export type SavedCard = z.infer<typeof out.savedCard>;

/** What a provider tells about the card that paid (never its number). */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's reference to charge it again (sandbox: its own; Stripe: the PaymentMethod id). */
  providerRef: string;
  /** Stripe: the Customer it is attached to. */
  providerCustomer?: string | null;
}

export const cardParams = z.object({
  id: z.string().regex(/^pm_[A-Za-z0-9_-]{8,64}$/, said("cardId.invalid")),
});
