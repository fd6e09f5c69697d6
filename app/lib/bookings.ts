/** A booking as the API returns it (docs/api.md). */
export type Booking = {
  id: string;
  status: "held" | "confirmed" | "cancelled" | "expired" | "refunded" | "failed";
  experienceId: string;
  experienceTitle: string;
  serviceId: string;
  serviceName: string;
  operatorName: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
  seats: number;
  totalMinor: number;
  currency: string;
  canCancel: boolean;
  cancellationCutoffHours?: number;
  refundMinor?: number | null;
};

export const BOOKING_FILTERS = ["upcoming", "past", "cancelled"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
