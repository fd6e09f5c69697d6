/** Statuses and stored shapes that both the API and its clients read. */
import type { z } from "zod";
import type * as out from "./outputs";

export interface OutboxAttachment {
  name: string;
  contentType: string;
  /** Base64. */
  content: string;
}

export const OUTBOX_CHANNELS = ["email", "sms"] as const;
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "kept"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const BOOKING_STATUSES = ["held", "confirmed", "cancelled", "expired", "refunded", "failed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "refunded", "not_required"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One ticket line of a booking, priced when the booking was made. */
export type BookingTicket = z.infer<typeof out.bookingTicket>;
