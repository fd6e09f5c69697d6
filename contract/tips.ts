import { z } from "zod";

/** A tip link's access key: 32 URL-safe characters (192 random bits). */
export const TIP_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const tipKeyParams = z.object({ accessKey: z.string() });

export const tipBody = z
  .object({
    /** In minor units (cents). */
    amount: z
      .number({ required_error: "Choose an amount.", invalid_type_error: "An amount in cents." })
      .int("Whole cents.")
      .positive("More than zero."),
  })
  .strict();
export type TipBody = z.output<typeof tipBody>;

export interface TipPreset {
  /** 15, 18, 20 (% of the booking), or null for a fixed amount (free bookings). */
  percent: number | null;
  amountMinor: number;
}

export interface TipView {
  amountMinor: number;
  currency: string;
  status: "pending" | "paid";
  paidAt: string | null;
  card: { brand: string; last4: string } | null;
}

/** GET /v1/gratuity/{accessKey} */
export interface TipPage {
  booking: {
    /** The booking's reference as travellers know it (WF-XXXX-XXXX), never its id. */
    reference: string;
    experienceTitle: string;
    serviceName: string;
    operatorName: string;
    startsAt: string;
    timezone: string;
    /** The guide's name, when the operator gives one. */
    guide: string | null;
  };
  currency: string;
  presets: TipPreset[];
  minMinor: number;
  maxMinor: number;
  /** The tip given (or being paid), if any. */
  tip: TipView | null;
}

/** POST /v1/gratuity/{accessKey}: where to pay. */
export interface TipStarted {
  checkoutUrl: string;
}

/** GET /v1/user/tips: the guest's paid tips, newest first. */
export interface TipListItem {
  id: string;
  bookingId: string;
  /** The booking's reference as travellers know it (WF-XXXX-XXXX). */
  reference: string;
  experienceTitle: string;
  amountMinor: number;
  currency: string;
  paidAt: string;
  card: { brand: string; last4: string } | null;
}
